package objects

import (
	"bytes"
	"fmt"
	"strconv"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// Signature is an author or committer line read back: name, email and
// the date in the line's own time zone.
type Signature struct {
	Name, Email string
	When        time.Time
}

// ParseSignature reads "Name <email> 1700000000 +0100" as git's
// split_ident_line does: the email is between the first "<" and the next
// ">", the name before it without trailing spaces. A missing or bad date
// is the zero time; a bad zone reads as UTC.
func ParseSignature(b []byte) Signature {
	open := bytes.IndexByte(b, '<')
	if open < 0 {
		return Signature{}
	}
	end := bytes.IndexByte(b[open:], '>')
	if end < 0 {
		return Signature{}
	}
	end += open
	s := Signature{Name: string(bytes.TrimRight(b[:open], " \t")), Email: string(b[open+1 : end])}
	s.When = parseWhen(bytes.TrimLeft(b[end+1:], " "))
	return s
}

// parseWhen reads "1700000000 +0100" (seconds since the epoch and zone).
func parseWhen(b []byte) time.Time {
	stamp, zone, _ := bytes.Cut(b, []byte(" "))
	secs, err := strconv.ParseInt(string(stamp), 10, 64)
	if err != nil {
		return time.Time{}
	}
	when := time.Unix(secs, 0).In(time.UTC)
	if len(zone) < 5 {
		return when
	}
	hours, err1 := strconv.ParseInt(string(zone[:3]), 10, 64)
	mins, err2 := strconv.ParseInt(string(zone[3:5]), 10, 64)
	if err1 != nil || err2 != nil {
		return when
	}
	if hours < 0 || zone[0] == '-' {
		mins = -mins
	}
	return when.In(time.FixedZone("", int(hours*3600+mins*60)))
}

// CommitInfo is a commit object read back: the fields history needs.
type CommitInfo struct {
	Hash, Tree        plumbing.Hash
	Parents           []plumbing.Hash
	Author, Committer Signature
	// Message is everything after the headers' blank line, verbatim.
	Message string
}

// ReadCommit reads and parses commit id from db.
func ReadCommit(db *DB, id plumbing.Hash) (*CommitInfo, error) {
	data, err := db.Read(plumbing.CommitObject, id)
	if err != nil {
		return nil, err
	}
	return ParseCommit(id, data)
}

// ParseCommit parses the content of commit id as git's
// parse_commit_buffer does: the tree line first, then the parent lines,
// the author and committer lines where git expects them (elsewhere they
// are ignored), other headers (encoding, gpgsig, mergetag...) skipped, and
// the message after the first blank line.
func ParseCommit(id plumbing.Hash, data []byte) (*CommitInfo, error) {
	c := &CommitInfo{Hash: id}
	line, rest := nextLine(data)
	hex, ok := bytes.CutPrefix(line, []byte("tree "))
	if !ok || !plumbing.IsHash(string(hex)) {
		return nil, fmt.Errorf("read commit %s: no tree line", id)
	}
	c.Tree = plumbing.NewHash(string(hex))
	line, rest = nextLine(rest)
	for hex, ok := bytes.CutPrefix(line, []byte("parent ")); ok; hex, ok = bytes.CutPrefix(line, []byte("parent ")) {
		if !plumbing.IsHash(string(hex)) {
			return nil, fmt.Errorf("read commit %s: bad parent %q", id, hex)
		}
		c.Parents = append(c.Parents, plumbing.NewHash(string(hex)))
		line, rest = nextLine(rest)
	}
	if v, ok := bytes.CutPrefix(line, []byte("author ")); ok {
		c.Author = ParseSignature(v)
		line, rest = nextLine(rest)
	}
	if v, ok := bytes.CutPrefix(line, []byte("committer ")); ok {
		c.Committer = ParseSignature(v)
	}
	if i := bytes.Index(data, []byte("\n\n")); i >= 0 {
		c.Message = string(data[i+2:])
	}
	return c, nil
}

// nextLine splits data after its first line (without the LF).
func nextLine(data []byte) (line, rest []byte) {
	line, rest, _ = bytes.Cut(data, []byte("\n"))
	return line, rest
}

// TagTarget returns the object an annotated tag points at, and false when
// id is not a readable tag.
func TagTarget(db *DB, id plumbing.Hash) (plumbing.Hash, bool) {
	data, err := db.Read(plumbing.TagObject, id)
	if err != nil {
		return plumbing.ZeroHash, false
	}
	line, _ := nextLine(data)
	hex, ok := bytes.CutPrefix(line, []byte("object "))
	if !ok || !plumbing.IsHash(string(hex)) {
		return plumbing.ZeroHash, false
	}
	return plumbing.NewHash(string(hex)), true
}

// Entries returns the entries of tree h (none for zero) in tree order,
// with their modes read as numbers; names are as stored, unchecked.
func (t *Trees) Entries(h plumbing.Hash) ([]TreeEntry, error) {
	r, err := t.read(h)
	if err != nil {
		return nil, err
	}
	out := make([]TreeEntry, r.len())
	for i := range out {
		if out[i], err = r.treeEntry(h, i); err != nil {
			return nil, err
		}
	}
	return out, nil
}
