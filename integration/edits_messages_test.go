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

// TestRunCheckStatPrintsGitsDiffstatAndQuietNothing checks run --check's
// two shorter views for pre-commit and CI: --stat prints, after the
// summary, the diffstat git diff --stat prints for the same change off a
// terminal (80 columns: a file of many changes, a file of one, a name git
// quotes, a name too long for its column, a graph scaled down), and --quiet
// prints nothing; both exit 1 and change nothing.
func TestRunCheckStatPrintsGitsDiffstatAndQuietNothing(t *testing.T) {
	many := strings.Repeat("LoadUsr(1)\nkeep\n", 40)
	long := "deep/" + strings.Repeat("n", 70) + "/" + strings.Repeat("m", 30) + ".go"
	dir := fixtures.NewRepo(t, map[string]string{"a.go": many, "b.go": "x\nLoadUsr(2)\n", "sp ac\té.go": "LoadUsr(3)\n",
		long:            strings.Repeat("LoadUsr(4)\n", 300),
		".gitedit.yaml": "- name: rename\n  files: [\"**/*.go\"]\n  edits:\n    - old_string: LoadUsr(\n      new_string: LoadUser(\n      replace_all: true\n"})
	before := take(t, dir)
	stat := gitedit(t, dir, "", "run", "--check", "--stat")
	require.Equal(t, 1, stat.code, stat.stderr)
	quiet := gitedit(t, dir, "", "run", "--check", "--quiet")
	require.Equal(t, 1, quiet.code, quiet.stderr)
	require.Empty(t, quiet.stdout)
	requireUnchanged(t, before, take(t, dir))

	ok(t, dir, "run")
	want := git(t, dir, "diff", "--cached", "--stat")
	summary, rest, _ := strings.Cut(stat.stdout, "\n\n")
	require.True(t, strings.HasPrefix(summary, "Would change: recipe rename: 342 replacements in 4 files"), summary)
	require.Equal(t, want, strings.TrimSpace(rest))
}

// TestStagingAFileWithUnstagedChangesSaysSo checks the note of a staged
// edit to a file that held the user's own unstaged change: the whole file
// is staged, as git add stages it, and the result says so (it did so
// silently). A clean file, and the same edit with --no-stage, get no note.
func TestStagingAFileWithUnstagedChangesSaysSo(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\nthree\n", "b.txt": "x\n"})
	write(t, dir, "a.txt", "one\ntwo\nthree\nmine\n")
	res, _ := jsonResult(t, dir, "", "edit", "a.txt", "--old", "two", "--new", "TWO")
	require.Equal(t, []any{"a.txt had changes of its own that were not staged; they are staged with the batch's (git diff --cached shows both)"}, res["notes"])
	require.Equal(t, "one\nTWO\nthree\nmine\n", git(t, dir, "show", ":a.txt")+"\n")

	clean, _ := jsonResult(t, dir, "", "edit", "b.txt", "--old", "x", "--new", "y")
	require.Nil(t, clean["notes"])
	write(t, dir, "b.txt", "y\nmine\n")
	worktree, _ := jsonResult(t, dir, "", "edit", "b.txt", "--old", "mine", "--new", "ours", "--no-stage")
	require.Nil(t, worktree["notes"])
	text := ok(t, dir, "edit", "b.txt", "--old", "ours", "--new", "theirs")
	require.Contains(t, text.stdout, "note: b.txt had changes of its own that were not staged")
}
