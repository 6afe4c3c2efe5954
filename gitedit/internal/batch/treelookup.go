package batch

import (
	"path"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
)

// headLookup finds files and folders in HEAD's tree: by reading its trees
// (treeLookup), or through an index whose cache-tree vouches that it holds
// exactly that tree (indexHead).
type headLookup interface {
	// File returns the blob id and mode of the file rel, and whether the
	// tree holds a file there.
	File(rel string) (plumbing.Hash, filemode.FileMode, bool)
	// hasFolder reports whether the tree holds a folder dir.
	hasFolder(dir string) bool
}

// indexHead answers for HEAD's tree from an index whose cache-tree root is
// HEAD's tree (index.TreeID): no tree is read. After a git commit that is
// the usual case, and it spares reading every folder a batch touches.
type indexHead struct{ idx *index.Index }

// File returns the index's entry for rel when it is a file.
func (h indexHead) File(rel string) (plumbing.Hash, filemode.FileMode, bool) {
	e := h.idx.Entry(rel)
	if e == nil || !filemode.FileMode(e.Mode).IsFile() {
		return plumbing.ZeroHash, 0, false
	}
	return e.Hash, filemode.FileMode(e.Mode), true
}

// hasFolder reports whether the index has entries below dir.
func (h indexHead) hasFolder(dir string) bool { return h.idx.HasFolder(dir) }

// TreeLookup finds files and folders in a commit's tree, reading each
// folder's tree once however many paths are looked up in it (a batch of
// many files in few folders stays linear). Its objects.Trees is shared
// with the batch's commit, which rewrites the same folders.
type TreeLookup struct {
	trees *objects.Trees
	// folders maps a folder ("" for the root) to its tree id; a missing
	// folder maps to the zero id.
	folders map[string]plumbing.Hash
}

// NewTreeLookup looks paths up in the tree root (zero: no commit yet).
func NewTreeLookup(trees *objects.Trees, root plumbing.Hash) *TreeLookup {
	return &TreeLookup{trees: trees, folders: map[string]plumbing.Hash{"": root}}
}

// File returns the blob id and mode of the file rel, and whether the tree
// holds a file there.
func (l *TreeLookup) File(rel string) (plumbing.Hash, filemode.FileMode, bool) {
	dir, name := path.Split(rel)
	tree := l.folder(path.Clean("/" + dir)[1:])
	if tree.IsZero() {
		return plumbing.ZeroHash, 0, false
	}
	h, mode, ok, err := l.trees.Lookup(tree, name, false)
	if err != nil || !ok || !mode.IsFile() {
		return plumbing.ZeroHash, 0, false
	}
	return h, mode, true
}

// hasFolder reports whether dir is a folder of the commit.
func (l *TreeLookup) hasFolder(dir string) bool { return !l.folder(dir).IsZero() }

// folder returns the tree id of dir, or zero when it is not a folder of
// the commit.
func (l *TreeLookup) folder(dir string) plumbing.Hash {
	if h, ok := l.folders[dir]; ok {
		return h
	}
	parentDir, name := path.Split(dir)
	var h plumbing.Hash
	if parent := l.folder(path.Clean("/" + parentDir)[1:]); !parent.IsZero() {
		if sub, _, ok, err := l.trees.Lookup(parent, name, true); err == nil && ok {
			h = sub
		}
	}
	l.folders[dir] = h
	return h
}
