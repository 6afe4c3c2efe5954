package integration

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A file the session edited and edited back has no net change: the land
// leaves it out of its commit, its per-file trailers and its Edit-Count,
// even when the file differs from HEAD (someone's change from before the
// session, which stays staged and out). With nothing else left, the land
// is a no-op as when HEAD already holds what the session left.
func TestSessionLandLeavesOutFilesEditedBack(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": tenLines})
	write(t, dir, "f.txt", strings.Replace(tenLines, "l9\n", "theirs9\n", 1))
	sessionEdit(t, dir, "s", "f.txt", "l1", "s1")
	sessionEdit(t, dir, "s", "g.txt", "l1", "g1")
	sessionEdit(t, dir, "s", "f.txt", "s1", "l1")
	m, r := jsonResult(t, dir, "", "session", "land", "s")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Len(t, m["files"], 1)
	msg := git(t, dir, "log", "-1", "--format=%B")
	require.Contains(t, msg, "Edit-Count: 1\n")
	require.NotContains(t, msg, "f.txt "+blobID(tenLines))
	require.Equal(t, "g.txt", git(t, dir, "show", "--format=", "--name-only", "HEAD"))
	require.Equal(t, "M  f.txt", git(t, dir, "status", "--porcelain"), "their change stays staged")

	sessionEdit(t, dir, "t", "f.txt", "l2", "t2")
	sessionEdit(t, dir, "t", "f.txt", "t2", "l2")
	head := git(t, dir, "rev-parse", "HEAD")
	m, r = jsonResult(t, dir, "", "session", "land", "t")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Equal(t, false, m["changed"])
	require.Contains(t, m["summary"], "Nothing to land")
	require.Equal(t, head, git(t, dir, "rev-parse", "HEAD"))
	requireHealthy(t, dir)
}

// Edit-Count counts the files the land commits: a file a commit-mode
// batch already committed is not among them.
func TestSessionLandCountsOnlyCommittedFiles(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": tenLines, "b.txt": tenLines})
	sessionEdit(t, dir, "s", "a.txt", "l1", "a1", "--commit")
	sessionEdit(t, dir, "s", "b.txt", "l1", "b1")
	ok(t, dir, "session", "land", "s")
	msg := git(t, dir, "log", "-1", "--format=%B")
	require.Contains(t, msg, "Edit-Count: 1\n")
	require.Equal(t, 1, strings.Count(msg, "Edit-File: "))
}

// A land commits, for each file, the content the session's last batch
// left, which holds what another session changed between its batches:
// the result marks such a file outside_changes (as session show does)
// and a note names it, in JSON and in the human output; a file changed
// after the last batch and landed with --dirty include is marked too.
func TestSessionLandMarksOutsideChanges(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": tenLines, "h.txt": tenLines})
	sessionEdit(t, dir, "a", "f.txt", "l1", "a1")
	sessionEdit(t, dir, "a", "g.txt", "l1", "a1")
	sessionEdit(t, dir, "b", "f.txt", "l5", "b5")
	sessionEdit(t, dir, "a", "f.txt", "l9", "a9")
	show, _ := jsonResult(t, dir, "", "session", "show", "a")
	require.Equal(t, true, show["files"].([]any)[0].(map[string]any)["outside_changes"])
	m, r := jsonResult(t, dir, "", "session", "land", "a", "--dry-run")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	files := m["files"].([]any)
	require.Len(t, files, 2)
	require.Equal(t, true, files[0].(map[string]any)["outside_changes"], "f.txt holds b's change")
	require.Nil(t, files[1].(map[string]any)["outside_changes"], "g.txt holds only a's")
	require.Contains(t, m["notes"].([]any)[0], "f.txt also holds changes made outside session a")
	out := ok(t, dir, "session", "land", "a").stdout
	require.Contains(t, out, "note: f.txt also holds changes made outside session a")
	require.Contains(t, git(t, dir, "show", "HEAD:f.txt"), "b5")

	sessionEdit(t, dir, "c", "h.txt", "l1", "c1")
	write(t, dir, "h.txt", strings.Replace(read(t, dir, "h.txt"), "l9\n", "mine9\n", 1))
	m, r = jsonResult(t, dir, "", "session", "land", "c", "--dirty", "include")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Equal(t, true, m["files"].([]any)[0].(map[string]any)["outside_changes"])
	requireClean(t, dir)
}

// A session that deletes a file and then creates a file under a folder
// of the same name lands (it was is_directory: the land read the folder
// as the deleted file) as git commit of those paths makes it, in one
// commit or one per batch.
func TestSessionLandOfAFileReplacedByAFolder(t *testing.T) {
	for _, each := range []bool{false, true} {
		dir := fixtures.NewRepo(t, map[string]string{"p": "x\n", "keep.txt": tenLines})
		_, r := jsonResult(t, dir, "diff --git a/p b/p\ndeleted file mode 100644\n--- a/p\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n", "patch", "-", "--session", "s")
		require.Equal(t, 0, r.code, r.stderr)
		ok(t, dir, "edit", "p/q", "--old", "", "--new", "q\n", "--session", "s")
		sessionEdit(t, dir, "s", "keep.txt", "l1", "k1")
		cp := copyRepo(t, dir)
		git(t, cp, "commit", "-q", "-m", "by git") // the index holds exactly the session's changes
		args := []string{"session", "land", "s"}
		if each {
			args = append(args, "--each")
		}
		ok(t, dir, args...)
		require.Equal(t, git(t, cp, "rev-parse", "HEAD^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"), "each=%v", each)
		requireClean(t, dir)
	}
}
