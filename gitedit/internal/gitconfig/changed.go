package gitconfig

import (
	"bytes"
	"errors"
	"io/fs"

	"github.com/gitedit/gitedit/gitedit/internal/statproof"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

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
	snap := statproof.Take(path)
	if s, ok := f.seen[path]; ok && s.Vouches(snap) {
		return false
	}
	src, err := wtfs.ReadFile(path)
	if !sameRead(r, src, err) {
		return true
	}
	if f.seen == nil {
		f.seen = map[string]statproof.Snapshot{}
	}
	f.seen[path] = snap
	return false
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
