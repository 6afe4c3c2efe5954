package batch

import (
	"fmt"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// checkDirty applies the dirty policy of commit mode (docs/reference.md#git-behaviour): a touched
// file whose working-tree or index content differs from HEAD is refused,
// included, or (commit-first) remembered for a commit of its own before
// the batch's. A new file that would displace another path of HEAD or the
// index (a file where a folder was, or the reverse) is refused too: the
// commit would otherwise carry a change outside the batch.
func (w *batchWriter) checkDirty() error {
	if err := w.readHeadTree(); err != nil {
		return err
	}
	if err := w.checkClashes(); err != nil {
		return err
	}
	for _, c := range w.changes {
		if !w.clean(c) {
			w.dirty = append(w.dirty, c)
		}
	}
	return w.dirtyVerdict()
}

// readHeadTree reads HEAD and sets up the lookup of its tree.
func (w *batchWriter) readHeadTree() error {
	head, err := w.r.Refs().ReadHead()
	if err != nil {
		return spec.IOError("read HEAD", err)
	}
	w.head = head
	root, err := w.commitTreeID(head.Commit)
	if err != nil {
		return err
	}
	w.trees = objects.NewTrees(w.db)
	w.headTree = w.headLookup(root)
	return nil
}

// headLookup answers for HEAD's tree root: from the index when its
// cache-tree vouches for that tree, else by reading the trees.
func (w *batchWriter) headLookup(root plumbing.Hash) headLookup {
	if id, ok := w.Idx.TreeID(); ok && id == root && !root.IsZero() {
		return indexHead{w.Idx}
	}
	return objects.NewTreeLookup(w.trees, root)
}

// checkClashes refuses a new file that displaces a path the batch does not
// touch: a file of HEAD or the index at one of its parent folders, or a
// folder of HEAD or the index at its own path.
func (w *batchWriter) checkClashes() error {
	touched := map[string]bool{}
	for _, c := range w.changes {
		touched[c.after.Rel] = true
	}
	for _, c := range w.changes {
		if !c.after.Exists {
			continue
		}
		for _, other := range w.clashes(c.after.Rel) {
			if !touched[other] {
				return &spec.Error{Code: spec.CodeDirty, FilePath: c.after.Rel, Message: fmt.Sprintf(
					"creating %s displaces %s (a file where a folder is needed, or the reverse); commit its removal first", quote.QuotePath(c.after.Rel), quote.QuotePath(other))}
			}
		}
	}
	return nil
}

// clashes lists the paths of HEAD and the index that a file at rel
// displaces.
func (w *batchWriter) clashes(rel string) []string {
	out := w.Idx.Clashes(rel)
	for dir := repo.ParentOf(rel); dir != ""; dir = repo.ParentOf(dir) {
		if _, _, ok := w.headTree.File(dir); ok {
			out = append(out, dir)
		}
	}
	if w.headTree.HasFolder(rel) && !w.emptiedFolder(rel) {
		out = append(out, rel+"/")
	}
	return out
}

// emptiedFolder reports whether the batch deletes every file HEAD holds
// below the folder dir: a file dir then takes the folder's place (an undo
// of a session that made the file d into the folder d/).
func (w *batchWriter) emptiedFolder(dir string) bool {
	removed := removedFiles(w.changes)
	for _, p := range w.headTree.FolderFiles(dir) {
		if !removed[p] {
			return false
		}
	}
	return true
}

// dirtyVerdict refuses a dirty batch under the refuse policy.
func (w *batchWriter) dirtyVerdict() error {
	if len(w.dirty) == 0 {
		return nil
	}
	switch w.opt.Dirty {
	case spec.DirtyInclude, spec.DirtyCommitFirst:
		return nil
	case spec.DirtyRefuse, "":
		paths := touchedPaths(w.dirty)
		return spec.DirtyError(paths, "uncommitted or untracked changes",
			"commit {them} first, or pass --dirty include (commit {them} with the batch) or --dirty commit-first")
	}
	return spec.Errorf(spec.CodeInvalidInput, "unknown dirty policy %q (expected refuse, include or commit-first)", w.opt.Dirty)
}

// clean reports whether c's file is, in the working tree and in the index,
// exactly as in HEAD's tree.
func (w *batchWriter) clean(c *change) bool {
	headHash, headMode, inHead := w.headTree.File(c.before.Rel)
	if c.before.Exists != inHead || (inHead && (c.blobBefore != headHash || c.modeBefore != headMode)) {
		return false
	}
	e := w.Idx.Entry(c.before.Rel)
	if e == nil {
		return !inHead
	}
	return inHead && e.Hash == headHash && filemode.FileMode(e.Mode) == headMode && !e.IntentToAdd
}

// commitTreeID returns the tree id of commit h (zero for the zero hash),
// read through the batch's object database: a packed commit is found
// through the mapped pack indexes, never by loading them whole.
func (w *batchWriter) commitTreeID(h plumbing.Hash) (plumbing.Hash, error) {
	if h.IsZero() {
		return plumbing.ZeroHash, nil
	}
	if tree, ok := w.commitTrees[h]; ok {
		return tree, nil
	}
	tree, ok := knownTrees.lookup(h)
	if !ok || !w.db.Has(h) { // still there: a commit removed by hand is read (and missed) as before
		var err error
		if tree, err = objects.CommitTree(w.db, h); err != nil {
			return tree, wrapIO("read commit "+h.String(), err)
		}
		knownTrees.store(h, tree)
	}
	if w.commitTrees == nil {
		w.commitTrees = map[plumbing.Hash]plumbing.Hash{}
	}
	w.commitTrees[h] = tree
	return tree, nil
}

// knownTrees are the root trees of the commits this process read or
// wrote: HEAD's is read by the dirty check and again for the commit, and
// a server's next batch starts from the commit its last one wrote. A
// commit id names one content, so the record never goes stale, in any
// repository; the commit's presence is still checked (DB.Has: a stat or
// a pack index lookup) instead of reading and inflating it.
var knownTrees treeRecord

// treeRecord maps commit ids to their root trees, bounded; safe for
// concurrent use.
type treeRecord struct {
	mu sync.Mutex
	m  map[plumbing.Hash]plumbing.Hash
}

// maxTreeRecord bounds treeRecord; past it the record starts over.
const maxTreeRecord = 256

// lookup returns the tree recorded for commit h.
func (t *treeRecord) lookup(h plumbing.Hash) (plumbing.Hash, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	tree, ok := t.m[h]
	return tree, ok
}

// store records that commit h has root tree tree.
func (t *treeRecord) store(h, tree plumbing.Hash) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil || len(t.m) >= maxTreeRecord {
		t.m = map[plumbing.Hash]plumbing.Hash{}
	}
	t.m[h] = tree
}

// headLookup finds files and folders in HEAD's tree: by reading its trees
// (objects.TreeLookup), or through an index whose cache-tree vouches that it holds
// exactly that tree (indexHead).
type headLookup interface {
	// File returns the blob id and mode of the file rel, and whether the
	// tree holds a file there.
	File(rel string) (plumbing.Hash, filemode.FileMode, bool)
	// HasFolder reports whether the tree holds a folder dir.
	HasFolder(dir string) bool
	// FolderFiles lists the paths below the folder dir.
	FolderFiles(dir string) []string
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

// HasFolder reports whether the index has entries below dir.
func (h indexHead) HasFolder(dir string) bool { return h.idx.HasFolder(dir) }

// FolderFiles lists the index's entries below the folder dir.
func (h indexHead) FolderFiles(dir string) []string {
	var out []string
	for _, p := range h.idx.Clashes(dir) {
		if strings.HasPrefix(p, dir+"/") {
			out = append(out, p)
		}
	}
	return out
}
