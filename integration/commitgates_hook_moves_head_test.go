package integration

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestHookMovingHeadIsRefusedAsGitRefusesIt runs a commit-mode batch of a
// new session whose pre-commit hook switches HEAD to a branch on an
// unrelated (orphan) commit, or detaches it there. gitedit used to
// commit onto the branch it had read before the hooks, leaving HEAD on
// the unrelated commit with the index and the files of the other branch,
// and the session's ledger rooted on a commit HEAD no longer descended
// from. git commit refuses ("cannot lock ref 'HEAD': is at X but
// expected A"); so does gitedit now, with conflict, leaving files,
// index, branches and ledgers as they were (HEAD as the hook left it, as
// git leaves it).
func TestHookMovingHeadIsRefusedAsGitRefusesIt(t *testing.T) {
	for name, script := range map[string]string{
		"switch": "git symbolic-ref HEAD refs/heads/other\n",
		"detach": "git update-ref --no-deref HEAD \"$(git rev-parse other)\"\n",
	} {
		t.Run(name, func(t *testing.T) {
			dir := hookRepo(t)
			main := git(t, dir, "rev-parse", "HEAD")
			orphan := git(t, dir, "commit-tree", "-m", "unrelated", git(t, dir, "mktree"))
			git(t, dir, "update-ref", "refs/heads/other", orphan)
			installHook(t, filepath.Join(dir, ".git", "hooks"), "pre-commit", script)

			write(t, dir, "a.txt", "uno\n")
			git(t, dir, "add", "a.txt")
			g := runIn(t, dir, fixtures.Env(fixtures.Home(dir)), "", "git", "commit", "-qm", "x")
			require.NotEqual(t, 0, g.code, "git commit")
			require.Contains(t, g.stderr, "cannot lock ref 'HEAD'")
			require.Equal(t, main, git(t, dir, "rev-parse", "refs/heads/main"), "git moved no branch")
			git(t, dir, "symbolic-ref", "HEAD", "refs/heads/main")
			git(t, dir, "reset", "-q", "--hard")

			before := take(t, dir)
			m, r := jsonResult(t, dir, "", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "--session", "k")
			require.Equal(t, 1, r.code, r.stderr)
			e := m["error"].(map[string]any)
			require.Equal(t, "conflict", e["code"])
			require.Contains(t, e["message"], "HEAD")
			after := take(t, dir)
			require.Equal(t, before.files, after.files)
			require.Equal(t, before.index, after.index)
			require.Equal(t, main, git(t, dir, "rev-parse", "refs/heads/main"), "the branch did not move")
			require.Equal(t, orphan, git(t, dir, "rev-parse", "HEAD"), "HEAD as the hook left it")
			ledgers := git(t, dir, "for-each-ref", "refs/gitedit/")
			require.Equal(t, "", ledgers, "no ledger rooted anywhere")
			require.NoFileExists(t, filepath.Join(dir, ".git", "index.lock"))
		})
	}
}
