package integration

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// tenLines is a file of ten numbered lines.
const tenLines = "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\n"

// sessionEdit runs one edit of line old → new in rel as a batch of
// session id, with extra flags.
func sessionEdit(t *testing.T, dir, id, rel, old, new string, extra ...string) {
	t.Helper()
	ok(t, dir, append([]string{"edit", rel, "--old", old + "\n", "--new", new + "\n", "--session", id}, extra...)...)
}

// Commit-mode undo --session of commit-mode batches makes the tree git
// revert of the same commits (newest first) makes, keeping a later
// commit of someone else in the same file, in one commit `Revert session
// S` with one Edit-Reverts per commit and one Edit-Undoes per entry.
func TestSessionUndoCommitModeMatchesGitRevert(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": tenLines, "b.txt": tenLines})
	sessionEdit(t, dir, "s", "a.txt", "l2", "A2", "--commit")
	sessionEdit(t, dir, "s", "b.txt", "l3", "B3", "--commit")
	sessionEdit(t, dir, "s", "a.txt", "l8", "A8", "--commit")
	ok(t, dir, "edit", "a.txt", "--old", "l5\n", "--new", "other5\n", "--commit")
	var commits []string
	for _, n := range []string{"HEAD~1", "HEAD~2", "HEAD~3"} {
		commits = append(commits, git(t, dir, "rev-parse", n))
	}
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, dir, "clone", "-q", dir, clone)
	git(t, clone, append([]string{"revert", "--no-edit"}, commits...)...)

	m, r := jsonResult(t, dir, "", "undo", "--session", "s", "--commit")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Equal(t, true, m["changed"])
	require.Equal(t, git(t, clone, "rev-parse", "HEAD^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"))
	require.Equal(t, "Revert session s", git(t, dir, "log", "-1", "--format=%s"))
	trailers := git(t, dir, "log", "-1", "--format=%(trailers:only,unfold)")
	require.Contains(t, trailers, "Edit-Tool: undo")
	for _, c := range commits {
		require.Contains(t, trailers, "Edit-Reverts: "+c)
	}
	require.Equal(t, 3, strings.Count(trailers, "Edit-Undoes: "))
	require.Contains(t, read(t, dir, "a.txt"), "other5\n")
	requireSessionState(t, dir, "s", "undone")
	require.Equal(t, git(t, dir, "rev-parse", "HEAD"), git(t, dir, "rev-parse", ledgerRef("s")+"^2"))
	r = gitedit(t, dir, "", "undo", "--session", "s", "--json")
	require.Equal(t, "nothing_to_undo", errorCode(r), r.stdout)
	requireClean(t, dir)
	requireHealthy(t, dir)
}

// requireSessionState checks session list's state of id.
func requireSessionState(t *testing.T, dir, id, state string) {
	t.Helper()
	m, r := jsonResult(t, dir, "", "session", "show", id)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, state, m["state"])
}

// Two sessions edit one file at different lines, staging mode: undo
// --session a takes back a's batches only (three-way), keeps b's change,
// stages the result, and records an undo entry in a's ledger; b's ledger
// is untouched.
func TestSessionUndoKeepsAnotherSessionsLines(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": "g\n"})
	sessionEdit(t, dir, "a", "f.txt", "l2", "a2")
	sessionEdit(t, dir, "b", "f.txt", "l8", "b8")
	sessionEdit(t, dir, "a", "f.txt", "l4", "a4")
	ok(t, dir, "edit", "new.txt", "--old", "", "--new", "created\n", "--session", "a")
	ok(t, dir, "edit", "g.txt", "--old", "g\n", "--new", "", "--session", "a")
	bTip := git(t, dir, "rev-parse", ledgerRef("b"))

	m, r := jsonResult(t, dir, "", "undo", "--session", "a")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Equal(t, strings.Replace(tenLines, "l8\n", "b8\n", 1), read(t, dir, "f.txt"))
	require.NoFileExists(t, filepath.Join(dir, "new.txt"))
	require.Equal(t, "g\n", read(t, dir, "g.txt"))
	require.Nil(t, m["commit"])
	require.Equal(t, "M  f.txt", git(t, dir, "status", "--porcelain"))
	require.Equal(t, bTip, git(t, dir, "rev-parse", ledgerRef("b")))
	entry := git(t, dir, "rev-parse", ledgerRef("a"))
	msg := git(t, dir, "log", "-1", "--format=%B", entry)
	require.Contains(t, msg, "Edit-Tool: undo\n")
	require.Contains(t, msg, "Edit-Session: a\n")
	require.Equal(t, 4, strings.Count(msg, "Edit-Undoes: "))
	requireSessionState(t, dir, "a", "undone")
	requireSessionState(t, dir, "b", "open")
	requireHealthy(t, dir)
}

