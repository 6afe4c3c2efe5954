package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestHookFolderFailsAsGitFails: a folder at .git/hooks/<hook> passes
// git's find_hook (access X_OK), and running it fails: git commit stops
// ("cannot exec ...: Permission denied") for pre-commit,
// prepare-commit-msg and commit-msg, and reports it for post-commit after
// committing. gitedit skipped such a folder and committed.
func TestHookFolderFailsAsGitFails(t *testing.T) {
	for _, hook := range []string{"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit"} {
		t.Run(hook, func(t *testing.T) {
			dir := hookRepo(t)
			require.NoError(t, os.Mkdir(filepath.Join(dir, ".git", "hooks", hook), 0o755))
			env := fixtures.Env(fixtures.Home(dir))
			before := take(t, dir)
			r := runIn(t, dir, env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
			write(t, dir, "b.txt", "beta\n")
			g := runIn(t, dir, env, "", "git", "commit", "-q", "-m", "by git", "b.txt")
			require.Contains(t, g.stderr, "cannot exec")
			if hook == "post-commit" {
				require.Equal(t, 0, g.code, g.stderr)
				require.Equal(t, 0, r.code, r.stderr)
				require.Contains(t, r.stderr, "post-commit hook could not run")
				return
			}
			require.NotEqual(t, 0, g.code, "git commit ran with a %s folder", hook)
			require.Equal(t, 1, r.code, "%+v", r)
			write(t, dir, "b.txt", "alpha\n")
			requireUnchanged(t, before, take(t, dir))
		})
	}
}

// TestHooksInALinkedWorktreeSeeWhatGitCommitGives records the commit
// hooks' arguments and git variables for a commit in a linked worktree,
// made by git commit and by gitedit: git exports GIT_DIR (the worktree's
// git directory, found through its .git file), which gitedit left unset.
func TestHooksInALinkedWorktreeSeeWhatGitCommitGives(t *testing.T) {
	logs := map[string]string{}
	for _, who := range []string{"git", "gitedit"} {
		dir := hookRepo(t)
		wt := filepath.Join(t.TempDir(), "wt")
		git(t, dir, "worktree", "add", "-q", "-b", "feature", wt)
		log := filepath.Join(t.TempDir(), "log")
		recordingHooks(t, dir, log)
		env := fixtures.Env(fixtures.Home(dir))
		if who == "git" {
			write(t, wt, "a.txt", "uno\n")
			r := runIn(t, wt, env, "", "git", "commit", "-q", "-a", "-m", "m")
			require.Equal(t, 0, r.code, r.stderr)
		} else {
			r := runIn(t, wt, env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "-m", "m")
			require.Equal(t, 0, r.code, r.stderr)
		}
		data, err := os.ReadFile(log)
		require.NoError(t, err)
		s := strings.ReplaceAll(strings.ReplaceAll(string(data), wt, "WT"), dir, "REPO")
		logs[who] = nextIndex.ReplaceAllString(hexID.ReplaceAllString(s, "ID"), "next-index-PID.lock")
	}
	require.Equal(t, logs["git"], logs["gitedit"])
	require.Contains(t, logs["git"], "GIT_DIR=REPO/.git/worktrees/wt\n")
}
