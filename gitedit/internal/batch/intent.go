package batch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

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
	return &ledger.Intent{Ledger: ledgerRef, Branch: u.Ref, Commit: u.New, Path: intentPath(r),
		Sync: r.SyncerFor(durability.Reference)}
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
	return ledger.Settle(ctx, db, r.Refs(), p, timeout)
}

// RecoverLedger settles, for a reader of the session ledgers, the intent
// a killed commit-mode batch of r's index left: only when there is one
// and index.lock can be taken at once (a live writer holds it, as does a
// killed one's stale lock until it is removed).
func RecoverLedger(ctx context.Context, r *repo.Repo) error {
	if _, err := os.Lstat(intentPath(r)); err != nil {
		return nil
	}
	lock, err := lockfile.Acquire(ctx, r.IndexFile(), 0)
	if err != nil {
		return nil
	}
	defer lock.Rollback()
	return recoverIntent(ctx, r, 0)
}

// intentError gives the failure to settle a killed batch's intent its
// code: locked when the ledger's lock is held, else io_error.
func intentError(err error) error {
	if errors.Is(err, lockfile.ErrLocked) {
		return spec.LockedError(fmt.Errorf("settle the ledger entry of a killed batch: %w", err))
	}
	return spec.IOError("settle the ledger entry of a killed batch", err)
}
