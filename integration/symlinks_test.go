package integration

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// linksAsFiles returns a repository with the links "link" and "link2" (to
// a.txt) committed, then checked out as plain files under
// core.symlinks=false, as on a file system without symlinks.
func linksAsFiles(t *testing.T) string {
	t.Helper()
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "hello\n", "b.txt": "other\n"})
	for _, l := range []string{"link", "link2"} {
		require.NoError(t, os.Symlink("a.txt", filepath.Join(dir, l)))
	}
	git(t, dir, "add", "link", "link2")
	git(t, dir, "commit", "-q", "-m", "links")
	git(t, dir, "config", "core.symlinks", "false")
	for _, l := range []string{"link", "link2"} {
		require.NoError(t, os.Remove(filepath.Join(dir, l)))
	}
	git(t, dir, "checkout", "--", ".")
	fi, err := os.Lstat(filepath.Join(dir, "link"))
	require.NoError(t, err)
	require.True(t, fi.Mode().IsRegular(), "the link is checked out as a plain file")
	return dir
}

// TestSymlinksFalseEditKeepsLinkModeAsGitAdd: editing a link checked out as
// a plain file stages mode 120000, as git add does; in commit mode neither
// the edited link nor the other one counts as dirty, and the commit holds
// the tree git's own commit holds.
func TestSymlinksFalseEditKeepsLinkModeAsGitAdd(t *testing.T) {
	viaGit, viaGitedit := linksAsFiles(t), linksAsFiles(t)
	write(t, viaGit, "link", "b.txt")
	git(t, viaGit, "add", "link")
	ok(t, viaGitedit, "edit", "link", "--old", "a.txt", "--new", "b.txt")
	require.Equal(t, git(t, viaGit, "ls-files", "-s"), git(t, viaGitedit, "ls-files", "-s"), "staged like git add")
	requireHealthy(t, viaGitedit)

	ok(t, viaGitedit, "edit", "link2", "--old", "a.txt", "--new", "b.txt", "--commit")
	write(t, viaGit, "link2", "b.txt")
	git(t, viaGit, "commit", "-q", "-m", "retarget link2", "--", "link2")
	ok(t, viaGitedit, "edit", "b.txt", "--old", "other", "--new", "changed", "--commit")
	write(t, viaGit, "b.txt", "changed\n")
	git(t, viaGit, "commit", "-q", "-m", "b", "--", "b.txt")
	require.Equal(t, git(t, viaGit, "rev-parse", "HEAD^{tree}"), git(t, viaGitedit, "rev-parse", "HEAD^{tree}"), "same tree as git's commits")
	require.Equal(t, "120000", git(t, viaGitedit, "ls-tree", "--format=%(objectmode)", "HEAD", "link2"))
	require.Equal(t, "M  link", git(t, viaGitedit, "status", "--porcelain"), "the first edit stays staged, nothing else differs")
	require.Equal(t, git(t, viaGit, "ls-files", "-s"), git(t, viaGitedit, "ls-files", "-s"))
	requireHealthy(t, viaGitedit)
}
