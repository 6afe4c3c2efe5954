//go:build unix

package integration

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A patch that turns the file sw into a folder (sw deleted, sw/x
// created) makes the folder sw just before it renames sw/x into it: a
// batch killed between the two (found by SIGKILL at random moments) left
// sw an empty folder, and the next run, putting sw back, could not rename
// it over the folder: sw stayed deleted, with no note a user saw, the
// repository neither as before nor complete. The killed batch is taken at
// its pause after its deletions, and the empty folders it would have made
// (two deep) are made by hand; the next writer now puts sw back, byte
// for byte. A folder holding a file there is someone else's, and left.
func TestRollbackPutsAFileBackOverTheEmptyFolderItsBatchMade(t *testing.T) {
	const swap = "diff --git a/sw b/sw\ndeleted file mode 100644\n--- a/sw\n+++ /dev/null\n@@ -1 +0,0 @@\n-s\n" +
		"diff --git a/sw/a/x b/sw/a/x\nnew file mode 100644\n--- /dev/null\n+++ b/sw/a/x\n@@ -0,0 +1 @@\n+new\n"
	for _, mine := range []bool{false, true} {
		dir := fixtures.NewRepo(t, map[string]string{"sw": "s\n", "other.txt": "other\n"})
		before := takeTree(t, dir)
		require.True(t, killAt(t, dir, "place files", 0, swap, "patch", "-"))
		require.NoFileExists(t, filepath.Join(dir, "sw"), "the deletion is done")
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "sw", "a"), 0o755))
		if mine {
			write(t, dir, "sw/a/mine.txt", "someone's\n")
		}
		removeLocksLeft(t, dir)
		nextWriter(t, dir)
		if mine {
			require.Equal(t, "someone's\n", read(t, dir, "sw/a/mine.txt"))
			continue
		}
		now := takeTree(t, dir)
		require.Equal(t, before.files, now.files)
		require.Equal(t, before.index, now.index)
		require.Equal(t, before.status, now.status)
		out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
		require.NoError(t, err, "git fsck: %s", out)
	}
}

// A refused run that rolled a killed batch back first says what it left
// in its error (a refused run has no result with notes): the file someone
// changed since the kill, which the rollback left as it is.
func TestRefusedRunSaysWhatTheRollbackLeft(t *testing.T) {
	dir := rollbackStart(t)
	require.True(t, killAt(t, dir, "write index", 0, rollbackBatch, "batch", "-"))
	write(t, dir, "a.txt", "the user's own\n")
	removeLocksLeft(t, dir)
	r := gitedit(t, dir, "", "edit", "other.txt", "--old", "not there", "--new", "x")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "not_found")
	require.Contains(t, r.stderr, "a.txt was changed since a killed gitedit batch wrote it")
	require.Equal(t, "the user's own\n", read(t, dir, "a.txt"))
}
