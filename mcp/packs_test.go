package mcp

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// repackAll packs every object of repo with git repack -ad (removing the
// loose objects and the packs it replaces) and dates the pack folder at,
// as a folder left alone for a while is (a server then trusts its pack
// list until the folder changes).
func repackAll(t *testing.T, repo string, at time.Time) {
	t.Helper()
	gitOut(t, repo, "repack", "-adq")
	require.NoError(t, os.Chtimes(filepath.Join(repo, ".git", "objects", "pack"), at, at))
}

func TestCallsSeeThePacksGitRepackWritesBetweenThem(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "b.txt": "two\n"})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo, Options: commitMode()})
	long := time.Now().Add(-time.Hour)
	for i, step := range []struct{ file, old, new string }{
		{"a.txt", "one", "1"}, {"b.txt", "two", "2"}, {"a.txt", "1", "uno"}, {"b.txt", "2", "dos"},
	} {
		repackAll(t, repo, long.Add(time.Duration(i)*time.Minute))
		mustApply(t, cs, ToolEdit, map[string]any{"file_path": step.file, "old_string": step.old, "new_string": step.new})
		requireClean(t, repo)
	}
	require.Equal(t, "uno\n", readFile(t, repo, "a.txt"))
	require.Equal(t, "dos\n", readFile(t, repo, "b.txt"))
	gitOut(t, repo, "fsck", "--strict", "--no-dangling")
	require.Equal(t, "5", gitOut(t, repo, "rev-list", "--count", "HEAD"))
}
