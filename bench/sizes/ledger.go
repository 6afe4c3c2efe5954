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
func (b *bench) ledgerRows() error {
	if err := b.eachSize(b.ledgerRow); err != nil {
		return err
	}
	return b.ledgerFloorRow()
}

// ledgerFloorRow times the floor of recording: an edit's unavoidable
// writes (floor) with the ledger entry's (ledgerWrites) against without,
// alternating call by call in two 50-file repositories. Its ratio is the
// least any recording that writes git objects and moves a ref can cost on
// this disk.
func (b *bench) ledgerFloorRow() error {
	with, err := b.newLedgerFloor("floor-ledger")
	if err != nil {
		return err
	}
	without, err := b.newFloor("floor-plain", false)
	if err != nil {
		return err
	}
	r := &row{name: "floor: an edit's writes with a ledger entry's (gitedit column) vs without (git CLI column), 50 files", target: "–"}
	for i := -10; i < 10*b.s.rounds; i++ { // 10 warm-up calls each
		f := (i + 10) % 50
		content := fmt.Sprintf("package p0\n\n// File %d.\nconst value = %d\n", f, i+20)
		a, c, err := timedPair(i+10, func() (time.Duration, error) { return with.call(f, content) },
			func() (time.Duration, error) { return without.call(f, content) })
		if err != nil {
			return err
		}
		if i >= 0 {
			r.add(a, c)
		}
	}
	b.rows = append(b.rows, r)
	return nil
}

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
