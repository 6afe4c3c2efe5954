package batch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/durability"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A commit-mode batch of a session writes its intent (ledger.Intent) to
// $GIT_DIR/gitedit/ledger-intent (per index, as the temporary files'
// journal is) just before its ledger's lock is renamed, made durable as
// core.fsync asks for references, and removes it once the branch moved
// or the ledger is back. A batch that finds an intent holds index.lock,
// so the intent's writer is dead (every writer of that index holds the
// lock while its intent exists), and settles it (ledger.Settle: the
// ledger is rolled back when the branch does not hold the commit).
// Readers of the ledgers do the same when they can take index.lock at
// once (RecoverLedger).

// intentPath is the intent file of r's index (see tempJournalPath).
func intentPath(r *repo.Repo) string {
	name := "ledger-intent"
	if tag := indexTag(r); tag != "" {
		name += "-" + tag
	}
	return filepath.Join(r.GitDir(), "gitedit", name)
}

// newIntent is the intent of a batch that moves u's ref after r's
// session ledger (the ledger's old tip and entry are set when the ledger
// is about to move).
func newIntent(r *repo.Repo, ledgerRef string, u *refs.Update) *ledger.Intent {
	in := &ledger.Intent{Ledger: ledgerRef, Branch: u.Ref, Commit: u.New, Path: intentPath(r),
		Sync: r.SyncerFor(durability.Reference)}
	if indexTag(r) != "" { // GIT_INDEX_FILE: named, for the other indexes' readers
		in.Index, _ = filepath.Abs(r.IndexFile())
	}
	return in
}

// recoverIntent settles the intent a dead writer of r's index left, if
// any; it must be called with index.lock held.
func recoverIntent(ctx context.Context, r *repo.Repo, timeout time.Duration) error {
	p := intentPath(r)
	if _, err := os.Lstat(p); err != nil {
		return nil // none (the common case: one stat)
	}
	db := objects.NewDB(r.ObjectsDir())
	db.PackCache = r.Packs()
	defer db.Close()
	return ledger.Settle(ctx, db, r.Refs(), p, timeout, LedgerHook(ctx, r))
}

// RecoverLedger settles, for a reader of the session ledgers, the
// intents killed commit-mode batches left, of r's index and of every
// worktree's: each only when its index.lock can be taken at once (a live
// writer holds it, as does a killed one's stale lock until it is
// removed). It also rolls back the files of a batch of r's index killed
// before its point of no return (recoverFiles), under the same
// condition, and returns the note saying what that did, if anything.
func RecoverLedger(ctx context.Context, r *repo.Repo) ([]string, error) {
	own := intentPath(r)
	left := otherIntents(r)
	var notes []string
	if killedRecord(r) {
		notes = recoverFilesAtOnce(ctx, r)
	}
	if _, err := os.Lstat(own); err != nil && len(left) == 0 {
		return notes, nil // none (the common case: a few stats)
	}
	db := objects.NewDB(r.ObjectsDir())
	db.PackCache = r.Packs()
	defer db.Close()
	settleOthers(ctx, r, db, 0)
	return notes, settleAt(ctx, r, db, own, r.IndexFile(), 0)
}

// settleAt settles the intent at path, if any, under the lock of its
// index taken at once (nothing when it cannot be).
func settleAt(ctx context.Context, r *repo.Repo, db *objects.DB, path, index string, timeout time.Duration) error {
	if _, err := os.Lstat(path); err != nil {
		return nil
	}
	lock, err := lockfile.Acquire(ctx, index, 0)
	if err != nil {
		return nil
	}
	defer lock.Rollback()
	return ledger.Settle(ctx, db, r.Refs(), path, timeout, LedgerHook(ctx, r))
}

// The intents of other worktrees. A batch in worktree B killed between
// its ledger's move and its branch's leaves its intent in B's git dir;
// a batch of the same session in another worktree must not append on
// that entry (it would stay should B's batch never complete, its commit
// on no branch), so a session batch, with the ledger locked, looks for
// an intent of any index naming the ledger's tip (inFlight), and when
// there is one, settles what it can (settleOthers) and waits for it.

// gitDirs lists the git dirs of the repository's worktrees: the common
// dir (the main worktree's) and each $GIT_COMMON_DIR/worktrees/<name>.
func gitDirs(r *repo.Repo) []string {
	dirs := []string{r.CommonDir()}
	linked, _ := os.ReadDir(filepath.Join(r.CommonDir(), "worktrees"))
	for _, d := range linked {
		if d.IsDir() {
			dirs = append(dirs, filepath.Join(r.CommonDir(), "worktrees", d.Name()))
		}
	}
	return dirs
}

// otherIntents lists the intent files of every index of the repository
// but r's own (an index named by GIT_INDEX_FILE included).
func otherIntents(r *repo.Repo) []string {
	own := filepath.Clean(intentPath(r))
	var out []string
	for _, dir := range gitDirs(r) {
		names, _ := os.ReadDir(filepath.Join(dir, "gitedit"))
		for _, n := range names {
			p := filepath.Join(dir, "gitedit", n.Name())
			if strings.HasPrefix(n.Name(), "ledger-intent") && p != own {
				out = append(out, p)
			}
		}
	}
	return out
}

// settleOthers settles the intents killed batches left for the other
// indexes (other worktrees' and those named by GIT_INDEX_FILE), each
// under its index's lock taken at once; best effort.
func settleOthers(ctx context.Context, r *repo.Repo, db *objects.DB, timeout time.Duration) {
	for _, p := range otherIntents(r) {
		if index := intentIndex(p); index != "" {
			_ = settleAt(ctx, r, db, p, index, timeout)
		}
	}
}

// intentIndex is the index file whose writer left the intent at p: its
// git dir's own index for ledger-intent, else the (absolute) index file
// the intent records (an intent an older gitedit wrote records none:
// only that index's next batch or reader settles it).
func intentIndex(p string) string {
	if filepath.Base(p) == "ledger-intent" {
		return filepath.Join(filepath.Dir(filepath.Dir(p)), "index")
	}
	if index := ledger.IntentIndex(p); filepath.IsAbs(index) {
		return index
	}
	return ""
}

// inFlight is a session batch's ledger check (ledger.Pending.Check):
// an error wrapping ledger.ErrInFlight when another index's intent names
// the ledger's tip old.
func (w *batchWriter) inFlight(old plumbing.Hash) error {
	ref := ledger.Ref(w.opt.Session)
	for _, p := range otherIntents(w.r) {
		if ledger.InFlight(w.db, w.r.Refs(), p, ref, old) {
			return fmt.Errorf("%w (%s names %s)", ledger.ErrInFlight, p, old)
		}
	}
	return nil
}

// intentError gives the failure to settle a killed batch's intent its
// code: locked when the ledger's lock is held, the hook's conflict when
// the reference-transaction hook refused the rollback, else io_error.
func intentError(err error) error {
	var se *spec.Error
	if errors.As(err, &se) {
		return &spec.Error{Code: se.Code, FilePath: se.FilePath, Message: "settle the ledger entry of a killed batch: " + se.Message, Err: err}
	}
	if errors.Is(err, lockfile.ErrLocked) {
		return spec.LockedError(fmt.Errorf("settle the ledger entry of a killed batch: %w", err))
	}
	return spec.IOError("settle the ledger entry of a killed batch", err)
}
