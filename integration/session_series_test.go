package integration

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// series --session of a staging-mode session leaves out the batches that
// were undone and their undos; git am applies the series on the
// session's base and gives the session's files; the cover letter carries
// base-commit: as git format-patch --base writes it. --keep-undone keeps
// them, and git am gives the same files.
func TestSessionSeriesLeavesOutUndoneAndAppliesWithGitAm(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	base := git(t, dir, "rev-parse", "HEAD")
	sessionEdit(t, dir, "s", "f.txt", "l1", "s1")
	sessionEdit(t, dir, "s", "f.txt", "l5", "s5")
	ok(t, dir, "undo", "--session", "s", "--last", "1")
	sessionEdit(t, dir, "s", "f.txt", "l9", "s9")
	want := read(t, dir, "f.txt")
	for _, tc := range []struct {
		flags   []string
		patches int
	}{{nil, 2}, {[]string{"--keep-undone"}, 4}} {
		out := filepath.Join(t.TempDir(), "out")
		ok(t, dir, append([]string{"series", "--session", "s", "--cover-letter", "-o", out}, tc.flags...)...)
		names, err := filepath.Glob(filepath.Join(out, "*.patch"))
		require.NoError(t, err)
		sort.Strings(names)
		require.Len(t, names, tc.patches+1, "%v", tc.flags)
		cover, err := os.ReadFile(names[0])
		require.NoError(t, err)
		require.Contains(t, string(cover), "\n\nbase-commit: "+base+"\n-- \n")
		clone := filepath.Join(t.TempDir(), "clone")
		git(t, dir, "clone", "-q", dir, clone)
		git(t, clone, "checkout", "-q", base)
		git(t, clone, append([]string{"am", "-q"}, names[1:]...)...)
		require.Equal(t, want, read(t, clone, "f.txt"), "%v", tc.flags)
		require.Equal(t, tc.patches, len(strings.Fields(git(t, clone, "rev-list", base+"..HEAD"))))
	}
}

// A commit-mode session's series names the branch commits and carries
// their messages as they are (no ledger Edit-Commit trailer).
func TestSessionSeriesOfCommitModeBatches(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	sessionEdit(t, dir, "c", "f.txt", "l1", "c1", "--commit")
	sessionEdit(t, dir, "c", "f.txt", "l2", "c2", "--commit")
	out := ok(t, dir, "series", "--session", "c", "--stdout").stdout
	require.Contains(t, out, "From "+git(t, dir, "rev-parse", "HEAD")+" Mon Sep 17")
	require.NotContains(t, out, "Edit-Commit")
	require.Equal(t, 2, strings.Count(out, "Edit-Session: c\n"))
}

// A plain undo recorded in a session (GITEDIT_SESSION set) reverts a
// commit without naming its ledger entry: the series keeps the batch and
// its revert, and git am on the base gives the branch's file.
func TestSessionSeriesKeepsAPlainUndoInTheSession(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	base := git(t, dir, "rev-parse", "HEAD")
	sessionEdit(t, dir, "p", "f.txt", "l1", "p1", "--commit")
	sessionEdit(t, dir, "p", "f.txt", "l2", "p2", "--commit")
	env := append(fixtures.Env(fixtures.Home(dir)), "GITEDIT_SESSION=p")
	r := runIn(t, dir, env, "", "gitedit", "undo", "--commit")
	require.Equal(t, 0, r.code, r.stderr)
	out := filepath.Join(t.TempDir(), "out")
	ok(t, dir, "series", "--session", "p", "-o", out)
	names, err := filepath.Glob(filepath.Join(out, "*.patch"))
	require.NoError(t, err)
	sort.Strings(names)
	require.Len(t, names, 3, "both edits and the revert")
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, dir, "clone", "-q", dir, clone)
	git(t, clone, "checkout", "-q", base)
	git(t, clone, append([]string{"am", "-q"}, names...)...)
	require.Equal(t, read(t, dir, "f.txt"), read(t, clone, "f.txt"))
}