// --last N takes back only the newest N batches not undone yet; the
// next undo --session --last 1 takes back the one before.
func TestSessionUndoLast(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	for i := 1; i <= 3; i++ {
		sessionEdit(t, dir, "s", "f.txt", fmt.Sprintf("l%d", i), fmt.Sprintf("s%d", i))
	}
	ok(t, dir, "undo", "--session", "s", "--last", "1")
	require.Equal(t, strings.Replace(tenLines, "l1\nl2\n", "s1\ns2\n", 1), read(t, dir, "f.txt"))
	ok(t, dir, "undo", "--session", "s", "--last", "1")
	require.Equal(t, strings.Replace(tenLines, "l1\n", "s1\n", 1), read(t, dir, "f.txt"))
	requireSessionState(t, dir, "s", "open")
	m, _ := jsonResult(t, dir, "", "session", "show", "s")
	var undone []bool
	for _, b := range m["batches"].([]any) {
		undone = append(undone, b.(map[string]any)["undone"].(bool))
	}
	require.Equal(t, []bool{false, false, true, true, false}, undone, "undo, undo, s3, s2, s1")
	ok(t, dir, "undo", "--session", "s")
	require.Equal(t, tenLines, read(t, dir, "f.txt"))
	requireSessionState(t, dir, "s", "undone")
	r := gitedit(t, dir, "", "undo", "--session", "s", "--last", "1", "--json")
	require.Equal(t, "nothing_to_undo", errorCode(r))
	r = gitedit(t, dir, "", "undo", "--session", "nobody", "--json")
	require.Equal(t, "nothing_to_undo", errorCode(r))
}

// A later change to the same lines is conflict, and nothing changes: no
// file, index entry, ref (the ledgers included) or reflog; in both modes.
func TestSessionUndoConflictChangesNothing(t *testing.T) {
	for _, mode := range []string{"--commit=false", "--commit"} {
		t.Run(mode, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "h.txt": tenLines})
			sessionEdit(t, dir, "a", "h.txt", "l1", "a1", mode)
			sessionEdit(t, dir, "a", "f.txt", "l2", "a2", mode)
			sessionEdit(t, dir, "b", "f.txt", "a2", "b2", mode)
			before := take(t, dir)
			r := gitedit(t, dir, "", "undo", "--session", "a", mode, "--json")
			require.Equal(t, 1, r.code, r.stdout)
			require.Equal(t, "conflict", errorCode(r))
			require.Contains(t, r.stdout, "f.txt: line 2")
			requireUnchanged(t, before, take(t, dir))
		})
	}
}

// Hostile ids are invalid_input; --last and COMMIT need --session's
// company as documented; GITEDIT_SESSION alone keeps undo's old meaning.
func TestSessionUndoUsage(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	before := take(t, dir)
	for _, id := range []string{"..", "a b", "x.lock", "-x"} {
		r := gitedit(t, dir, "", "undo", "--session", id, "--json")
		require.Equal(t, 2, r.code, "%q: %s", id, r.stdout)
	}
	for _, args := range [][]string{{"undo", "--last", "1"}, {"undo", "HEAD", "--session", "s"}, {"undo", "--session", "s", "--last", "0"}} {
		r := gitedit(t, dir, "", args...)
		require.Equal(t, 2, r.code, "%v: %s", args, r.stderr)
	}
	requireUnchanged(t, before, take(t, dir))
}

// A plain undo after a commit-mode undo --session skips every commit the
// session's revert reverted (it names each in an Edit-Reverts) and takes
// back the gitedit commit before them.
func TestPlainUndoSkipsWhatASessionUndoReverted(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	ok(t, dir, "edit", "f.txt", "--old", "l9\n", "--new", "x9\n", "--commit")
	older := git(t, dir, "rev-parse", "HEAD")
	sessionEdit(t, dir, "s", "f.txt", "l1", "s1", "--commit")
	sessionEdit(t, dir, "s", "f.txt", "l3", "s3", "--commit")
	ok(t, dir, "undo", "--session", "s", "--commit")
	ok(t, dir, "undo")
	require.Equal(t, older, git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-Reverts,valueonly)"))
	require.Equal(t, tenLines, read(t, dir, "f.txt"))
}

// A plain undo after a session's staged (uncommitted) batch still
// reverts the newest gitedit commit, and says that the newest change is
// that staged batch, pointing to undo --session (issue 26, friction 1);
// with no commit to revert, the nothing_to_undo message points there.
func TestPlainUndoPointsToAStagedSessionBatch(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	r := gitedit(t, dir, "", "undo", "--json")
	require.Equal(t, "nothing_to_undo", errorCode(r))
	require.NotContains(t, r.stdout, "undo --session")
	sessionEdit(t, dir, "s", "f.txt", "l2", "s2")
	r = gitedit(t, dir, "", "undo", "--json")
	require.Equal(t, "nothing_to_undo", errorCode(r))
	require.Contains(t, r.stdout, "gitedit undo --session s --last 1")
	ok(t, dir, "edit", "g.txt", "--old", "", "--new", "g\n", "--commit")
	sessionEdit(t, dir, "s", "f.txt", "l4", "s4")
	out := gitedit(t, dir, "", "undo", "--dry-run")
	require.Equal(t, 0, out.code, out.stderr)
	require.Contains(t, out.stdout, "gitedit undo --session s --last 1")
	m, r := jsonResult(t, dir, "", "undo")
	require.Equal(t, 0, r.code, r.stdout)
	require.Contains(t, fmt.Sprint(m["notes"]), "\"edit f.txt: replace 1 occurrence\", staged by session s; gitedit undo --session s --last 1 takes it back")
	r = gitedit(t, dir, "", "undo", "HEAD~1", "--json")
	require.Equal(t, "nothing_to_undo", errorCode(r))
	require.NotContains(t, r.stdout, "undo --session", "an undo of a named commit gets no hint")
}
