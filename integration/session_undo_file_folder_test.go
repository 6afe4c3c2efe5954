package integration

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// The two batches of a session that made the folder d into a file d, or
// the file d into a folder d, separately.
var (
	folderToFile = []string{ // delete d/e, then create the file d
		"diff --git a/d/e b/d/e\ndeleted file mode 100644\n--- a/d/e\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n",
		"diff --git a/d b/d\nnew file mode 100644\n--- /dev/null\n+++ b/d\n@@ -0,0 +1 @@\n+file\n"}
	fileToFolder = []string{ // delete the file d, then create d/e
		"diff --git a/d b/d\ndeleted file mode 100644\n--- a/d\n+++ /dev/null\n@@ -1 +0,0 @@\n-file\n",
		"diff --git a/d/e b/d/e\nnew file mode 100644\n--- /dev/null\n+++ b/d/e\n@@ -0,0 +1 @@\n+x\n"}
)

// swapSession makes a repository at start and runs batches in session s
// in mode.
func swapSession(t *testing.T, start map[string]string, batches, mode []string) string {
	t.Helper()
	dir := fixtures.NewRepo(t, start)
	for _, p := range batches {
		r := gitedit(t, dir, p, append([]string{"patch", "-", "--session", "s"}, mode...)...)
		require.Equal(t, 0, r.code, "%v: %s", mode, r.stderr)
	}
	return dir
}

// undo --session of such a session replaces one by the other in its one
// batch, as git revert of both commits does: it was io_error ("write
// d/e: open d: not a directory") one way and is_directory the other,
// changing nothing. In commit mode the tree is the one git revert HEAD
// HEAD~1 makes; in staging mode files and index are back to HEAD.
func TestSessionUndoOfAFileFolderSwap(t *testing.T) {
	for _, c := range []struct {
		name    string
		start   map[string]string
		batches []string
	}{{"folder to file", map[string]string{"d/e": "x\n", "k": "k\n"}, folderToFile},
		{"file to folder", map[string]string{"d": "file\n", "k": "k\n"}, fileToFolder}} {
		for _, mode := range [][]string{nil, {"--commit"}} {
			dir := swapSession(t, c.start, c.batches, mode)
			var clone string
			if mode != nil {
				clone = filepath.Join(t.TempDir(), "clone")
				git(t, dir, "clone", "-q", dir, clone)
				git(t, clone, "revert", "--no-edit", "HEAD", "HEAD~1")
			}
			r := gitedit(t, dir, "", append([]string{"undo", "--session", "s"}, mode...)...)
			require.Equal(t, 0, r.code, "%s %v: %s", c.name, mode, r.stderr)
			if mode != nil {
				require.Equal(t, git(t, clone, "rev-parse", "HEAD^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"), c.name)
			} else {
				require.Equal(t, git(t, dir, "rev-parse", "HEAD^{tree}"), git(t, dir, "write-tree"), "%s: the index is back", c.name)
			}
			require.Equal(t, "", git(t, dir, "status", "--porcelain", "--ignored"), "%s %v", c.name, mode)
			require.Empty(t, tempFiles(t, dir), "%s %v", c.name, mode)
			requireSessionState(t, dir, "s", "undone")
			requireHealthy(t, dir)
		}
	}
}

// A folder d that holds a file the undo does not delete (someone
// else's, here untracked), or an empty folder, stays where the undo
// would bring back the file d: is_directory, and nothing changes (the
// empty folder was io_error after a half-write put back).
func TestSessionUndoKeepsAFolderItDoesNotEmpty(t *testing.T) {
	for _, c := range []struct {
		mode  []string
		empty bool
	}{{nil, false}, {[]string{"--commit"}, false}, {nil, true}, {[]string{"--commit"}, true}} {
		mode := c.mode
		dir := swapSession(t, map[string]string{"d": "file\n", "k": "k\n"}, fileToFolder, mode)
		if c.empty {
			require.NoError(t, os.Mkdir(filepath.Join(dir, "d", "empty"), 0o755))
		} else {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "d", "other"), []byte("o\n"), 0o644))
		}
		before := take(t, dir)
		r := gitedit(t, dir, "", append([]string{"undo", "--session", "s", "--json"}, mode...)...)
		require.Equal(t, "is_directory", errorCode(r), "%v empty=%v: %s", mode, c.empty, r.stdout)
		requireUnchanged(t, before, take(t, dir))
		require.DirExists(t, filepath.Join(dir, "d"))
	}
}
