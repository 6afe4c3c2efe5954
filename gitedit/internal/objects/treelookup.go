package objects

import (
	"path"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// TreeLookup finds files and folders in a commit's tree, reading each
// folder's tree once however many paths are looked up in it (a batch of
// many files in few folders stays linear). Its Trees may be shared
// with a commit that rewrites the same folders.
type TreeLookup struct {
	trees *Trees
	// folders maps a folder ("" for the root) to its tree id; a missing
	// folder maps to the zero id.
	folders map[string]plumbing.Hash
}

// NewTreeLookup looks paths up in the tree root (zero: no commit yet).
func NewTreeLookup(trees *Trees, root plumbing.Hash) *TreeLookup {
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

// HasFolder reports whether dir is a folder of the commit.
func (l *TreeLookup) HasFolder(dir string) bool { return !l.folder(dir).IsZero() }

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

// FolderFiles lists the files (and links and gitlinks) below the folder
// dir, recursively, as slash paths ("" when dir is not a folder).
func (l *TreeLookup) FolderFiles(dir string) []string {
	var out []string
	if tree := l.folder(dir); !tree.IsZero() {
		_ = l.trees.Walk(tree, func(p string, _ plumbing.Hash, _ filemode.FileMode) {
			out = append(out, dir+"/"+p)
		})
	}
	return out
}
