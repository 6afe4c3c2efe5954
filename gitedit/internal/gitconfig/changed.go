package gitconfig

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"time"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// racyWindow is how old a file's modification time must be, when its stat
// is taken, for that stat to vouch for the file's content while it stays
// the same: a file rewritten within one tick of the file system's clock (a
// few milliseconds; two seconds on FAT) may keep its time and size, as
// git's racily clean index entries do. A variable for the tests.
var racyWindow = 2 * time.Second

// seen is what Changed last found of one file: its stat (nil when it
// could not be stat'ed) and whether that stat vouches for the content
// (see racyWindow).
type seen struct {
	stat    os.FileInfo
	trusted bool
}

// Changed reports whether any file read through f (the config files, the
// files they include and, for an onbranch: condition, HEAD; missing ones
// included) now holds other bytes than f read, or has appeared or gone.
// A file whose stat is unchanged since an earlier Changed found it the
// same, and no longer racy, is not read again: a call costs one stat per
// file. Like f, it is not safe for concurrent use.
func (f *Files) Changed() bool {
	for path, r := range f.read1 {
		if f.changed(path, r) {
			return true
		}
	}
	return false
}

// changed is Changed for one file read as r.
func (f *Files) changed(path string, r fileRead) bool {
	now := time.Now()
	st, err := os.Stat(path)
	if err != nil {
		st = nil
	}
	if s, ok := f.seen[path]; ok && s.trusted && sameFile(s.stat, st) {
		return false
	}
	src, err := wtfs.ReadFile(path)
	if !sameRead(r, src, err) {
		return true
	}
	if f.seen == nil {
		f.seen = map[string]seen{}
	}
	f.seen[path] = seen{stat: st, trusted: st != nil && now.Sub(st.ModTime()) >= racyWindow}
	return false
}

// sameFile reports whether two stats of a path (nil: none) are the same
// file, unchanged.
func sameFile(a, b os.FileInfo) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return os.SameFile(a, b) && a.ModTime().Equal(b.ModTime()) && a.Size() == b.Size() && a.Mode() == b.Mode() && ctime(a) == ctime(b)
}

// sameRead reports whether reading a file again (src, err) gives what r
// read: the same bytes, or the file still missing (or unreadable).
func sameRead(r fileRead, src []byte, err error) bool {
	if r.err != nil || err != nil {
		return r.err != nil && err != nil && absent(r.err) == absent(err)
	}
	return bytes.Equal(r.src, src)
}

// absent reports whether err says the file is not there (or not readable),
// which the loader takes as an empty file.
func absent(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission)
}
