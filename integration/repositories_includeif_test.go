package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestIncludeIfGitdirUnderHomeMatchesAsGitDoes puts the repository at
// ~/work/proj and its identity in a file ~/.gitconfig includes with an
// includeIf "gitdir:~/..." condition, and compares the author gitedit
// commits with `git var GIT_AUTHOR_IDENT`: "~" expands to HOME's real
// path with the rest as written, and a pattern ending in "/" matches
// everything below (git appends "**"). Expanding "~/work/" to
// "$HOME/work" (the slash dropped) matched only the folder itself.
func TestIncludeIfGitdirUnderHomeMatchesAsGitDoes(t *testing.T) {
	patterns := []string{
		"gitdir:~/work/", "gitdir/i:~/WORK/", "gitdir:~/", "gitdir:~/work/proj/",
		"gitdir:~/work/proj/.git", "gitdir:~/work", "gitdir:~/work/p*/", "gitdir:~/other/",
	}
	for _, pattern := range patterns {
		for _, viaLink := range []bool{false, true} {
			name := pattern
			if viaLink {
				name += " HOME through a symlink"
			}
			t.Run(name, func(t *testing.T) {
				home, dir := homeRepo(t, pattern, viaLink)
				env := gateEnv(dir, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
				want := runIn(t, dir, env, "", "git", "var", "GIT_AUTHOR_IDENT")
				require.Equal(t, 0, want.code, want.stderr)
				r := runIn(t, dir, env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "two", "--commit")
				require.Equal(t, 0, r.code, "stderr: %s", r.stderr)
				require.Equal(t, maskTime(strings.TrimSpace(want.stdout)), maskTime(headerLine(t, dir, "HEAD", "author")))
			})
		}
	}
	// The cases above must tell the two identities apart.
	home, dir := homeRepo(t, "gitdir:~/work/", false)
	env := gateEnv(dir, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
	require.Contains(t, runIn(t, dir, env, "", "git", "var", "GIT_AUTHOR_IDENT").stdout, "Work Self <work@corp>")
}

// homeRepo makes HOME (a symlink to it when viaLink) with a .gitconfig
// whose includeIf condition is cond, and a repository at ~/work/proj
// holding a.txt; it returns HOME and the repository.
func homeRepo(t *testing.T, cond string, viaLink bool) (home, dir string) {
	t.Helper()
	top := t.TempDir()
	home = filepath.Join(top, "home")
	dir = filepath.Join(home, "work", "proj")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	global := "[user]\n\tname = Outside\n\temail = o@x\n[includeIf \"" + cond + "\"]\n\tpath = work.inc\n"
	fixtures.WriteFiles(t, home, map[string]string{".gitconfig": global, "work.inc": "[user]\n\tname = Work Self\n\temail = work@corp\n"})
	fixtures.Git(t, dir, "init", "-q", "-b", "main")
	fixtures.WriteFiles(t, dir, map[string]string{"a.txt": "one\n"})
	fixtures.Git(t, dir, "add", "a.txt")
	fixtures.Git(t, dir, "commit", "-qm", "initial")
	if viaLink {
		link := filepath.Join(top, "homelink")
		require.NoError(t, os.Symlink(home, link))
		home = link
	}
	return home, dir
}
