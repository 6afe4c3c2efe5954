package history

import (
	"bytes"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/engine/diff"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The series diff reads trees and blobs itself: go-git's tree diff and
// patch refuse names git allows (a control byte in a file or folder
// name), which they check before writing files out, which a diff never
// does.

// fileChange is one file that differs between two trees; a nil side is a
// file created or deleted.
type fileChange struct{ from, to *treeFile }

// treeFile is one side of a file change.
type treeFile struct {
	path string
	mode filemode.FileMode
	hash plumbing.Hash
}

// Path returns the file's slash path.
func (f *treeFile) Path() string {
	if f == nil {
		return ""
	}
	return f.path
}

// treeDiff appends to out the files that differ between trees a and b
// (zero: the empty tree), whose path is prefix, in git's order; renames
// are not detected.
func (h *history) treeDiff(a, b plumbing.Hash, prefix string, out []fileChange) ([]fileChange, error) {
	if a == b {
		return out, nil
	}
	ae, err := h.treeEntries(a)
	if err != nil {
		return nil, err
	}
	be, err := h.treeEntries(b)
	if err != nil {
		return nil, err
	}
	for len(ae) > 0 || len(be) > 0 {
		var x, y *objects.TreeEntry
		switch c := compareEntries(ae, be); {
		case c <= 0:
			x, ae = &ae[0], ae[1:]
			if c == 0 {
				y, be = &be[0], be[1:]
			}
		default:
			y, be = &be[0], be[1:]
		}
		if out, err = h.entryDiff(prefix, x, y, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// entryDiff appends the changes between two entries of the same name and
// kind (nil: absent): a folder's changes, or one file's.
func (h *history) entryDiff(prefix string, a, b *objects.TreeEntry, out []fileChange) ([]fileChange, error) {
	if a != nil && b != nil && a.Hash == b.Hash && a.Mode == b.Mode {
		return out, nil
	}
	if e := cmpOr(a, b); e.Mode == filemode.Dir {
		return h.treeDiff(entryHash(a), entryHash(b), prefix+e.Name+"/", out)
	}
	return append(out, fileChange{sideOfEntry(prefix, a), sideOfEntry(prefix, b)}), nil
}

// cmpOr returns a unless it is nil, else b.
func cmpOr(a, b *objects.TreeEntry) *objects.TreeEntry {
	if a != nil {
		return a
	}
	return b
}

// entryHash is the id of e, zero when there is none.
func entryHash(e *objects.TreeEntry) plumbing.Hash {
	if e == nil {
		return plumbing.ZeroHash
	}
	return e.Hash
}

// sideOfEntry is the file of e below prefix, nil when there is none.
func sideOfEntry(prefix string, e *objects.TreeEntry) *treeFile {
	if e == nil {
		return nil
	}
	return &treeFile{path: prefix + e.Name, mode: e.Mode, hash: e.Hash}
}

// compareEntries orders the first entries of a and b in git's tree order
// (a folder sorts as its name and a slash); an empty list sorts last.
func compareEntries(a, b []objects.TreeEntry) int {
	switch {
	case len(a) == 0:
		return 1
	case len(b) == 0:
		return -1
	}
	return strings.Compare(entryKey(a[0]), entryKey(b[0]))
}

// entryKey is the name git sorts e by.
func entryKey(e objects.TreeEntry) string {
	if e.Mode == filemode.Dir {
		return e.Name + "/"
	}
	return e.Name
}

// treeEntries reads the entries of tree id (none for zero), in tree
// order, without go-git's checks on the names.
func (h *history) treeEntries(id plumbing.Hash) ([]objects.TreeEntry, error) {
	if id.IsZero() {
		return nil, nil
	}
	entries, err := h.trees.Entries(id)
	if err != nil {
		return nil, spec.IOError("read tree "+id.String(), err)
	}
	return entries, nil
}

// filePatch is one file's change with its contents and, for text, the
// hunks of its diff (engine's differ, written as git writes them).
type filePatch struct {
	from, to       *treeFile
	old, cur       []byte
	binary         bool
	hunks          string
	added, deleted int
}

// filePatch reads both sides of c and diffs their lines unless one is
// binary (a NUL in its first 8000 bytes, as git decides).
func (h *history) filePatch(c fileChange) (*filePatch, error) {
	fp := &filePatch{from: c.from, to: c.to}
	var err error
	if fp.old, err = h.blobBytes(c.from); err != nil {
		return nil, err
	}
	if fp.cur, err = h.blobBytes(c.to); err != nil {
		return nil, err
	}
	fp.binary = repo.IsBinary(fp.old) || repo.IsBinary(fp.cur)
	if !fp.binary {
		fp.hunks, fp.added, fp.deleted = diff.GitHunks(string(fp.old), string(fp.cur))
	}
	return fp, nil
}

// IsBinary reports whether the file is shown as a binary patch: when a
// side is binary, or when there is no line to show (an empty file
// created or deleted), as the go-git patches series wrote before did.
func (fp *filePatch) IsBinary() bool { return fp.binary || len(fp.old) == 0 && len(fp.cur) == 0 }

// blobBytes reads a side's content (nil side: empty); a submodule's is
// "Subproject commit <id>", as git diffs it.
func (h *history) blobBytes(f *treeFile) ([]byte, error) {
	if f == nil {
		return nil, nil
	}
	if f.mode == filemode.Submodule {
		return []byte("Subproject commit " + f.hash.String() + "\n"), nil
	}
	b, err := h.db.Read(plumbing.BlobObject, f.hash)
	if err != nil {
		return nil, spec.IOError("read blob "+f.hash.String(), err)
	}
	return b, nil
}

// fileType is a file mode's type bits (regular file, symbolic link,
// submodule): a mode change within a type is a mode change.
func fileType(m filemode.FileMode) filemode.FileMode { return m & 0o170000 }

// renderChange writes c's diff with render and returns its stat. A file
// whose type changes (a symbolic link that becomes a file, ...) is
// written as git diff writes it, a deletion then a creation (git apply
// and git am refuse a mode change between two types), with git's stat:
// one line, and "mode change" in the summary.
func (h *history) renderChange(w *bytes.Buffer, c fileChange, render func(*bytes.Buffer, *filePatch) diff.FileStat) (diff.FileStat, error) {
	if c.from == nil || c.to == nil || fileType(c.from.mode) == fileType(c.to.mode) {
		fp, err := h.filePatch(c)
		if err != nil {
			return diff.FileStat{}, err
		}
		return render(w, fp), nil
	}
	del, err := h.filePatch(fileChange{from: c.from})
	if err != nil {
		return diff.FileStat{}, err
	}
	add, err := h.filePatch(fileChange{to: c.to})
	if err != nil {
		return diff.FileStat{}, err
	}
	ds, as := render(w, del), render(w, add)
	st := statOf(&filePatch{from: c.from, to: c.to, added: as.Added, deleted: ds.Deleted})
	if ds.Binary || as.Binary {
		st.Binary, st.OldSize, st.NewSize = true, ds.OldSize, as.NewSize
	}
	return st, nil
}
