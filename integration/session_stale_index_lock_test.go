//go:build unix

package integration

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestKilledBetweenLedgerAndIndexKeepsTheEntry kills (SIGKILL) a
// staging-mode batch of a session between its ledger's rename and the
// rename of index.lock. There the batch has passed its point of no
// return: its files are written, so its entry stays (rolling it back
// would leave written files on no record), and what is left is a stale
// index.lock, as a killed git add leaves one. The next run is refused
// with locked, naming the lock and saying to remove it, as git refuses;
// once it is removed, git sees the batch as an unstaged change, session
// show lists it, and undo --session takes it back exactly.
func TestKilledBetweenLedgerAndIndexKeepsTheEntry(t *testing.T) {
	for _, fresh := range []bool{false, true} {
		t.Run(fmt.Sprintf("new ledger=%v", fresh), func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "d/b.txt": "bee\n"})
			tip := ""
			if !fresh {
				ok(t, dir, "edit", "d/b.txt", "--old", "bee", "--new", "bees", "--session", "k")
				git(t, dir, "commit", "-qm", "first batch")
				tip = git(t, dir, "rev-parse", ledgerRef("k"))
			}
			head, staged := git(t, dir, "rev-parse", "HEAD"), git(t, dir, "rev-parse", ":greet.go")
			newFile := strings.Replace(greet, "hello", "hi", 1)
			p := startPausedWithInput(t, dir, "ledger moved", "", "edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "k")
			code, _ := p.signal(t, syscall.SIGKILL)
			require.Equal(t, -1, code)

			entry := requireKilledAfterLedger(t, dir, tip, head, staged, newFile)
			requireStaleIndexLockRefused(t, dir)
			require.NoError(t, os.Remove(filepath.Join(dir, ".git", "index.lock")))
			require.Equal(t, "greet.go", git(t, dir, "diff", "--name-only"), "git status: modified, not staged")
			require.Equal(t, "", git(t, dir, "diff", "--cached", "--name-only"))
			require.Equal(t, git(t, dir, "diff", entry+"^", entry), git(t, dir, "diff"), "the unstaged change is the entry's")
			requireShownThenUndone(t, dir, entry)
		})
	}
}

// requireKilledAfterLedger checks what the killed batch left: its entry
// on session k's ledger (on tip, or on a start entry on head when tip is
// ""), the file written, index.lock, the index and HEAD as before, and a
// repository git fsck --strict passes. It returns the entry.
func requireKilledAfterLedger(t *testing.T, dir, tip, head, staged, newFile string) string {
	t.Helper()
	entry := git(t, dir, "rev-parse", ledgerRef("k"))
	parent := git(t, dir, "rev-parse", entry+"^")
	if tip == "" {
		require.Equal(t, head, git(t, dir, "rev-parse", parent+"^"), "a new ledger starts on HEAD")
	} else {
		require.Equal(t, tip, parent, "one entry added")
	}
	require.Equal(t, fmt.Sprintf(":100644 100644 %s %s M\tgreet.go", blobID(greet), blobID(newFile)), entryRaw(t, dir, entry))
	require.Equal(t, newFile, read(t, dir, "greet.go"), "the entry records what the working tree holds")
	require.FileExists(t, filepath.Join(dir, ".git", "index.lock"))
	require.Equal(t, staged, git(t, dir, "rev-parse", ":greet.go"), "the index is the old one")
	require.Equal(t, head, git(t, dir, "rev-parse", "HEAD"))
	require.NoFileExists(t, filepath.Join(dir, ".git", "gitedit", "ledger-intent"), "no intent in staging mode")
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
	require.NoError(t, err, "git fsck: %s", out)
	return entry
}

// requireStaleIndexLockRefused checks that, while the stale index.lock
// stays, gitedit refuses a batch and undo --session with locked, naming
// the lock file and saying to remove it when no other process runs,
// changing nothing, as git add refuses ("Unable to create ...").
func requireStaleIndexLockRefused(t *testing.T, dir string) {
	t.Helper()
	lock := filepath.Join(dir, ".git", "index.lock")
	_, err := fixtures.RunGit(dir, "add", "greet.go")
	require.ErrorContains(t, err, "'"+lock+"': File exists")
	before, ledger := take(t, dir), takeLedger(t, dir)
	for _, args := range [][]string{
		{"edit", "greet.go", "--old", "hi", "--new", "hey", "--session", "k"},
		{"undo", "--session", "k"},
	} {
		m, r := jsonResult(t, dir, "", append(args, "--lock-timeout", "0")...)
		require.Equal(t, 1, r.code, r.stderr)
		e := m["error"].(map[string]any)
		require.Equal(t, "locked", e["code"])
		msg := e["message"].(string)
		require.Contains(t, msg, lock)
		require.Contains(t, msg, "if none is")
		require.Contains(t, msg, "remove the lock file")
	}
	requireUnchanged(t, before, take(t, dir))
	require.Equal(t, ledger, takeLedger(t, dir))
}

// requireShownThenUndone checks that session show lists entry as the
// newest batch, not undone, and that undo --session --last 1 takes it
// back: the file and the index as HEAD has them (git status clean), no
// note about changes of the user's own, the entry then shown undone,
// and git fsck --strict clean.
func requireShownThenUndone(t *testing.T, dir, entry string) {
	t.Helper()
	var show struct {
		Batches []struct {
			Entry  string   `json:"entry"`
			Files  []string `json:"files"`
			Undone bool     `json:"undone"`
		} `json:"batches"`
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, dir, "session", "show", "k", "--json").stdout), &show))
	require.Equal(t, entry, show.Batches[0].Entry)
	require.Equal(t, []string{"greet.go"}, show.Batches[0].Files)
	require.False(t, show.Batches[0].Undone)

	r := ok(t, dir, "undo", "--session", "k", "--last", "1")
	require.NotContains(t, r.stdout+r.stderr, "changes of its own", "the only unstaged change was the batch's")
	require.Equal(t, greet, read(t, dir, "greet.go"))
	require.Equal(t, "", git(t, dir, "status", "--porcelain", "--untracked-files=no"))
	require.NoError(t, json.Unmarshal([]byte(ok(t, dir, "session", "show", "k", "--json").stdout), &show))
	require.Equal(t, entry, show.Batches[1].Entry)
	require.True(t, show.Batches[1].Undone)
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
	require.NoError(t, err, "git fsck: %s", out)
}
