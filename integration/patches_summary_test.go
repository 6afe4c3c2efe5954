package integration

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A patch that holds no hunk (a mode change, a pure rename or copy, an
// empty file created) is summed up by what it applies, in the words git
// apply --stat --summary uses, not as "Applied 1 hunk" (the hunk count
// has an add, delete or pure rename count one). git apply's --numstat
// shows no line changed, and its --summary names the same operation.
func TestPatchSummaryOfAPatchWithoutHunks(t *testing.T) {
	for _, c := range []struct{ name, patch, git, summary, subject string }{
		{"mode", "diff --git a/f b/f\nold mode 100644\nnew mode 100755\n",
			"mode change 100644 => 100755 f", "Applied 1 mode change to 1 file", "patch f"},
		{"rename", "diff --git a/g b/h\nsimilarity index 100%\nrename from g\nrename to h\n",
			"rename g => h (100%)", "Applied 1 rename to 2 files", "patch: 1 rename on 2 files"},
		{"copy", "diff --git a/g b/k\nsimilarity index 100%\ncopy from g\ncopy to k\n",
			"copy g => k (100%)", "Applied 1 copy to 1 file", "patch k: create the file"},
		{"empty", "diff --git a/e b/e\nnew file mode 100644\nindex 0000000..e69de29\n",
			"create mode 100644 e", "Applied 1 new empty file to 1 file", "patch e: create the file"},
		{"both", "diff --git a/f b/f\nold mode 100644\nnew mode 100755\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+A\n" +
			"diff --git a/g b/h\nsimilarity index 100%\nrename from g\nrename to h\n",
			"mode change 100644 => 100755 f", "Applied 1 hunk, 1 mode change and 1 rename to 3 files",
			"patch: 1 hunk, 1 mode change and 1 rename on 3 files"},
	} {
		dir := fixtures.NewRepo(t, map[string]string{"f": "a\n", "g": "b\n"})
		write(t, dir, "p.diff", c.patch)
		require.Contains(t, git(t, dir, "apply", "--summary", "p.diff"), c.git, c.name)
		r := gitedit(t, dir, "", "patch", "p.diff", "--commit")
		require.Equal(t, 0, r.code, "%s: %s", c.name, r.stderr)
		summary, _, _ := strings.Cut(r.stdout, "\n")
		require.True(t, strings.HasPrefix(summary, c.summary), "%s: %s", c.name, summary)
		require.Equal(t, c.subject, git(t, dir, "log", "-1", "--format=%s"), c.name)
		require.NotContains(t, git(t, dir, "log", "-1", "--format=%b"), "1 hunk applied", c.name)
	}
}
