//go:build unix

package integration

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// killBetweenLedgerAndBranch runs a commit-mode batch of session k in dir,
// kills it (SIGKILL) between the rename of the ledger's lock and the
// branch's, checks what it left (the entry, the branch not moved,
// index.lock, the branch's locks and the intent), and removes the locks
// as git's recovery says. It returns the entry left.
func killBetweenLedgerAndBranch(t *testing.T, dir string) string {
	t.Helper()
	head := git(t, dir, "rev-parse", "HEAD")
	p := startPausedWithInput(t, dir, "ledger moved", "", "edit", "greet.go", "--old", "\treturn", "--new", "\tX return",
		"--session", "k", "--commit")
	code, _ := p.signal(t, syscall.SIGKILL)
	require.Equal(t, -1, code)
	entry := git(t, dir, "rev-parse", ledgerRef("k"))
	require.Equal(t, head, git(t, dir, "rev-parse", "HEAD"), "the branch did not move")
	require.NotEqual(t, head, git(t, dir, "rev-parse", entry+"^2"), "the entry names a commit the branch never reached")
	require.FileExists(t, filepath.Join(dir, ".git", "gitedit", "ledger-intent"))
	for _, l := range crashLocks {
		require.NoError(t, os.Remove(filepath.Join(dir, ".git", filepath.FromSlash(l))), l)
	}
	return entry
}

// requireRolledBack checks that session k's ledger is back at tip (gone
// when tip is ""), with a reflog line saying why, that the intent is
// gone, and that the repository passes git fsck --strict.
func requireRolledBack(t *testing.T, dir, tip, entry string) {
	t.Helper()
	now, _ := fixtures.RunGit(dir, "rev-parse", "-q", "--verify", ledgerRef("k"))
	require.Equal(t, tip, strings.TrimSpace(now), "the ledger is rolled back")
	if tip != "" {
		lines := strings.Split(strings.TrimSpace(read(t, dir, ".git/logs/refs/gitedit/sessions/k")), "\n")
		last := lines[len(lines)-1]
		require.True(t, strings.HasPrefix(last, entry+" "+tip+" "), last)
		require.Contains(t, last, "rollback: batch killed before refs/heads/")
	}
	require.NoFileExists(t, filepath.Join(dir, ".git", "gitedit", "ledger-intent"))
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
	require.NoError(t, err, "git fsck: %s", out)
}

// TestKilledBetweenLedgerAndBranchIsRolledBack kills a commit-mode batch
// of a session between its ledger's move and its branch's (the window of
// two renames): the next reader of the ledger (session show, list, log)
// or the next batch finds the batch's intent and puts the ledger back, so
// a batch stopped before its point of no return leaves no entry (SPEC 7).
func TestKilledBetweenLedgerAndBranchIsRolledBack(t *testing.T) {
	settle := map[string][]string{
		"session show": {"session", "show", "k", "--json"},
		"session list": {"session", "list", "--json"},
		"log":          {"log", "--session", "k"},
		"next batch":   {"edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "k", "--commit"},
	}
	for name, args := range settle {
		for _, fresh := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/new ledger=%v", name, fresh), func(t *testing.T) {
				dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "d/b.txt": "bee\n"})
				tip := ""
				if !fresh {
					ok(t, dir, "edit", "d/b.txt", "--old", "bee", "--new", "bees", "--session", "k", "--commit")
					tip = git(t, dir, "rev-parse", ledgerRef("k"))
				}
				entry := killBetweenLedgerAndBranch(t, dir)
				git(t, dir, "checkout", "-q", "--", "greet.go") // the file the killed batch wrote
				res := gitedit(t, dir, "", args...)
				if name != "next batch" {
					if fresh && name == "session show" {
						require.NotEqual(t, 0, res.code) // no session any more
					} else {
						require.Equal(t, 0, res.code, res.stderr)
					}
					requireRolledBack(t, dir, tip, entry)
					return
				}
				require.Equal(t, 0, res.code, res.stderr)
				newTip := git(t, dir, "rev-parse", ledgerRef("k"))
				parent, _ := fixtures.RunGit(dir, "rev-parse", "-q", "--verify", newTip+"^")
				if tip != "" {
					require.Equal(t, tip, strings.TrimSpace(parent), "the next entry follows the rolled-back tip")
				}
				require.Equal(t, git(t, dir, "rev-parse", "HEAD"), git(t, dir, "rev-parse", newTip+"^2"))
				require.NotContains(t, git(t, dir, "rev-list", ledgerRef("k")), entry)
				require.NoFileExists(t, filepath.Join(dir, ".git", "gitedit", "ledger-intent"))
				out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
				require.NoError(t, err, "git fsck: %s", out)
			})
		}
	}
}

// TestIntentOfCompletedBatchKeepsItsEntry leaves the intent of a batch
// whose branch did move (killed after the branch's rename, before the
// intent's removal): the reader keeps the entry and removes the intent.
func TestIntentOfCompletedBatchKeepsItsEntry(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	ok(t, dir, "edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "k", "--commit")
	tip := git(t, dir, "rev-parse", ledgerRef("k"))
	intent := fmt.Sprintf("gitedit-ledger-intent 1\n%s\n%s\n%s\nrefs/heads/main\n%s\n", ledgerRef("k"),
		git(t, dir, "rev-parse", tip+"^"), tip, git(t, dir, "rev-parse", "HEAD"))
	path := filepath.Join(dir, ".git", "gitedit", "ledger-intent")
	require.NoError(t, os.WriteFile(path, []byte(intent), 0o666))
	git(t, dir, "commit", "-q", "--allow-empty", "-m", "later") // the branch moved on since
	ok(t, dir, "session", "show", "k")
	require.Equal(t, tip, git(t, dir, "rev-parse", ledgerRef("k")))
	require.NoFileExists(t, path)
}
