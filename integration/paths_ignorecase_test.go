package integration

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// ignorecaseFiles is the tracked tree: folders Dir and Dir/Sub, file A.txt.
var ignorecaseFiles = map[string]string{"Dir/f.txt": "f\n", "Dir/Sub/s.txt": "s\n", "A.txt": "A\n"}

// TestIgnoreCaseNamesNewEntriesAfterTrackedFolders: with core.ignorecase
// (a macOS or Windows checkout; this file system is case-sensitive, the
// config alone says it), writing dir/g.txt and dir/sub/h.txt while Dir/
// and Dir/Sub/ are tracked stages Dir/g.txt and Dir/Sub/h.txt, as git add
// does (adjust_dirname_case): the index, compared with git's after git
// add of the same files, and the commit hold one spelling of each folder.
// Without core.ignorecase the names stay as written, as in git.
func TestIgnoreCaseNamesNewEntriesAfterTrackedFolders(t *testing.T) {
	for _, ignore := range []string{"true", "false"} {
		t.Run("core.ignorecase="+ignore, func(t *testing.T) {
			theirs := fixtures.NewRepo(t, ignorecaseFiles)
			git(t, theirs, "config", "core.ignorecase", ignore)
			fixtures.WriteFiles(t, theirs, map[string]string{"dir/g.txt": "g\n", "dir/sub/h.txt": "h\n", "dIR/SUB/i.txt": "i\n"})
			git(t, theirs, "add", "dir/g.txt", "dir/sub/h.txt", "dIR/SUB/i.txt")

			ours := fixtures.NewRepo(t, ignorecaseFiles)
			git(t, ours, "config", "core.ignorecase", ignore)
			ok(t, ours, "edit", "dir/g.txt", "--old", "", "--new", "g\n")
			ok(t, ours, "edit", "dir/sub/h.txt", "--old", "", "--new", "h\n")
			ok(t, ours, "edit", "dIR/SUB/i.txt", "--old", "", "--new", "i\n", "--commit", "-m", "i")
			require.Equal(t, git(t, theirs, "ls-files", "-s"), git(t, ours, "ls-files", "-s"))
			if ignore == "true" {
				require.Equal(t, "A.txt\nDir/Sub/h.txt\nDir/Sub/i.txt\nDir/Sub/s.txt\nDir/f.txt\nDir/g.txt", git(t, ours, "ls-files"))
				require.Equal(t, "Dir/Sub/i.txt", git(t, ours, "diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"))
				requireHealthy(t, ours) // written at Dir/..., where the index says
			}
		})
	}
}

// TestIgnoreCaseEditsTheTrackedSpelling: with core.ignorecase, a.txt
// names the tracked A.txt (git's create_alias_ce adds under the existing
// name): an edit and an envelope delete act on A.txt, and the index
// never gets a second spelling.
func TestIgnoreCaseEditsTheTrackedSpelling(t *testing.T) {
	dir := fixtures.NewRepo(t, ignorecaseFiles)
	git(t, dir, "config", "core.ignorecase", "true")
	ok(t, dir, "edit", "a.txt", "--old", "A", "--new", "B", "--commit")
	require.Equal(t, "A.txt", git(t, dir, "diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"))
	require.Equal(t, "B", git(t, dir, "show", "HEAD:A.txt"))
	_, err := os.Lstat(filepath.Join(dir, "a.txt"))
	require.True(t, os.IsNotExist(err))
	r := gitedit(t, dir, "*** Begin Patch\n*** Delete File: dir/F.TXT\n*** End Patch\n", "patch", "-", "--commit")
	require.Equal(t, 0, r.code, "%+v", r)
	require.Equal(t, "Dir/f.txt", git(t, dir, "diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"))
	requireHealthy(t, dir)
}
