package batch

import (
	"context"
	"path"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/journal"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/sign"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// batchWriter carries a prepared batch through the write phase.
type batchWriter struct {
	r   *repo.Repo
	opt spec.Options
	Idx *index.Index
	// indexTime is the modification time of the index file read.
	indexTime time.Time
	meta      *commitmsg.Meta
	changes   []*change
	out       *Outcome
	head      refs.Head
	// noCommit is set in commit mode when the batch's tree is HEAD's:
	// it makes no commit (see emptyCommit).
	noCommit bool
	// headTree looks paths up in HEAD's tree (commit mode).
	headTree headLookup
	// trees reads and writes the commit's trees (commit mode).
	trees *objects.Trees
	// db reads and writes the batch's objects.
	db *objects.DB
	// built are the trees the commit encoded from the index (see
	// treeFromIndex), by folder; nil when HEAD's trees were rewritten.
	built map[string]plumbing.Hash
	// dirty are the changes whose file already differed from HEAD, for
	// dirty=commit-first.
	dirty []*change
	// signer signs the batch's commits (nil: unsigned).
	signer *sign.Signer
	// root writes and stats the working tree's files (see wtfs).
	root *wtfs.Root
	// hooks are the commit hooks to run (nil: none exists); plan holds
	// the commits while they run.
	hooks *commitHooks
	plan  *commitPlan
	// each are the commits of a land with --each (see WithEach).
	each *Each
	// author is the commits' author line, for the hooks' environment.
	author string
	// commitTrees are the root trees of the commits this batch found
	// (HEAD's is looked up by the dirty check and again for the commit).
	commitTrees map[plumbing.Hash]plumbing.Hash
	// written is the plan of the commits written (commit mode); pending
	// and recorded the batch's entries in its session's ledger, written
	// and published; beforeRef publishes it in the branch move (see
	// record.go).
	written   *commitPlan
	pending   *ledger.Pending
	recorded  *ledger.Appended
	beforeRef func() error
	// intent is the commit-mode batch's intent, written just before its
	// ledger moves (see intent.go).
	intent *ledger.Intent
	// journal is the batch's journal of temporary folders and rollback
	// record (see rollback.go).
	journal *journal.File
}

// apply writes the prepared batch so that a failure at any step leaves
// files, index and refs as they were: the objects (unreferenced objects
// are harmless) and, at the same time, the working-tree files (put back
// if the objects fail), both made durable as core.fsync asks; then the
// new index written into index.lock, then the ref (the files are put back
// if it cannot move), and last the rename of index.lock, which cannot
// fail short of a broken file system. A crash leaves the old or the new
// state of each file, and at worst a stale index.lock, as with git; a
// batch killed before its point of no return is rolled back by the next
// writer of the index, from the rollback record its journal holds (see
// rollback.go).
func (w *batchWriter) apply(ctx context.Context, lock *lockfile.File) error {
	objs, err := w.startObjects(ctx)
	if err != nil {
		return err
	}
	var update *refs.Update
	settled := false
	settle := func() error {
		o := <-objs
		update, settled = o.update, true
		return o.err
	}
	defer func() {
		if !settled {
			<-objs // the files failed first: let the objects finish before the database closes
		}
	}()
	jr := &journal.File{Path: tempJournalPath(w.r), Shared: w.db.Shared}
	defer jr.Done()
	w.journal = jr
	root, err := wtfs.Open(w.r.WorkTree())
	if err != nil {
		return spec.IOError("open the working tree", err)
	}
	defer root.Close()
	w.root = root
	var restore func()
	err = w.revocable(ctx, "write files", func() (err error) {
		changes := w.worktreeChanges()
		jr.Record, jr.Side = w.undoRecord(changes)
		restore, err = writeFiles(w.r, root, jr, changes, settle)
		return err
	})
	if err != nil {
		return err
	}
	if writesAttributes(w.changes) {
		w.r.Attrs().Forget() // the racy check below converts with the new ones
	}
	// Up to the ref move (or, without one, the index rename) a signal
	// still undoes everything; from there on, the batch completes.
	if err := w.revocable(ctx, "write index", func() error { return w.prepareIndex(lock) }); err != nil {
		restore()
		return err
	}
	if err := w.hookedCommits(ctx, lock, &update); err != nil {
		restore()
		return err
	}
	if err := w.revocable(ctx, "move ref", w.recording(ctx, update != nil, func() error { return w.moveRef(ctx, update) })); err != nil {
		restore()
		return err
	}
	if update == nil {
		// The index rename is the point of no return.
		err = w.revocable(ctx, "commit index", w.recording(ctx, true, func() error { return w.commitIndex(lock) }))
		if err != nil && !w.out.Staged {
			restore()
		}
		return err
	}
	pauseForTest(ctx, "commit index")
	_, err = Traced("commit index", func() (any, error) { return nil, w.commitIndex(lock) })
	if err == nil {
		w.hooks.postCommit(ctx, w.r.IndexFile())
	}
	return err
}

// written is the outcome of writing a batch's objects: the ref update
// that publishes them (commit mode) or the error.
type written struct {
	update *refs.Update
	err    error
}

// startObjects writes the batch's objects on another goroutine and
// returns where their outcome arrives; a small batch writes them at once
// (a failure is then returned before any file is touched).
func (w *batchWriter) startObjects(ctx context.Context) (<-chan written, error) {
	objs := make(chan written, 1) // buffered: never blocks if writeFiles fails first
	write := func() written {
		u, err := Traced("write objects", func() (*refs.Update, error) { return w.writeObjects(ctx) })
		return written{u, err}
	}
	if len(w.changes) > smallBatch {
		go func() { objs <- write() }()
		return objs, nil
	}
	o := write() // too little to overlap: spare the hand-over to another thread
	objs <- o
	return objs, o.err
}

// writesAttributes reports whether a change writes a .gitattributes file.
func writesAttributes(changes []*change) bool {
	for _, c := range changes {
		if path.Base(c.after.Rel) == ".gitattributes" {
			return true
		}
	}
	return false
}

// writeObjects stores the blobs and, in commit mode, the trees and commits
// of the batch, and its session ledger entries (prepareEntry), and
// returns the ref update that publishes the commits (nil without commit
// mode).
func (w *batchWriter) writeObjects(ctx context.Context) (*refs.Update, error) {
	if w.opt.NoStage {
		return nil, nil
	}
	if err := w.writeBlobs(); err != nil {
		return nil, err
	}
	if !w.opt.Commit {
		return nil, w.prepareEntry()
	}
	u, err := w.buildCommits(ctx)
	if err == nil && w.written != nil {
		err = w.prepareEntry() // with hooks, once they ran (see record)
	}
	return u, err
}

// writeBlobs stores the new content of every change, in parallel
// (compressing is most of the work).
func (w *batchWriter) writeBlobs() error {
	errs := make([]error, len(w.changes))
	parallel(len(w.changes), func(i int) {
		if c := w.changes[i]; c.after.Exists {
			errs[i] = objects.WriteBlobAs(w.db, c.gitAfter, c.blobAfter)
		}
	})
	for i, err := range errs {
		if err != nil {
			return spec.IOError("write blob for "+w.changes[i].after.Rel, err)
		}
	}
	return nil
}
