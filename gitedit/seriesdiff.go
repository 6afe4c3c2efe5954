package gitedit

import (
	"io"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	fdiff "github.com/go-git/go-git/v5/plumbing/format/diff"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/utils/diff"
)

// The series diff reads trees and blobs itself: go-git's tree diff and
// patch refuse names git allows (a control byte in a file or folder
// name), which they check before writing files out, which a diff never
// does.

// fileChange is one file that differs between two trees; a nil side is a
// file created or deleted.
type fileChange struct{ from, to *treeFile }

// treeFile is one side of a file change, as a go-git diff file.
type treeFile struct {
	path string
	mode filemode.FileMode
	hash plumbing.Hash
}

// Hash returns the blob id (the commit id of a submodule).
func (f *treeFile) Hash() plumbing.Hash { return f.hash }

// Mode returns the file's mode.
func (f *treeFile) Mode() filemode.FileMode { return f.mode }

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
		var x, y *object.TreeEntry
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
func (h *history) entryDiff(prefix string, a, b *object.TreeEntry, out []fileChange) ([]fileChange, error) {
	if a != nil && b != nil && a.Hash == b.Hash && a.Mode == b.Mode {
		return out, nil
	}
	if e := cmpOr(a, b); e.Mode == filemode.Dir {
		return h.treeDiff(entryHash(a), entryHash(b), prefix+e.Name+"/", out)
	}
	return append(out, fileChange{sideOfEntry(prefix, a), sideOfEntry(prefix, b)}), nil
}

// cmpOr returns a unless it is nil, else b.
func cmpOr(a, b *object.TreeEntry) *object.TreeEntry {
	if a != nil {
		return a
	}
	return b
}

// entryHash is the id of e, zero when there is none.
func entryHash(e *object.TreeEntry) plumbing.Hash {
	if e == nil {
		return plumbing.ZeroHash
	}
	return e.Hash
}

// sideOfEntry is the file of e below prefix, nil when there is none.
func sideOfEntry(prefix string, e *object.TreeEntry) *treeFile {
	if e == nil {
		return nil
	}
	return &treeFile{path: prefix + e.Name, mode: e.Mode, hash: e.Hash}
}

// compareEntries orders the first entries of a and b in git's tree order
// (a folder sorts as its name and a slash); an empty list sorts last.
func compareEntries(a, b []object.TreeEntry) int {
	switch {
	case len(a) == 0:
		return 1
	case len(b) == 0:
		return -1
	}
	return strings.Compare(entryKey(a[0]), entryKey(b[0]))
}

// entryKey is the name git sorts e by.
func entryKey(e object.TreeEntry) string {
	if e.Mode == filemode.Dir {
		return e.Name + "/"
	}
	return e.Name
}

// treeEntries reads the entries of tree id (none for zero), in tree
// order, without go-git's checks on the names.
func (h *history) treeEntries(id plumbing.Hash) ([]object.TreeEntry, error) {
	if id.IsZero() {
		return nil, nil
	}
	t, err := object.GetTree(h.s, id)
	if err != nil {
		return nil, ioError("read tree "+id.String(), err)
	}
	return t.Entries, nil
}

// filePatch is one file's change with its contents and go-git's line
// chunks, as a go-git file patch.
type filePatch struct {
	from, to *treeFile
	old, cur []byte
	binary   bool
	chunks   []fdiff.Chunk
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
	fp.binary = isBinary(fp.old) || isBinary(fp.cur)
	if !fp.binary {
		fp.chunks = lineChunks(string(fp.old), string(fp.cur))
	}
	return fp, nil
}

// lineChunks is go-git's line diff of old and cur, as the chunks of its
// file patches (diff.Do's operations are diff-match-patch's: -1 delete,
// 1 insert, 0 equal).
func lineChunks(old, cur string) []fdiff.Chunk {
	var chunks []fdiff.Chunk
	for _, d := range diff.Do(old, cur) {
		op := fdiff.Equal
		switch {
		case d.Type < 0:
			op = fdiff.Delete
		case d.Type > 0:
			op = fdiff.Add
		}
		chunks = append(chunks, chunk{d.Text, op})
	}
	return chunks
}

// Files returns the two sides, nil for a missing one.
func (fp *filePatch) Files() (fdiff.File, fdiff.File) {
	var from, to fdiff.File
	if fp.from != nil {
		from = fp.from
	}
	if fp.to != nil {
		to = fp.to
	}
	return from, to
}

// IsBinary reports whether the file is shown as a binary patch: when a
// side is binary, or when there is no line to show (an empty file
// created or deleted), as go-git's patches did.
func (fp *filePatch) IsBinary() bool { return fp.binary || len(fp.chunks) == 0 }

// Chunks returns the line chunks.
func (fp *filePatch) Chunks() []fdiff.Chunk { return fp.chunks }

// chunk is one go-git diff chunk.
type chunk struct {
	content string
	op      fdiff.Operation
}

// Content returns the chunk's lines.
func (c chunk) Content() string { return c.content }

// Type returns the chunk's operation.
func (c chunk) Type() fdiff.Operation { return c.op }

// hunksOnly is a go-git patch of a file's chunks with neither side, for
// which the unified encoder writes the hunks without a header.
type hunksOnly struct{ fp *filePatch }

// FilePatches returns the one file patch.
func (p hunksOnly) FilePatches() []fdiff.FilePatch { return []fdiff.FilePatch{noFiles{p.fp}} }

// Message returns no message.
func (p hunksOnly) Message() string { return "" }

// noFiles is a file patch that hides its sides.
type noFiles struct{ *filePatch }

// Files returns no file.
func (noFiles) Files() (fdiff.File, fdiff.File) { return nil, nil }

// blobBytes reads a side's content (nil side: empty); a submodule's is
// "Subproject commit <id>", as git diffs it.
func (h *history) blobBytes(f *treeFile) ([]byte, error) {
	if f == nil {
		return nil, nil
	}
	if f.mode == filemode.Submodule {
		return []byte("Subproject commit " + f.hash.String() + "\n"), nil
	}
	blob, err := object.GetBlob(h.s, f.hash)
	if err != nil {
		return nil, ioError("read blob "+f.hash.String(), err)
	}
	rd, err := blob.Reader()
	if err != nil {
		return nil, ioError("read blob "+f.hash.String(), err)
	}
	defer rd.Close()
	b, err := io.ReadAll(rd)
	if err != nil {
		return nil, ioError("read blob "+f.hash.String(), err)
	}
	return b, nil
}
