//go:build unix

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

const zeroID = "0000000000000000000000000000000000000000"

// hookLog truncates the hook's log and returns a function that reads the
// blocks logged since that name a session ledger, the zero id as 0,
// leaving out git's own packed-refs transaction (a
// line of two zero ids, which git 2.39 sends around a deletion besides
// the deletion's own lines).
func hookLog(t *testing.T, log string) func() string {
	require.NoError(t, os.WriteFile(log, nil, 0o644))
	return func() string {
		var kept []string
		for _, b := range strings.Split(read(t, filepath.Dir(log), filepath.Base(log)), "== ")[1:] {
			if !strings.Contains(b, "refs/gitedit/sessions/") || strings.Contains(b, zeroID+" "+zeroID) {
				continue
			}
			b = strings.ReplaceAll(b, zeroID, "0")
			kept = append(kept, "== "+b)
		}
		return strings.Join(kept, "")
	}
}

// A killed commit-mode batch's ledger rolled back by the next batch ran
// no reference-transaction hook, while git runs it for the same update
// (git update-ref ref <old> <entry>) or deletion (git update-ref -d ref
// <entry>, for a new ledger). Now the rollback runs it with git's lines;
// a hook that refuses it aborts it: the batch is refused with conflict
// and the hook's message, the intent stays, and nothing changes (files,
// index, refs); once the hook accepts, the next batch rolls back.
func TestLedgerRollbackRunsTheReferenceTransactionHook(t *testing.T) {
	for _, fresh := range []bool{false, true} {
		dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "d/b.txt": "bee\n"})
		tip := zeroID
		if !fresh {
			ok(t, dir, "edit", "d/b.txt", "--old", "bee", "--new", "bees", "--session", "k", "--commit")
			tip = git(t, dir, "rev-parse", ledgerRef("k"))
		}
		entry := killBetweenLedgerAndBranch(t, dir)
		git(t, dir, "checkout", "-q", "--", "greet.go")
		log := filepath.Join(filepath.Dir(dir), "hook.log")
		refusingTxHook(t, dir, log, "refs/gitedit/sessions/")

		lines := hookLog(t, log)
		args := []string{"update-ref", ledgerRef("k"), tip, entry}
		if fresh {
			args = []string{"update-ref", "-d", ledgerRef("k"), entry}
		}
		_, err := fixtures.RunGit(dir, args...)
		require.Error(t, err, "git: the hook refuses the ledger's change")
		want := lines()
		require.Equal(t, "== prepared\n"+entry+" "+strings.Replace(tip, zeroID, "0", 1)+" refs/gitedit/sessions/k\n== aborted\n"+entry+" "+strings.Replace(tip, zeroID, "0", 1)+" refs/gitedit/sessions/k\n", want, "fresh=%v", fresh)

		lines = hookLog(t, log)
		before := take(t, dir)
		batch := []string{"edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "k", "--commit", "--json"}
		r := gitedit(t, dir, "", batch...)
		require.Equal(t, "conflict", errorCode(r), "fresh=%v: %s", fresh, r.stdout)
		require.Contains(t, r.stdout, "settle the ledger entry of a killed batch: the reference-transaction hook refused the update of refs/gitedit/sessions/k")
		require.Contains(t, r.stdout, "no prepared refs/gitedit/sessions/", "the hook's own message")
		require.Equal(t, want, lines(), "fresh=%v: the lines git gives", fresh)
		requireUnchanged(t, before, take(t, dir))
		require.FileExists(t, filepath.Join(dir, ".git", "gitedit", "ledger-intent"), "the intent stays")

		refusingTxHook(t, dir, log) // now accepting
		lines = hookLog(t, log)
		ok(t, dir, "session", "list")
		if fresh {
			tip = ""
		}
		requireRolledBack(t, dir, tip, entry)
		require.Equal(t, strings.Replace(want, "== aborted", "== committed", 1), lines(), "fresh=%v: prepared, then committed", fresh)
	}
}

// gitedit session drop ran no reference-transaction hook, while git
// update-ref -d of the same ref runs it. Now it runs it with the line git
// update-ref -d ref <tip> gives; a hook that refuses it refuses the drop
// with conflict and the hook's message, and nothing changes (the ledger
// and its reflog stay).
func TestSessionDropRunsTheReferenceTransactionHook(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	ok(t, dir, "edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "s")
	tip := git(t, dir, "rev-parse", ledgerRef("s"))
	log := filepath.Join(filepath.Dir(dir), "hook.log")
	refusingTxHook(t, dir, log, "refs/gitedit/sessions/")

	lines := hookLog(t, log)
	_, err := fixtures.RunGit(dir, "update-ref", "-d", ledgerRef("s"), tip)
	require.Error(t, err, "git: the hook refuses the deletion")
	want := lines()
	require.Equal(t, "== prepared\n"+tip+" 0 refs/gitedit/sessions/s\n== aborted\n"+tip+" 0 refs/gitedit/sessions/s\n", want)

	lines = hookLog(t, log)
	before, reflog := take(t, dir), read(t, dir, ".git/logs/refs/gitedit/sessions/s")
	r := gitedit(t, dir, "", "session", "drop", "s", "--json")
	require.Equal(t, "conflict", errorCode(r), r.stdout)
	require.Contains(t, r.stdout, "the reference-transaction hook refused the update of refs/gitedit/sessions/s")
	require.Contains(t, r.stdout, "no prepared refs/gitedit/sessions/")
	require.Equal(t, want, lines())
	requireUnchanged(t, before, take(t, dir))
	require.Equal(t, tip, git(t, dir, "rev-parse", ledgerRef("s")))
	require.Equal(t, reflog, read(t, dir, ".git/logs/refs/gitedit/sessions/s"))

	refusingTxHook(t, dir, log) // now accepting
	git(t, dir, "pack-refs", "--all")
	lines = hookLog(t, log)
	ok(t, dir, "session", "drop", "s")
	require.Equal(t, "== prepared\n"+tip+" 0 refs/gitedit/sessions/s\n== committed\n"+tip+" 0 refs/gitedit/sessions/s\n", lines())
	require.False(t, gitOK(dir, "rev-parse", "-q", "--verify", ledgerRef("s")))
	requireHealthy(t, dir)
}
