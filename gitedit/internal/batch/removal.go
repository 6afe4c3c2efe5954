package batch

import (
	"fmt"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// checkRemovals refuses, in every mode, a batch that deletes a file whose
// content no commit holds, as git rm refuses it (docs/reference.md#patch):
// the working tree differs from the index ("has local modifications"),
// the index from HEAD ("has changes staged in the index"), or the file is
// not tracked at all. The source of a rename or move (Txn.MoveAway)
// carries its content to the new path: it is refused only when the
// working tree differs from the index or the file is not tracked, as git
// apply --index refuses it ("does not match index"). A batch recorded in
// a session's ledger may delete staged changes the file also holds: the
// ledger entry's parent holds that content (the session's previous entry,
// or the outside entry recorded before it), so undo --session brings it
// back and nothing is lost.
func (w *batchWriter) checkRemovals() error {
	var head headLookup
	for _, c := range w.changes {
		if !c.before.Exists || c.after.Exists {
			continue
		}
		if head == nil {
			var err error
			if head, err = w.headFiles(); err != nil {
				return err
			}
		}
		if why := removalProblem(c, w.Idx.Entry(c.before.Rel), head, w.records()); why != "" {
			return &spec.Error{Code: spec.CodeDirty, FilePath: c.before.Rel, Message: fmt.Sprintf(
				"the batch deletes (or moves away) this file, which %s: deleting it would lose what no commit holds (git rm refuses it too); commit or stash the changes first", why)}
		}
	}
	return nil
}

// removalProblem says why deleting c's file would lose content no commit
// holds, or "". recorded: the batch's ledger entry records the file's
// content, which may then be staged.
func removalProblem(c *change, e *index.Entry, head headLookup, recorded bool) string {
	if e == nil {
		return "is not tracked"
	}
	headHash, headMode, inHead := head.File(c.before.Rel)
	local := c.blobBefore != e.Hash || c.modeBefore != filemode.FileMode(e.Mode) || e.IntentToAdd
	staged := !c.movedAway && !(recorded && !local) && (!inHead || e.Hash != headHash || filemode.FileMode(e.Mode) != headMode)
	switch {
	case local && staged:
		return "has staged content different from both the file and HEAD"
	case staged:
		return "has changes staged in the index"
	case local:
		return "has local modifications"
	}
	return ""
}

// headFiles is a lookup of HEAD's files (the commit-mode dirty check
// makes its own). An unborn branch has no files.
func (w *batchWriter) headFiles() (headLookup, error) {
	head, err := w.r.Refs().ReadHead()
	if err != nil {
		return nil, spec.IOError("read HEAD", err)
	}
	root, err := w.commitTreeID(head.Commit)
	if err != nil {
		return nil, err
	}
	if w.trees == nil {
		w.trees = objects.NewTrees(w.db)
	}
	return w.headLookup(root), nil
}
