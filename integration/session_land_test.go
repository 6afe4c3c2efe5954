package integration

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// session land of staging-mode batches (a change, a new file, a deletion)
// makes the tree git commit of those paths makes, leaves another staged
// change staged and out, and marks the session landed; landing again
// changes nothing.
func TestSessionLandMatchesGitCommitOfItsPaths(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "gone.txt": "bye\n", "other.txt": "o\n"})
	sessionEdit(t, dir, "s", "f.txt", "l2", "s2")
	ok(t, dir, "edit", "d/new.txt", "--old", "", "--new", "new\n", "--session", "s")
	_, r0 := jsonResult(t, dir, deleteGone, "patch", "-", "--session", "s")
	require.Equal(t, 0, r0.code, r0.stderr)
	write(t, dir, "other.txt", "staged by someone\n")
	git(t, dir, "add", "other.txt")
	cp := copyRepo(t, dir)
	git(t, cp, "commit", "-q", "-m", "by git", "--", "f.txt", "d/new.txt", "gone.txt")

	m, r := jsonResult(t, dir, "", "session", "land", "s")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Equal(t, "land", m["tool"])
	require.Equal(t, git(t, cp, "rev-parse", "HEAD^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"))
	require.Equal(t, git(t, cp, "status", "--porcelain"), git(t, dir, "status", "--porcelain"))
	require.Equal(t, "M  other.txt", git(t, dir, "status", "--porcelain"))
	msg := git(t, dir, "log", "-1", "--format=%B")
	for _, want := range []string{"Edit-Tool: land\n", "Edit-Session: s\n", "Edit-Batches: 3\n", "Edit-Blob-Before: gone.txt " + blobID("bye\n")} {
		require.Contains(t, msg, want)
	}
	requireSessionState(t, dir, "s", "landed")
	require.Equal(t, git(t, dir, "rev-parse", "HEAD"), git(t, dir, "rev-parse", ledgerRef("s")+"^2"))
	head := git(t, dir, "rev-parse", "HEAD")
	m, r = jsonResult(t, dir, "", "session", "land", "s")
	require.Equal(t, 0, r.code, r.stdout)
	require.Equal(t, false, m["changed"])
	require.Equal(t, head, git(t, dir, "rev-parse", "HEAD"))
	requireHealthy(t, dir)
}

// Batches already committed are not committed again: a session of a
// commit-mode batch and a staging-mode one lands only the staged file.
func TestSessionLandSkipsCommittedBatches(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": tenLines, "b.txt": tenLines})
	sessionEdit(t, dir, "s", "a.txt", "l1", "a1", "--commit")
	sessionEdit(t, dir, "s", "b.txt", "l1", "b1")
	m, r := jsonResult(t, dir, "", "session", "land", "s")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Len(t, m["files"], 1)
	require.Equal(t, "b.txt", git(t, dir, "diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD"))
	requireClean(t, dir)
}

// A session file changed since the session's last batch of it is dirty
// and nothing changes; --dirty include lands it as it now is.
func TestSessionLandDirty(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	sessionEdit(t, dir, "s", "f.txt", "l2", "s2")
	write(t, dir, "f.txt", strings.Replace(read(t, dir, "f.txt"), "l9\n", "mine9\n", 1))
	before := take(t, dir)
	r := gitedit(t, dir, "", "session", "land", "s", "--json")
	require.Equal(t, "dirty", errorCode(r), r.stdout)
	requireUnchanged(t, before, take(t, dir))
	r = gitedit(t, dir, "", "session", "land", "s", "--dirty", "commit-first", "--json")
	require.Equal(t, "invalid_input", errorCode(r), r.stdout)
	ok(t, dir, "session", "land", "s", "--dirty", "include", "-m", "land it")
	require.Equal(t, "land it", git(t, dir, "log", "-1", "--format=%s"))
	require.Equal(t, read(t, dir, "f.txt"), git(t, dir, "show", "HEAD:f.txt")+"\n")
	requireClean(t, dir)
	requireHealthy(t, dir)
}

// A land never commits a file that only undone batches of the session
// touched, and a session whose every batch was undone has nothing to
// land: another session's staged change in the same file stayed out of
// it (it was committed under the wrong session).
func TestSessionLandLeavesWhatItsUndoneBatchesTouched(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": tenLines})
	sessionEdit(t, dir, "b", "f.txt", "l6", "B6")
	sessionEdit(t, dir, "a", "f.txt", "l1", "A1")
	ok(t, dir, "undo", "--session", "a")
	before := take(t, dir)
	r := gitedit(t, dir, "", "session", "land", "a", "--json")
	require.Equal(t, "not_found", errorCode(r), r.stdout)
	requireUnchanged(t, before, take(t, dir))

	sessionEdit(t, dir, "a", "g.txt", "l2", "A2")
	ok(t, dir, "session", "land", "a", "-m", "a's work")
	require.Equal(t, "g.txt", git(t, dir, "show", "--format=", "--name-only", "HEAD"))
	require.Contains(t, git(t, dir, "diff", "--cached"), "+B6", "b's change stays staged, out of a's commit")
}
