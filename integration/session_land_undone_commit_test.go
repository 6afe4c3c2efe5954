package integration

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A commit-mode batch undone in staging mode leaves its change on the
// branch and the undo staged. The land commits what the session left
// (SPEC 7: for each file, the content its last batch left), so the undo
// lands too: HEAD then holds the file as the session left it and
// nothing of the session stays staged. It used to be left out as a
// file "only undone batches touched", and as a file "edited back": the
// land reported success (state landed) or not_found, with HEAD holding
// the change the session had taken back and the revert still staged.
func TestSessionLandCommitsTheUndoOfACommittedBatch(t *testing.T) {
	for _, withOther := range []bool{false, true} {
		dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": tenLines})
		if withOther {
			sessionEdit(t, dir, "s", "g.txt", "l1", "g1")
		}
		sessionEdit(t, dir, "s", "f.txt", "l1", "c1", "--commit")
		ok(t, dir, "undo", "--session", "s", "--last", "1")
		if withOther {
			sessionEdit(t, dir, "s", "g.txt", "l3", "g3")
		}
		r := gitedit(t, dir, "", "session", "land", "s")
		require.Equal(t, 0, r.code, "%v: %s", withOther, r.stderr)
		require.Equal(t, tenLines, git(t, dir, "show", "HEAD:f.txt")+"\n", "%v", withOther)
		require.Equal(t, "", git(t, dir, "status", "--porcelain"), "%v: nothing of the session left staged", withOther)
		require.Contains(t, ok(t, dir, "session", "list").stdout, "landed")
		requireHealthy(t, dir)
	}
}

// A batch landed, then undone in staging mode: the next land commits the
// undo, as for an undone commit-mode batch. It said "Nothing to land:
// HEAD already holds what session s left" while HEAD held the landed
// change and the undo stayed staged. An undo of a batch from before the
// land and of one after it lands both files. A land of the undo alone
// says it lands an undo, not "0 batches".
func TestSessionLandCommitsTheUndoOfALandedBatch(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": tenLines})
	sessionEdit(t, dir, "s", "f.txt", "l1", "s1")
	ok(t, dir, "session", "land", "s")
	ok(t, dir, "undo", "--session", "s")
	r := gitedit(t, dir, "", "session", "land", "s")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, tenLines, git(t, dir, "show", "HEAD:f.txt")+"\n")
	require.Equal(t, "", git(t, dir, "status", "--porcelain"))
	// It lands no batch, only the undo of one, and says so (it read
	// "Land session s (0 batches)").
	require.Equal(t, "Land session s (undo of 1 batch)", git(t, dir, "log", "-1", "--format=%s"))
	require.Contains(t, r.stdout, "Landed session s: undo of 1 batch, 1 file")
	require.Contains(t, git(t, dir, "log", "-1", "--format=%b"), "Edit-Batches: 0")

	sessionEdit(t, dir, "s", "f.txt", "l2", "s2")
	ok(t, dir, "session", "land", "s")
	sessionEdit(t, dir, "s", "g.txt", "l2", "t2")
	ok(t, dir, "undo", "--session", "s")
	r = gitedit(t, dir, "", "session", "land", "s")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, tenLines, git(t, dir, "show", "HEAD:f.txt")+"\n")
	require.Equal(t, tenLines, git(t, dir, "show", "HEAD:g.txt")+"\n")
	require.Equal(t, "", git(t, dir, "status", "--porcelain"))
	requireHealthy(t, dir)
}
