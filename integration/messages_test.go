package integration

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestPatchSummaryAndSubjectCountInOneWord checks that a patch's summary
// and its generated commit subject count the same thing with the same
// word: they said "Applied 3 hunks to 3 files" and "patch: 3 edits on 3
// files" for one patch that updates, adds and deletes a file.
func TestPatchSummaryAndSubjectCountInOneWord(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\n", "c.txt": "gone\n"})
	patch := "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n" +
		"diff --git a/b.txt b/b.txt\nnew file mode 100644\n--- /dev/null\n+++ b/b.txt\n@@ -0,0 +1 @@\n+new\n" +
		"diff --git a/c.txt b/c.txt\ndeleted file mode 100644\n--- a/c.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\n"
	r := gitedit(t, dir, patch, "patch", "--commit", "-")
	require.Equal(t, 0, r.code, r.stderr)
	summary, _, _ := strings.Cut(r.stdout, "\n")
	require.True(t, strings.HasPrefix(summary, "Applied 3 hunks to 3 files"), summary)
	require.Equal(t, "patch: 3 hunks on 3 files", git(t, dir, "log", "-1", "--format=%s"))
	require.Equal(t, "Edit-Count: 3", git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-Count)"))
}
