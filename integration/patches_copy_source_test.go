package integration

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A git diff with break and copy detection (git diff -B -C) of a file
// rewritten whose old text went to a new file holds two sections: the
// rewrite of a, then "copy from a" to b. git apply copies a as it was
// before the diff; gitedit copied a as the rewrite left it, so b got the
// new text of a, silently. Now it leaves the same files and index as git
// apply --index, and in commit mode the tree of the commit the diff was
// taken from.
func TestPatchCopiesItsSourceAsItWasBeforeTheDiff(t *testing.T) {
	for _, opts := range [][]string{{"-B", "-C"}, {"-B", "-C", "-C"}, {"-C", "-C"}} {
		dir := fixtures.NewRepo(t, map[string]string{"a": "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "o": "o\n"})
		sh(t, dir, "cp a b; echo brand new >a")
		git(t, dir, "add", "-A")
		git(t, dir, "commit", "-qm", "rewrite and copy")
		patch := fixtures.Git(t, dir, append(append([]string{"diff"}, opts...), "HEAD^", "HEAD")...)
		require.Contains(t, patch, "copy from a", opts)
		second := git(t, dir, "rev-parse", "HEAD")
		git(t, dir, "reset", "-q", "--hard", "HEAD^")
		requireAppliesAsGitApply(t, dir, patch, second, fmt.Sprint(opts))
		require.Equal(t, git(t, dir, "rev-parse", second+"^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"), opts)
	}
}

// A hand-made diff that changes d (its text, or its mode), then renames
// d to e: git apply moves d as it was before the diff and writes the
// change too, keeping a changed d beside an e holding d's old text;
// gitedit moved the changed d. No diff git makes does so: it is refused,
// invalid_input, and changes nothing.
func TestPatchRefusesARenameOfAPathAnEarlierSectionChanged(t *testing.T) {
	for _, first := range []string{
		"diff --git a/d b/d\n--- a/d\n+++ b/d\n@@ -1 +1 @@\n-file\n+FILE\n",
		"diff --git a/d b/d\nold mode 100644\nnew mode 100755\n",
	} {
		dir := fixtures.NewRepo(t, map[string]string{"d": "file\n", "o": "o\n"})
		patch := first + "diff --git a/d b/e\nsimilarity index 100%\nrename from d\nrename to e\n"
		files, index := entries(t, dir), readIndexBytes(t, dir)
		r := gitedit(t, dir, patch, "patch", "-")
		require.Equal(t, 2, r.code, r.stdout+r.stderr)
		require.Contains(t, r.stderr, "invalid_input")
		require.Equal(t, files, entries(t, dir))
		require.Equal(t, index, readIndexBytes(t, dir))
	}
	// A copy leaves its source alone: a rename from it after is applied.
	dir := fixtures.NewRepo(t, map[string]string{"d": "file\n", "o": "o\n"})
	patch := "diff --git a/d b/c\nsimilarity index 100%\ncopy from d\ncopy to c\n" +
		"diff --git a/d b/e\nsimilarity index 100%\nrename from d\nrename to e\n"
	r := gitedit(t, dir, patch, "patch", "-")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "file\n", read(t, dir, "c"))
	require.Equal(t, "file\n", read(t, dir, "e"))
	require.NoFileExists(t, filepath.Join(dir, "d"))
}

// readIndexBytes reads dir's index file.
func readIndexBytes(t *testing.T, dir string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	return data
}
