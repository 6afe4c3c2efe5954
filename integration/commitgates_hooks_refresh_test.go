package integration

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestPreCommitRefreshingStatDataCommitsAsGitDoes: a pre-commit hook that
// runs git status or git diff (lint-staged, the pre-commit framework)
// while a tracked file has stale stat data rewrites the index it is given
// with fresh stat data, and nothing else. git commit commits; so does
// gitedit, twice in a row, to the same tree, leaving the same status; in
// the whole-index case (the hooks get index.lock) the refresh is kept, as
// git keeps it (git diff-files, which does not refresh, sees no change).
func TestPreCommitRefreshingStatDataCommitsAsGitDoes(t *testing.T) {
	for _, c := range []struct {
		name   string
		git    []string // the git commit that commits what gitedit commits
		staged bool     // another staged change: the hooks get a temporary index
	}{
		{name: "whole index", git: []string{"commit", "-q", "-a", "-m", "m"}},
		{name: "partial commit", git: []string{"commit", "-q", "-m", "m", "--", "a.txt"}, staged: true},
	} {
		for _, refresh := range []string{"git status --porcelain >/dev/null", "git diff >/dev/null"} {
			t.Run(c.name+"/"+refresh, func(t *testing.T) {
				got := map[string][]string{}
				for _, who := range []string{"git", "gitedit"} {
					dir := hookRepo(t)
					installHook(t, filepath.Join(dir, ".git", "hooks"), "pre-commit", refresh+"\n")
					if c.staged {
						write(t, dir, "b.txt", "beta\n")
						git(t, dir, "add", "b.txt")
					}
					old := time.Now().Add(-time.Hour)
					require.NoError(t, os.Chtimes(filepath.Join(dir, "sub", "c.txt"), old, old))
					require.Equal(t, "sub/c.txt", git(t, dir, "diff-files", "--name-only"), "stale stat data")
					for _, step := range [][2]string{{"one", "uno"}, {"uno", "dos"}} {
						var r run
						if who == "git" {
							write(t, dir, "a.txt", step[1]+"\n")
							r = runIn(t, dir, fixtures.Env(fixtures.Home(dir)), "", "git", c.git...)
						} else {
							r = gitedit(t, dir, "", "edit", "a.txt", "--old", step[0], "--new", step[1], "--commit", "-m", "m")
						}
						require.Equal(t, 0, r.code, "%s %s: %s", who, step[1], r.stderr)
						got[who] = append(got[who], git(t, dir, "rev-parse", "HEAD^{tree}"), git(t, dir, "status", "--porcelain"))
					}
					if !c.staged {
						require.Empty(t, git(t, dir, "diff-files", "--name-only"), "%s: the hook's refresh was kept", who)
					}
					requireHealthy(t, dir)
				}
				require.Equal(t, got["git"], got["gitedit"])
			})
		}
	}
}
