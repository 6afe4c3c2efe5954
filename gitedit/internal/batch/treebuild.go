package batch

import (
	"errors"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// errNoCachedTree stops treeFromIndex when the cache-tree lacks a folder.
var errNoCachedTree = errors.New("no cached tree")

// treeFromIndex builds base with changes applied from the index, the way
// git write-tree does, when the index's cache-tree vouches that the index
// holds exactly base (index.TreeID) and every change rewrites a file the
// index already has: the folders along the changed paths are encoded
// from the index's entries, every other folder's id comes from the
// cache-tree, and no tree is read. ok is false when that does not apply
// (the caller then rewrites base's trees with objects.UpdateTree). On
// success it keeps the trees it wrote in w.built, so that the index's
// cache-tree can stay valid (see prepareIndex).
func (w *batchWriter) treeFromIndex(base plumbing.Hash, changes []objects.TreeChange) (plumbing.Hash, bool, error) {
	w.built = nil // only the batch's own (last) commit may vouch for the staged index
	if _, fromIndex := w.headTree.(indexHead); !fromIndex || base.IsZero() {
		return plumbing.ZeroHash, false, nil
	}
	if id, ok := w.Idx.TreeID(); !ok || id != base {
		return plumbing.ZeroHash, false, nil
	}
	b := &treeBuild{Idx: w.Idx, db: w.db, Changed: map[string]objects.TreeChange{}, dirs: map[string]bool{}, built: map[string]plumbing.Hash{}}
	for _, c := range changes {
		e := w.Idx.Entry(c.Path)
		if c.Delete || e == nil || !filemode.FileMode(e.Mode).IsFile() || !c.Mode.IsFile() {
			return plumbing.ZeroHash, false, nil
		}
		b.Changed[c.Path] = c
		for dir := repo.ParentOf(c.Path); dir != ""; dir = repo.ParentOf(dir) {
			b.dirs[dir] = true
		}
	}
	h, err := b.build("")
	if errors.Is(err, errNoCachedTree) {
		return plumbing.ZeroHash, false, nil
	}
	if err == nil {
		w.built = b.built
	}
	return h, err == nil, err
}

// treeBuild writes the trees of the folders a batch changes from an index
// that equals HEAD's tree.
type treeBuild struct {
	Idx     *index.Index
	db      *objects.DB
	Changed map[string]objects.TreeChange // by path
	dirs    map[string]bool               // folders holding a change ("" aside)
	built   map[string]plumbing.Hash      // the trees written, by folder
}

// build writes the tree of dir ("" for the root) and returns its id.
func (b *treeBuild) build(dir string) (plumbing.Hash, error) {
	lo, hi := b.Idx.Range(dir)
	prefix := ""
	if dir != "" {
		prefix = dir + "/"
	}
	var entries []objects.TreeEntry
	for i := lo; i < hi; {
		e := b.Idx.At(i)
		rest := e.Name[len(prefix):]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			sub := prefix + rest[:j]
			h, err := b.folder(sub)
			if err != nil {
				return plumbing.ZeroHash, err
			}
			entries = append(entries, objects.TreeEntry{Mode: filemode.Dir, Name: rest[:j], Hash: h})
			_, i = b.Idx.Range(sub)
			continue
		}
		entry := objects.TreeEntry{Mode: filemode.FileMode(e.Mode), Name: rest, Hash: e.Hash}
		if c, ok := b.Changed[e.Name]; ok {
			entry.Mode, entry.Hash = c.Mode, c.Hash
		}
		entries = append(entries, entry)
		i++
	}
	h, err := objects.WriteTree(b.db, entries)
	b.built[dir] = h
	return h, err
}

// folder returns the id of the sub-folder dir: rebuilt when it holds a
// change, else as the cache-tree records it.
func (b *treeBuild) folder(dir string) (plumbing.Hash, error) {
	if b.dirs[dir] {
		return b.build(dir)
	}
	if h, ok := b.Idx.CachedTree(dir); ok {
		return h, nil
	}
	return plumbing.ZeroHash, errNoCachedTree
}
