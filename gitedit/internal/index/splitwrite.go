package index

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// SplitPolicy is git's configuration of the split index, which every
// index write of git follows (read-cache.c tweak_split_index and
// write_locked_index).
type SplitPolicy struct {
	// Split is core.splitIndex: 1 true, 0 false, -1 unset (or not a
	// boolean, which git ignores too).
	Split int
	// MaxPercentChange is splitIndex.maxPercentChange, from 0 to 100, or
	// -1 for git's default (20).
	MaxPercentChange int
}

// defaultMaxPercentChange is git's default_max_percent_split_change.
const defaultMaxPercentChange = 20

// PrepareSplit brings the index in line with the policy before it is
// written, as git does when it writes an index: with core.splitIndex=false
// a split index is written whole again (git's remove_split_index); it
// reports true when a new shared index must be written first
// (WriteShared): core.splitIndex=true and the index not split yet (git's
// add_split_index), or a split index whose entries not in its shared
// index are more than splitIndex.maxPercentChange percent of all of them
// (git's too_many_not_shared_entries). A sparse index is never split
// (git refuses to run with both).
func (ix *Index) PrepareSplit(p SplitPolicy) bool {
	switch {
	case p.Split == 0 && ix.split != nil:
		ix.unsplit()
		return false
	case ix.split == nil:
		return p.Split == 1 && !ix.Sparse()
	}
	return ix.tooManyNotShared(p.MaxPercentChange)
}

// unsplit makes a split index one that is written whole.
func (ix *Index) unsplit() {
	ix.split, ix.pos = nil, nil
	for i, x := range ix.exts {
		if x.sig == "link" {
			ix.exts = append(ix.exts[:i:i], ix.exts[i+1:]...)
			break
		}
	}
}

// tooManyNotShared is git's too_many_not_shared_entries: entries added
// since the shared index was written (not replacements of its entries)
// against the percentage allowed.
func (ix *Index) tooManyNotShared(maxPercent int) bool {
	switch {
	case maxPercent < 0 || maxPercent > 100:
		maxPercent = defaultMaxPercentChange
	case maxPercent == 0:
		return true
	case maxPercent == 100:
		return false
	}
	notShared := 0
	for _, e := range ix.ents { // an entry not decoded is a shared one
		if e != nil && e.base == 0 {
			notShared++
		}
	}
	return int64(ix.Len())*int64(maxPercent) < int64(notShared)*100
}

// WriteShared writes every entry to a new shared index in dir, the git
// directory (where git reads it first), as git's write_shared_index does: entries only (no
// extension), with a checksum, under a temporary name
// ("sharedindex_XXXXXX", created 0666 less the umask) then renamed to
// "sharedindex.<checksum>". prepare is called on the temporary file
// before the rename (to sync it and set its permissions). The index
// becomes a split index on it, written next as a split file whose link
// extension replaces and deletes nothing. It returns the new file's name.
func (ix *Index) WriteShared(dir string, prepare func(*os.File) error) (string, error) {
	ents := ix.Entries()
	f, err := createTemp(dir, "sharedindex_")
	if err != nil {
		return "", fmt.Errorf("write shared index: %w", err)
	}
	sum, err := writeSharedTo(f, ix.Version, ents, prepare)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	name := sharedIndexName(sum)
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("write shared index: %w", err)
	}
	base := make([]*Entry, len(ents))
	for i, e := range ents {
		e.base, e.inSplit = uint32(i+1), false
		base[i] = e
	}
	ix.split = &splitState{baseHash: sum, shared: NewWithEntries(ix.Version, base)}
	if ix.ext("link") == nil {
		ix.insertLink()
	}
	return name, nil
}

// writeSharedTo writes the shared index of ents to f and returns its
// checksum.
func writeSharedTo(f *os.File, version uint32, ents []*Entry, prepare func(*os.File) error) (plumbing.Hash, error) {
	var sum plumbing.Hash
	shared := NewWithEntries(version, ents)
	bw := bufio.NewWriterSize(f, sinkSize)
	tail := &tailWriter{w: bw}
	if err := shared.EncodeTo(tail); err != nil {
		return sum, err
	}
	if err := bw.Flush(); err != nil {
		return sum, err
	}
	copy(sum[:], tail.last[:])
	if prepare != nil {
		return sum, prepare(f)
	}
	return sum, nil
}

// tailWriter passes writes on and keeps the last hashLen bytes written
// (the checksum).
type tailWriter struct {
	w    *bufio.Writer
	last [hashLen]byte
}

func (t *tailWriter) Write(p []byte) (int, error) {
	if len(p) >= hashLen {
		copy(t.last[:], p[len(p)-hashLen:])
	} else {
		n := copy(t.last[:], t.last[len(p):])
		copy(t.last[n:], p)
	}
	return t.w.Write(p)
}

// insertLink adds an empty link extension where git writes it: after the
// index entry offset table, before every other extension.
func (ix *Index) insertLink() {
	at := 0
	if len(ix.exts) > 0 && ix.exts[0].sig == "IEOT" {
		at = 1
	}
	ix.exts = append(ix.exts[:at:at], append([]extension{{sig: "link"}}, ix.exts[at:]...)...)
}

// createTemp creates a new file named prefix and six random characters in
// dir, as git's mks_tempfile_sm does: mode 0666 less the umask.
func createTemp(dir, prefix string) (*os.File, error) {
	const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	for range 100 {
		var b [6]byte
		for i := range b {
			b[i] = chars[rand.IntN(len(chars))]
		}
		f, err := os.OpenFile(filepath.Join(dir, prefix+string(b[:])), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("no free temporary name %s* in %s", prefix, dir)
}

// CleanShared removes the shared indexes in dir other than keep (a
// "sharedindex.<hex>" name) last modified at or before expire, as git's
// clean_shared_index_files does after it writes a new shared index. A zero
// expire removes nothing (splitIndex.sharedIndexExpire=never). Files
// that cannot be removed are left.
func CleanShared(dir, keep string, expire time.Time) {
	if expire.IsZero() {
		return
	}
	des, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, de := range des {
		name := de.Name()
		if !strings.HasPrefix(name, "sharedindex.") || name == keep {
			continue
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.ModTime().Unix() <= expire.Unix() {
			_ = os.Remove(p)
		}
	}
}
