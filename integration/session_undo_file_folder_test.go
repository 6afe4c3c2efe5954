package integration

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A session that made a folder d into a file d, or a file d into a
// folder d, in separate batches: undo --session of both would replace
// one by the other in one batch, which gitedit does not do (as for a
// patch). It was io_error ("write d/e: open d: not a directory") one
// way and is_directory the other; both are now unsupported, naming
// --last 1, and change nothing (files, index, refs, ledger). Undone one
// batch at a time the session is taken back, in commit mode to the tree
// git revert of the same commits (newest first) makes.
func TestSessionUndoOfAFileFolderSwap(t *testing.T) {
	toFile := []string{ // delete d/e, then create the file d
		"diff --git a/d/e b/d/e\ndeleted file mode 100644\n--- a/d/e\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n",
		"diff --git a/d b/d\nnew file mode 100644\n--- /dev/null\n+++ b/d\n@@ -0,0 +1 @@\n+file\n"}
	toFolder := []string{ // delete the file d, then create d/e
		"diff --git a/d b/d\ndeleted file mode 100644\n--- a/d\n+++ /dev/null\n@@ -1 +0,0 @@\n-file\n",
		"diff --git a/d/e b/d/e\nnew file mode 100644\n--- /dev/null\n+++ b/d/e\n@@ -0,0 +1 @@\n+x\n"}
	for _, c := range []struct {
		name    string
		start   map[string]string
		batches []string
	}{{"folder to file", map[string]string{"d/e": "x\n", "k": "k\n"}, toFile},
		{"file to folder", map[string]string{"d": "file\n", "k": "k\n"}, toFolder}} {
		for _, mode := range [][]string{nil, {"--commit"}} {
			dir := fixtures.NewRepo(t, c.start)
			for _, p := range c.batches {
				r := gitedit(t, dir, p, append([]string{"patch", "-", "--session", "s"}, mode...)...)
				require.Equal(t, 0, r.code, "%s %v: %s", c.name, mode, r.stderr)
			}
			before := take(t, dir)
			r := gitedit(t, dir, "", append([]string{"undo", "--session", "s", "--json"}, mode...)...)
			require.Equal(t, "unsupported", errorCode(r), "%s %v: %s", c.name, mode, r.stdout)
			require.Contains(t, r.stdout, "gitedit undo --session s --last 1", "%s %v", c.name, mode)
			requireUnchanged(t, before, take(t, dir))

			var clone string
			if mode != nil {
				clone = filepath.Join(t.TempDir(), "clone")
				git(t, dir, "clone", "-q", dir, clone)
				git(t, clone, "revert", "--no-edit", "HEAD", "HEAD~1")
			}
			for range 2 {
				r = gitedit(t, dir, "", append([]string{"undo", "--session", "s", "--last", "1"}, mode...)...)
				require.Equal(t, 0, r.code, "%s %v: %s", c.name, mode, r.stderr)
			}
			if mode != nil {
				require.Equal(t, git(t, clone, "rev-parse", "HEAD^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"), c.name)
				requireClean(t, dir)
			} else {
				require.Equal(t, git(t, dir, "rev-parse", "HEAD^{tree}"), git(t, dir, "write-tree"), "%s: the index is back", c.name)
				require.Equal(t, "", git(t, dir, "status", "--porcelain"), c.name)
			}
			requireSessionState(t, dir, "s", "undone")
			requireHealthy(t, dir)
		}
	}
}
