//go:build unix

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// killInLinkedWorktree makes a linked worktree B (branch b) of dir, runs
// a commit-mode batch of session k there and kills it (SIGKILL) between
// its ledger's move and its branch's. It returns B, the entry left and
// B's stale locks (index.lock, HEAD.lock, the branch's lock).
func killInLinkedWorktree(t *testing.T, dir string) (string, string, []string) {
	t.Helper()
	wt := filepath.Join(filepath.Dir(dir), "B")
	git(t, dir, "worktree", "add", "-q", "-b", "b", wt)
	head := git(t, wt, "rev-parse", "HEAD")
	p := startPausedWithInput(t, wt, "ledger moved", "", "edit", "greet.go", "--old", "\treturn", "--new", "\tX return",
		"--session", "k", "--commit")
	code, _ := p.signal(t, syscall.SIGKILL)
	require.Equal(t, -1, code)
	require.Equal(t, head, git(t, wt, "rev-parse", "HEAD"), "B's branch did not move")
	gd := filepath.Join(dir, ".git", "worktrees", "B")
	require.FileExists(t, filepath.Join(gd, "gitedit", "ledger-intent"))
	locks := []string{filepath.Join(gd, "index.lock"), filepath.Join(gd, "HEAD.lock"), filepath.Join(dir, ".git", "refs", "heads", "b.lock")}
	return wt, git(t, dir, "rev-parse", ledgerRef("k")), locks
}

// TestKilledBatchOfLinkedWorktreeLeavesNoPhantom kills a commit-mode
// batch of session k in a linked worktree between its two renames, then
// runs batches of k in the main worktree. While B's stale locks remain,
// B's entry may yet complete, so the main worktree's batch does not
// append on it: it is refused with locked and changes nothing. Once the
// locks are removed (git's recovery), the main worktree's batch settles
// B's intent (the entry is rolled back) and appends on the entry before
// it; the killed batch's entry is on no ledger, listed by no reader.
func TestKilledBatchOfLinkedWorktreeLeavesNoPhantom(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "d/b.txt": "bee\n"})
	ok(t, dir, "edit", "d/b.txt", "--old", "bee", "--new", "bees", "--session", "k", "--commit")
	tip := git(t, dir, "rev-parse", ledgerRef("k"))
	wt, phantom, locks := killInLinkedWorktree(t, dir)
	require.NotEqual(t, tip, phantom)
	head := git(t, dir, "rev-parse", "HEAD")

	edit := []string{"edit", "d/b.txt", "--old", "bees", "--new", "wasps", "--session", "k", "--commit", "--lock-timeout", "200ms", "--json"}
	res := gitedit(t, dir, "", edit...)
	require.NotEqual(t, 0, res.code, res.stdout)
	require.Contains(t, res.stdout+res.stderr, "locked")
	require.Equal(t, phantom, git(t, dir, "rev-parse", ledgerRef("k")), "a refused batch leaves the ledger")
	require.Equal(t, head, git(t, dir, "rev-parse", "HEAD"))
	require.Equal(t, "bees\n", read(t, dir, "d/b.txt"))

	for _, l := range locks {
		require.NoError(t, os.Remove(l), l)
	}
	ok(t, dir, edit[:len(edit)-3]...)
	newTip := git(t, dir, "rev-parse", ledgerRef("k"))
	require.Equal(t, tip, git(t, dir, "rev-parse", newTip+"^"), "the entry follows the one before the killed batch")
	require.NotContains(t, git(t, dir, "rev-list", ledgerRef("k")), phantom)
	require.NoFileExists(t, filepath.Join(dir, ".git", "worktrees", "B", "gitedit", "ledger-intent"))
	show := ok(t, wt, "session", "show", "k", "--json").stdout
	require.NotContains(t, show, "X return")
	require.NotContains(t, show, phantom)
	require.Equal(t, newTip, git(t, wt, "rev-parse", ledgerRef("k")), "B's recovery leaves the ledger")
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
	require.NoError(t, err, "git fsck: %s", out)
}

// TestReaderInMainWorktreeSettlesLinkedIntent: once a killed batch's
// stale locks in a linked worktree are removed, a reader in the main
// worktree (session show) rolls its entry back.
func TestReaderInMainWorktreeSettlesLinkedIntent(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "d/b.txt": "bee\n"})
	ok(t, dir, "edit", "d/b.txt", "--old", "bee", "--new", "bees", "--session", "k", "--commit")
	tip := git(t, dir, "rev-parse", ledgerRef("k"))
	_, phantom, locks := killInLinkedWorktree(t, dir)
	for _, l := range locks {
		require.NoError(t, os.Remove(l), l)
	}
	show := ok(t, dir, "session", "show", "k", "--json").stdout
	require.False(t, strings.Contains(show, phantom), show)
	require.Equal(t, tip, git(t, dir, "rev-parse", ledgerRef("k")))
	require.NoFileExists(t, filepath.Join(dir, ".git", "worktrees", "B", "gitedit", "ledger-intent"))
}
