package batch

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/durability"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A batch run with a session id records itself in the session's ledger
// (docs/sessions.md). Its entries are written with its objects (see
// prepareEntry), while its files are written; the ledger ref moves while
// index.lock is held, after every refusal check, as the first half of
// the step that reaches the point of no return (the branch move in commit
// mode, the rename of index.lock in staging mode). When the other half
// fails, or a signal stops the batch before it, the ledger ref is put
// back.

// records reports whether the batch is recorded in a session's ledger.
func (w *batchWriter) records() bool {
	return w.opt.Session != "" && !w.opt.NoStage && !w.opt.DryRun
}

// prepareEntry writes the batch's ledger entries (nothing names them
// yet), once its commits are written in commit mode.
func (w *batchWriter) prepareEntry() error {
	if !w.records() {
		return nil
	}
	_, err := Traced("prepare entry", func() (any, error) {
		rec, err := w.ledgerRecord()
		if err == nil {
			w.pending, err = ledger.New(w.db, w.r.Refs()).WithCache(w.r.Ledgers()).Prepare(rec)
		}
		return nil, err
	})
	return repo.LedgerError(w.opt.Session, err)
}

// recording returns step preceded by the recording of the batch in its
// session's ledger when record is set; the entry is revoked when step
// fails. In commit mode step is the branch move, which publishes the
// entry itself, with the branch locked, just before its lock is renamed
// (refs.Update.BeforeCommit, see beforeRef): a crash between the two
// moves leaves the batch's intent, which the next batch or reader settles
// (see intent.go).
func (w *batchWriter) recording(ctx context.Context, record bool, step func() error) func() error {
	if !record || !w.records() {
		return step
	}
	publish := func() error {
		_, err := Traced("record", func() (any, error) { return nil, w.record(ctx) })
		if err == nil {
			pauseForTest(ctx, "ledger moved") // between the ledger's rename and the batch's own
		}
		return err
	}
	return func() error {
		if w.opt.Commit && !w.noCommit {
			w.beforeRef = publish
		} else if err := publish(); err != nil {
			return err
		}
		defer func() { w.intent.Clear() }() // once the branch moved, or the ledger is back (set by moveRef)
		if err := step(); err != nil {
			w.unrecord()
			return err
		}
		return nil
	}
}

// record publishes the batch's entry in its session's ledger (preparing
// it first when the commits were written after the objects: hooks).
func (w *batchWriter) record(ctx context.Context) error {
	if w.pending == nil {
		if err := w.prepareEntry(); err != nil {
			return err
		}
	}
	w.pending.Check = w.inFlight
	w.pending.Hook = LedgerHook(ctx, w.r)
	w.pending.Settle = func() { settleOthers(ctx, w.r, w.db, w.opt.LockWait()) }
	if in := w.intent; in != nil {
		w.pending.BeforeMove = func(old, entry plumbing.Hash) error {
			in.Old, in.Entry = old, entry
			return in.Write()
		}
	} else {
		// Without a branch move, the ledger's is the point of no return.
		w.pending.BeforeMove = func(_, entry plumbing.Hash) error {
			return w.journal.Point(ledger.Ref(w.opt.Session), entry, w.r.SyncerFor(durability.Reference))
		}
	}
	var err error
	w.recorded, err = w.pending.Publish(ctx, w.opt.LockWait())
	if err != nil && ctx.Err() != nil {
		return interrupted(ctx)
	}
	return repo.LedgerError(w.opt.Session, err)
}

// unrecord puts the ledger back after a batch that did not complete (a
// ledger that moved since is left as it is).
func (w *batchWriter) unrecord() {
	if w.recorded == nil {
		return
	}
	_ = ledger.New(w.db, w.r.Refs()).Revoke(context.Background(), w.recorded, w.opt.LockWait())
	w.recorded = nil
}

// ledgerRecord describes the batch for its ledger: its changes, its
// commit's message (or the one it would have had) and identities, the
// branch commit in commit mode, and the commit it started from.
func (w *batchWriter) ledgerRecord() (ledger.Record, error) {
	rec := ledger.Record{Session: w.opt.Session, Changes: make([]ledger.Change, len(w.changes)), WriteBefore: w.writeBefore}
	for i, c := range w.changes {
		rec.Changes[i] = ledger.Change{Path: c.after.Rel}
		if c.before.Exists {
			rec.Changes[i].Before = ledger.Side{Hash: c.blobBefore, Mode: c.modeBefore}
		}
		if c.after.Exists {
			rec.Changes[i].After = ledger.Side{Hash: c.blobAfter, Mode: c.modeAfter}
		}
	}
	if p := w.written; p != nil {
		rec.Base, rec.Author, rec.Committer = w.head.Commit, p.author, p.committer
		rec.Message = p.commits[len(p.commits)-1].msg
		if p.record != "" {
			rec.Message = p.record
		}
		rec.Commit = plumbing.NewHash(w.out.Commits[len(w.out.Commits)-1])
		return rec, nil
	}
	rec.ReadBase = func() (plumbing.Hash, error) {
		head, err := w.r.Refs().ReadHead()
		if err != nil {
			return plumbing.ZeroHash, spec.IOError("read HEAD", err)
		}
		return head.Commit, nil
	}
	rec.Message = message(w.meta, w.out.Files, w.opt.Session, w.opt.Agent)
	rec.Author, rec.Committer = w.ledgerIdentities(time.Now())
	return rec, nil
}

// writeBefore stores the old content of change i, for an outside entry.
func (w *batchWriter) writeBefore(i int) error {
	c := w.changes[i]
	return objects.WriteBlobAs(w.db, c.gitBefore, c.blobBefore)
}

// ledgerIdentities are a staging-mode entry's author and committer, as
// its commit would have had them; when git knows no identity, gitedit's
// own (a ledger entry does not refuse the batch).
func (w *batchWriter) ledgerIdentities(now time.Time) (author, committer string) {
	fallback := fmt.Sprintf("gitedit <gitedit@localhost> %d %s", now.Unix(), now.Format("-0700"))
	src, err := identitySource(w.r, os.LookupEnv)
	if err != nil {
		return fallback, fallback
	}
	if committer, err = signature(roleCommitter, "", src, now); err != nil {
		committer = fallback
	}
	if author, err = signature(roleAuthor, w.opt.Author, src, now); err != nil {
		author = committer
	}
	return author, committer
}
