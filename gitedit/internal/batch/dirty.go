package batch

import (
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/engine/quote"
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

// headLookup answers for HEAD's tree root: from the index when its
// cache-tree vouches for that tree, else by reading the trees.
func (w *batchWriter) headLookup(root plumbing.Hash) headLookup {
	if id, ok := w.Idx.TreeID(); ok && id == root && !root.IsZero() {
		return indexHead{w.Idx}
	}
	return NewTreeLookup(w.trees, root)
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
	if w.headTree.hasFolder(rel) {
		out = append(out, rel+"/")
	}
	return out
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
func (w *batchWriter) clean(c *Change) bool {
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
