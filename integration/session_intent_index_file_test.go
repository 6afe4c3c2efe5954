//go:build unix

package integration

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// An intent written by a commit-mode batch on an index named by
// GIT_INDEX_FILE named no index file, so only that index's next batch or
// reader settled it: a reader or a batch of the repository's own index
// left the killed batch's entry on the ledger (its commit on no branch),
// and a batch of the same session waited for it, then was refused
// locked. Now the intent records its index file: once that index's stale
// lock is removed, a reader of the own index (session list) or the next
// batch of the session rolls the ledger back, under that index's lock.
func TestAnotherIndexsIntentIsSettledByEveryReader(t *testing.T) {
	for _, settle := range [][]string{
		{"session", "list"},
		{"edit", "d/b.txt", "--old", "bee", "--new", "bees", "--session", "k", "--commit"},
	} {
		dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "d/b.txt": "bee\n"})
		alt := filepath.Join(filepath.Dir(dir), "alt-index")
		env := []string{"GIT_INDEX_FILE=" + alt}
		_, err := fixtures.GitEnv(dir, dir, env, "read-tree", "HEAD")
		require.NoError(t, err)
		head := git(t, dir, "rev-parse", "HEAD")
		p := startPaused(t, dir, "ledger moved", "", env, "edit", "greet.go", "--old", "\treturn", "--new", "\tX return", "--session", "k", "--commit")
		code, _ := p.signal(t, syscall.SIGKILL)
		require.Equal(t, -1, code)
		entry := git(t, dir, "rev-parse", ledgerRef("k"))
		require.Equal(t, head, git(t, dir, "rev-parse", "HEAD"), "the branch did not move")
		intents, _ := filepath.Glob(filepath.Join(dir, ".git", "gitedit", "ledger-intent-*"))
		require.Len(t, intents, 1)
		require.Contains(t, read(t, filepath.Dir(intents[0]), filepath.Base(intents[0])), alt+"\n", "the intent names its index")
		for _, l := range []string{alt + ".lock", filepath.Join(dir, ".git", "HEAD.lock"), filepath.Join(dir, ".git", "refs", "heads", "main.lock")} {
			require.NoError(t, os.Remove(l), l)
		}
		git(t, dir, "checkout", "-q", "--", "greet.go")

		ok(t, dir, settle...)
		require.NoFileExists(t, intents[0], "%v: settled", settle)
		require.NotContains(t, git(t, dir, "rev-list", "--all"), entry, "%v: the killed batch's entry is gone", settle)
		out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
		require.NoError(t, err, "git fsck: %s", out)
	}
}
