package journal

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/gitpath"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// Items of the record in the journal: each NUL-ended, after the folders,
// starting with "/" (which no folder of the journal does).
const (
	ItemFile    = "/f " // wtBefore wtAfter idxBefore idxAfter path
	ItemRef     = "/r " // ref id: the move that is the point of no return
	ItemNoStage = "/n"  // the batch leaves the index alone
	// ItemEnd ends a record, followed by a space and the checksum of the
	// record's items before it (see End): one without it (torn by a
	// kill) is not read, nor what follows it (an older, longer journal's
	// rest).
	ItemEnd = "/e"
)

// End is the end item of a record whose items before it are items (each
// NUL-ended): ItemEnd, a space and their CRC-32C, 8 hex digits. A write
// of the journal cut by a kill (a write of more than a page can stop at
// a page's end) or a power cut leaves the new record's first items
// before an older record's last items and end: the checksum makes that
// mixture unread, as damage is, where it would have been read as one
// record, rolling back files of the older batch, which completed.
func End(items string) string {
	return ItemEnd + " " + fmt.Sprintf("%08x", crc32.Checksum([]byte(items), castagnoli))
}

// castagnoli is the CRC-32C table (End).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Record is a batch's rollback record.
type Record struct {
	Entries []Entry
	NoStage bool
	Ref     string
	RefID   plumbing.Hash
	// Side is the side file's path (see OldBytesPath).
	Side string
}

// Side is a path's working-tree state in a rollback record: absent, or
// a file (its permission bits) or a symbolic link, and the blob id of
// its exact bytes (a link's target); an old state's bytes are at off, n
// long, in the side file when kept there (inSide), else in the blob.
type Side struct {
	Exists, Link bool
	Perm         os.FileMode
	ID           plumbing.Hash
	InSide       bool
	Off, N       int64
}

// IndexSide is a path's index entry in a rollback record (stage 0).
type IndexSide struct {
	Exists bool
	Mode   uint32
	ID     plumbing.Hash
}

// Entry is one changed path of a rollback record.
type Entry struct {
	Rel                 string
	WTBefore, WTAfter   Side
	IdxBefore, IdxAfter IndexSide
}

// Encode is the entry's journal item.
func (e Entry) Encode() string {
	return ItemFile + e.WTBefore.encode() + " " + e.WTAfter.encode() + " " +
		e.IdxBefore.encode(e.WTBefore.ID) + " " + e.IdxAfter.encode(e.WTAfter.ID) + " " + e.Rel + "\x00"
}

// encode is "-" for absent, else "l" (link) or "f" and the octal
// permissions, a comma, and the id, then, for bytes kept in the side
// file, "@" and their offset and length, decimal, joined by "+".
func (s Side) encode() string {
	if !s.Exists {
		return "-"
	}
	kind := "f"
	if s.Link {
		kind = "l"
	}
	text := kind + strconv.FormatUint(uint64(s.Perm), 8) + "," + s.ID.String()
	if s.InSide {
		text += "@" + strconv.FormatInt(s.Off, 10) + "+" + strconv.FormatInt(s.N, 10)
	}
	return text
}

// encode is "-" for absent, else the octal mode, a comma, and the id
// ("=" when it is same, the working-tree side's).
func (s IndexSide) encode(same plumbing.Hash) string {
	if !s.Exists {
		return "-"
	}
	id := s.ID.String()
	if s.ID == same {
		id = "="
	}
	return strconv.FormatUint(uint64(s.Mode), 8) + "," + id
}

// ParseRecord reads the rollback record of a journal's items (false:
// none, or one this version cannot read, which is then ignored as an
// older journal would be).
func ParseRecord(items []string) (*Record, bool) {
	rec := &Record{}
	var read strings.Builder
	for _, it := range items {
		switch {
		case strings.HasPrefix(it, ItemEnd):
			return rec, len(rec.Entries) > 0 && it == End(read.String())
		case it == ItemNoStage:
			rec.NoStage = true
		case strings.HasPrefix(it, ItemRef):
			ref, id, ok := strings.Cut(strings.TrimPrefix(it, ItemRef), " ")
			if !ok || !plumbing.IsHash(id) {
				return nil, false
			}
			rec.Ref, rec.RefID = ref, plumbing.NewHash(id)
		case strings.HasPrefix(it, ItemFile):
			e, ok := parseEntry(strings.TrimPrefix(it, ItemFile))
			if !ok {
				return nil, false
			}
			rec.Entries = append(rec.Entries, e)
		}
		read.WriteString(it + "\x00")
	}
	return nil, false // not ended
}

// parseEntry reads a file item (without its prefix).
func parseEntry(s string) (Entry, bool) {
	f := strings.SplitN(s, " ", 5)
	if len(f) != 5 || f[4] == "" {
		return Entry{}, false
	}
	e := Entry{Rel: f[4]}
	var ok [4]bool
	e.WTBefore, ok[0] = parseWT(f[0])
	e.WTAfter, ok[1] = parseWT(f[1])
	e.IdxBefore, ok[2] = parseIdx(f[2], e.WTBefore.ID)
	e.IdxAfter, ok[3] = parseIdx(f[3], e.WTAfter.ID)
	return e, ok == [4]bool{true, true, true, true} && e.verified()
}

