package batch

import (
	"fmt"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// checkRemovals refuses, in every mode, a batch that deletes a file whose
// content no commit holds, as git rm refuses it (docs/reference.md#patch):
// the working tree differs from the index ("has local modifications"),
// the index from HEAD ("has changes staged in the index"), or the file is
// not tracked at all. The source of a rename or move (Txn.MoveAway)
// carries its content to the new path: it is refused only when the
// working tree differs from the index or the file is not tracked, as git
// apply --index refuses it ("does not match index"). A batch of a session
// may delete staged content its ledger already holds (the session's
// newest entry has that file, blob and mode, as when the session itself
// added or changed it): undo --session brings it back and nothing is
// lost. Content staged by anyone else since is refused as git rm refuses
// it.
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
		e := w.Idx.Entry(c.before.Rel)
		why, err := removalProblem(c, e, head, func() (bool, error) { return w.ledgerHolds(e) })
		if err != nil {
			return repo.LedgerError(w.opt.Session, err)
		}
		if why != "" {
			return &spec.Error{Code: spec.CodeDirty, FilePath: c.before.Rel, Message: fmt.Sprintf(
				"the batch deletes (or moves away) this file, which %s: deleting it would lose what no commit holds (git rm refuses it too); commit or stash the changes first", why)}
		}
	}
	return nil
}

// removalProblem says why deleting c's file would lose content no commit
// holds, or "". recorded reports whether the session's ledger already
// holds the index's content, which may then be deleted; it is asked only
// for a file whose staged content is all that differs.
func removalProblem(c *change, e *index.Entry, head headLookup, recorded func() (bool, error)) (string, error) {
	if e == nil {
		return "is not tracked", nil
	}
	headHash, headMode, inHead := head.File(c.before.Rel)
	local := c.blobBefore != e.Hash || c.modeBefore != filemode.FileMode(e.Mode) || e.IntentToAdd
	staged := !c.movedAway && (!inHead || e.Hash != headHash || filemode.FileMode(e.Mode) != headMode)
	if staged && !local {
		held, err := recorded()
		if err != nil {
			return "", err
		}
		staged = !held
	}
	switch {
	case local && staged:
		return "has staged content different from both the file and HEAD", nil
	case staged:
		return "has changes staged in the index", nil
	case local:
		return "has local modifications", nil
	}
	return "", nil
}

// ledgerHolds reports whether the batch's session's ledger already holds
// index entry e's content at its path (false outside a session).
func (w *batchWriter) ledgerHolds(e *index.Entry) (bool, error) {
	if !w.records() {
		return false, nil
	}
	store := ledger.New(w.db, w.r.Refs()).WithCache(w.r.Ledgers())
	return store.Holds(w.opt.Session, e.Name, e.Hash, filemode.FileMode(e.Mode))
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
