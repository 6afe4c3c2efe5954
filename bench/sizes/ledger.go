package main

import (
	"fmt"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// ledgerRows time a staging-mode edit (no commit) at each size with and
// without a session id, that is with and without its entry in the
// session's ledger (docs/sessions.md): the gitedit column is the edit
// with the ledger, the git CLI column the same edit without it, so the
// ratio is the cost of recording (target: at most 20% more).
func (b *bench) ledgerRows() error { return b.eachSize(b.ledgerRow) }

// ledgerRow is one size of ledgerRows.
func (b *bench) ledgerRow(files int) error {
	dir, err := b.repo(fmt.Sprintf("ledger-%d", files), files, benchrepo.ConstBody)
	if err != nil {
		return err
	}
	r := &row{name: fmt.Sprintf("staging-mode edit with the session ledger (gitedit) vs without (git CLI column), %s files", count(files)), target: "≤ 1.2"}
	without := &row{}
	err = b.editPairs(r, files, func(name, old, new string) (time.Duration, error) {
		return b.timedGitedit(r, dir, "edit", name, "--old", old, "--new", new, "--session", "bench")
	}, func(name, old, new string) (time.Duration, error) {
		return b.timedGitedit(without, dir, "edit", name, "--old", old, "--new", new)
	})
	if err != nil {
		return err
	}
	// Everything staged: the working tree is what the index holds.
	return benchrepo.Command(dir, "git", "diff", "--quiet")
}