// verified reports whether e's path is one a batch can write: below the
// working tree (see isJournalDir) and a path git's verify_path takes for
// its kinds (so never in .git, in any spelling). A damaged or forged
// journal naming another (".git/config", ".git/hooks/pre-commit") is not
// read, so a rollback never removes or rewrites what no batch wrote.
func (e Entry) verified() bool {
	mode := uint32(gitpath.ModeRegular)
	if e.WTBefore.Link || e.WTAfter.Link {
		mode = gitpath.ModeSymlink
	}
	return isJournalDir(e.Rel) && gitpath.Verify(e.Rel, gitpath.ModeRegular) == nil && gitpath.Verify(e.Rel, mode) == nil
}

// parseWT reads a working-tree side.
func parseWT(s string) (Side, bool) {
	if s == "-" {
		return Side{}, true
	}
	perm, id, ok := strings.Cut(s, ",")
	id, at, inSide := strings.Cut(id, "@")
	if !ok || len(perm) < 2 || (perm[0] != 'f' && perm[0] != 'l') || !plumbing.IsHash(id) {
		return Side{}, false
	}
	p, err := strconv.ParseUint(perm[1:], 8, 32)
	side := Side{Exists: true, Link: perm[0] == 'l', Perm: os.FileMode(p).Perm(), ID: plumbing.NewHash(id), InSide: inSide}
	if inSide {
		off, n, ok2 := strings.Cut(at, "+")
		var err1, err2 error
		side.Off, err1 = strconv.ParseInt(off, 10, 64)
		side.N, err2 = strconv.ParseInt(n, 10, 64)
		ok = ok2 && err1 == nil && err2 == nil && side.Off >= 0 && side.N >= 0
	}
	return side, err == nil && ok
}

// parseIdx reads an index side ("=": the id same).
func parseIdx(s string, same plumbing.Hash) (IndexSide, bool) {
	if s == "-" {
		return IndexSide{}, true
	}
	mode, id, ok := strings.Cut(s, ",")
	m, err := strconv.ParseUint(mode, 8, 32)
	if !ok || err != nil {
		return IndexSide{}, false
	}
	side := IndexSide{Exists: true, Mode: uint32(m), ID: same}
	if id != "=" {
		if !plumbing.IsHash(id) {
			return IndexSide{}, false
		}
		side.ID = plumbing.NewHash(id)
	}
	return side, true
}

// Matches reports whether the index entry e (nil: none) is s.
func (s IndexSide) Matches(e *index.Entry) bool {
	if e == nil {
		return !s.Exists
	}
	return s.Exists && e.Hash == s.ID && e.Mode == s.Mode
}

// Matches reports whether the working tree's current state cur is s.
func (s Side) Matches(cur Side) bool {
	if !s.Exists || !cur.Exists {
		return s.Exists == cur.Exists
	}
	return s.Link == cur.Link && s.ID == cur.ID && (s.Link || s.Perm&0o100 == cur.Perm&0o100)
}

// State returns what the working tree holds at e's path (abs; lstat
// stats it by its slash path): a folder, or nothing, is absent.
func (e Entry) State(abs string, lstat func(string) (os.FileInfo, error)) (Side, error) {
	fi, err := lstat(e.Rel)
	if err != nil {
		if os.IsNotExist(err) || isNotDir(err) {
			return Side{}, nil
		}
		return Side{}, err
	}
	switch {
	case fi.Mode()&os.ModeSymlink != 0:
		target, err := os.Readlink(abs)
		return Side{Exists: true, Link: true, Perm: 0o777, ID: objects.HashBlob([]byte(target))}, err
	case fi.Mode().IsRegular():
		data, err := readRegular(abs, fi.Size())
		return Side{Exists: true, Perm: fi.Mode().Perm(), ID: objects.HashBlob(data)}, err
	}
	return Side{}, nil
}

// readRegular reads a regular file's bytes (a variable for tests).
var readRegular = wtfs.ReadRegular

// isNotDir reports whether err says a folder on the path is a file.
func isNotDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }

// Read reads the journal at path, never through a symbolic link
// (nothing when it does not exist).
func Read(path string) ([]byte, error) {
	f, err := wtfs.OpenFile(path, os.O_RDONLY|wtfs.NoFollow, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAt(f)
}

// Items are the journal items of a rollback record (those starting
// with "/"), in order.
func Items(data []byte) []string {
	_, rest, ok := strings.Cut(string(data), "\n")
	if !ok {
		return nil
	}
	var out []string
	for _, it := range strings.Split(strings.TrimSuffix(rest, "\x00"), "\x00") {
		if strings.HasPrefix(it, "/") {
			out = append(out, it)
		}
	}
	return out
}

// OldBytes reads the bytes of the old state s: from the side file at
// side (checked against s's blob id), or its blob.
func OldBytes(db *objects.DB, side string, s Side) ([]byte, error) {
	if !s.InSide {
		return db.Read(plumbing.BlobObject, s.ID)
	}
	f, err := wtfs.OpenFile(side, os.O_RDONLY|wtfs.NoFollow, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || s.Off+s.N > fi.Size() || s.Off+s.N < 0 {
		return nil, fmt.Errorf("%s: the old bytes kept are missing", side)
	}
	content := make([]byte, s.N)
	if _, err := f.ReadAt(content, s.Off); err != nil && !(errors.Is(err, io.EOF) && s.N == 0) {
		return nil, err
	}
	if objects.HashBlob(content) != s.ID {
		return nil, fmt.Errorf("%s: the old bytes kept are not the ones recorded", side)
	}
	return content, nil
}
