package integration

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// requireNoCommitMade checks the outcome of a commit-mode batch that
// leaves HEAD's content: no commit (HEAD where it was, as git commit,
// with nothing to commit, makes none), the file at HEAD's content and
// staged so (index, working tree and HEAD agree), and a note saying so.
func requireNoCommitMade(t *testing.T, dir, head string, m map[string]any) {
	t.Helper()
	require.Equal(t, true, m["ok"], m)
	require.Nil(t, m["commit"], "no commit")
	require.Contains(t, m["notes"], "no commit was made: HEAD already holds what the batch leaves (as git commit, with nothing to commit, makes none); the files are written and staged")
	require.Equal(t, head, git(t, dir, "rev-parse", "HEAD"))
	require.Equal(t, "a\n", read(t, dir, "f.txt"))
	require.True(t, gitOK(dir, "diff", "--cached", "--quiet"), "the index holds HEAD's content")
	require.True(t, gitOK(dir, "diff", "--quiet"), "the working tree holds the index's content")
}

// TestCommitModeBatchLeavingHEADMakesNoCommit: a commit-mode batch whose
// tree is HEAD's makes no commit, as git commit refuses one ("nothing to
// commit") and as a land commits no file HEAD already holds: an edit with
// --dirty include that restores HEAD's content, and an undo --session
// --commit --dirty include of staging-mode batches never committed. Each
// writes and stages its files and is recorded as a staging-mode batch (no
// Edit-Commit). Before, each made a commit whose tree was its parent's.
func TestCommitModeBatchLeavingHEADMakesNoCommit(t *testing.T) {
	t.Run("git", func(t *testing.T) {
		dir := fixtures.NewRepo(t, map[string]string{"f.txt": "a\n"})
		write(t, dir, "f.txt", "b\n")
		git(t, dir, "add", "f.txt")
		write(t, dir, "f.txt", "a\n")
		out, err := fixtures.RunGit(dir, "commit", "-a", "-m", "x")
		require.Error(t, err)
		require.Contains(t, out, "nothing to commit")
	})
	t.Run("edit --dirty include", func(t *testing.T) {
		dir := fixtures.NewRepo(t, map[string]string{"f.txt": "a\n"})
		head := git(t, dir, "rev-parse", "HEAD")
		write(t, dir, "f.txt", "b\n")
		m, res := jsonResult(t, dir, "", "edit", "f.txt", "--old", "b", "--new", "a", "--commit", "--dirty", "include", "--session", "s")
		require.Equal(t, 0, res.code, res.stderr)
		requireNoCommitMade(t, dir, head, m)
		tip := git(t, dir, "rev-parse", ledgerRef("s"))
		require.False(t, gitOK(dir, "rev-parse", "-q", "--verify", tip+"^2"), "a staging-mode entry")
		require.NotContains(t, git(t, dir, "log", "-1", "--format=%B", tip), "Edit-Commit")
	})
	t.Run("undo --session --commit --dirty include", func(t *testing.T) {
		dir := fixtures.NewRepo(t, map[string]string{"f.txt": "a\n"})
		head := git(t, dir, "rev-parse", "HEAD")
		ok(t, dir, "edit", "f.txt", "--old", "a", "--new", "b", "--session", "s")
		m, res := jsonResult(t, dir, "", "undo", "--session", "s", "--commit", "--dirty", "include")
		require.Equal(t, 0, res.code, res.stderr)
		requireNoCommitMade(t, dir, head, m)
		show := ok(t, dir, "session", "show", "s").stdout
		require.True(t, strings.Contains(show, "[undone]"), show)
		require.Contains(t, show, "no net change")
	})
}
