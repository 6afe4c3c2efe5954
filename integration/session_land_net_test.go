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
