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
	sizes := []int{50, 5000}
	if b.s.large {
		sizes = append(sizes, 100000)
	}
	for _, n := range sizes {
		if err := b.ledgerRow(n); err != nil {
			return err
		}
	}
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
	vals := map[int]int{}
	next := func(f int) (string, string) {
		v := vals[f] + 1
		vals[f] = v
		return fmt.Sprintf("value = %d", v), fmt.Sprintf("value = %d", v+1)
	}
	for i := 0; i <= b.s.rounds; i++ {
		fa, fb := (2*i)%files, (2*i+1)%files
		oldA, newA := next(fa)
		oldB, newB := next(fb)
		with, plain, err := timedPair(i, func() (time.Duration, error) {
			return b.timedGitedit(r, dir, "edit", benchrepo.FileName(fa), "--old", oldA, "--new", newA, "--session", "bench")
		}, func() (time.Duration, error) {
			return b.timedGitedit(without, dir, "edit", benchrepo.FileName(fb), "--old", oldB, "--new", newB)
		})
		if err != nil {
			return err
		}
		if i > 0 {
			r.add(with, plain)
		}
	}
	b.rows = append(b.rows, r)
	// Everything staged: the working tree is what the index holds.
	return benchrepo.Command(dir, "git", "diff", "--quiet")
}
