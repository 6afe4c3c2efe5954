package integration

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A bare repository found by the walk up, given a work tree with
// GIT_WORK_TREE (relative to the current directory, as git reads it),
// is a repository with that work tree, as git sets it up: an edit of a
// file there (named from the top of the work tree, the current
// directory being outside it) is staged in the bare repository's index,
// where git diff --cached with the same environment shows it. gitedit
// refused it as a bare repository.
func TestBareRepositoryWithGitWorkTreeEditsAsGit(t *testing.T) {
	src := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	root := filepath.Dir(src)
	bare := filepath.Join(root, "b.git")
	git(t, src, "clone", "-q", "--bare", src, bare)
	wt := filepath.Join(root, "wt")
	env := append(fixtures.Env(fixtures.Home(src)), "GIT_WORK_TREE=../wt", "GIT_CEILING_DIRECTORIES="+root)
	require.NoError(t, os.Mkdir(wt, 0o755))
	require.Equal(t, 0, runIn(t, bare, env, "", "git", "reset", "-q", "--hard").code)
	require.Equal(t, "true", git(t, bare, "rev-parse", "--is-bare-repository"))

	r := runIn(t, bare, env, "", "gitedit", "edit", filepath.Join(wt, "a.txt"), "--old", "one", "--new", "two")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "two\n", read(t, wt, "a.txt"))
	diff := runIn(t, bare, env, "", "git", "diff", "--cached", "--name-status")
	require.Equal(t, "M\ta.txt\n", diff.stdout, diff.stderr)
	status := runIn(t, bare, env, "", "git", "status", "--porcelain")
	require.Equal(t, "M  a.txt\n", status.stdout, status.stderr)
}
