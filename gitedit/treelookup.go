package gitedit

import (
	"path"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// treeLookup finds files in a commit's tree, decoding each folder's tree
// once however many paths are looked up in it (a batch of many files in
// few folders stays linear).
type treeLookup struct {
	r *Repo
	// trees maps a folder ("" for the root) to its tree; nil when the
	// folder is not in the commit.
	trees map[string]*object.Tree
}

// newTreeLookup looks paths up in root (nil: no commit yet).
func (r *Repo) newTreeLookup(root *object.Tree) *treeLookup {
	return &treeLookup{r: r, trees: map[string]*object.Tree{"": root}}
}

// file returns the blob id and mode of the file rel, and whether the tree
// holds a file there.
func (l *treeLookup) file(rel string) (plumbing.Hash, filemode.FileMode, bool) {
	dir, name := path.Split(rel)
	t := l.folder(path.Clean("/" + dir)[1:])
	if t == nil {
		return plumbing.ZeroHash, 0, false
	}
	for _, e := range t.Entries {
		if e.Name == name && e.Mode.IsFile() {
			return e.Hash, e.Mode, true
		}
	}
	return plumbing.ZeroHash, 0, false
}

// folder returns the tree of dir, or nil when it is not a folder of the
// commit.
func (l *treeLookup) folder(dir string) *object.Tree {
	if t, ok := l.trees[dir]; ok {
		return t
	}
	parentDir, name := path.Split(dir)
	var t *object.Tree
	if parent := l.folder(path.Clean("/" + parentDir)[1:]); parent != nil {
		t = l.child(parent, name)
	}
	l.trees[dir] = t
	return t
}

// child decodes the subtree name of parent, or returns nil.
func (l *treeLookup) child(parent *object.Tree, name string) *object.Tree {
	for _, e := range parent.Entries {
		if e.Name == name && e.Mode == filemode.Dir {
			t, err := object.GetTree(l.r.objects, e.Hash)
			if err != nil {
				return nil
			}
			return t
		}
	}
	return nil
}
