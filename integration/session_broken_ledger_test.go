package integration

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A ledger ref pointed by hand (git update-ref) at a commit that is no
// ledger, or at a blob, makes session show refuse: the message names the
// broken session and how to drop it (it used to read "session : ..."
// with no id); session list lists the other session and notes the broken
// one so (TestSessionListSkipsAndNamesBrokenLedgers). Nothing changes;
// once the ledger is dropped, list has no note.
func TestSessionListNamesABrokenLedger(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	sessionEdit(t, dir, "good", "f.txt", "l1", "g1")
	sessionEdit(t, dir, "bad", "f.txt", "l5", "b5")
	for _, target := range []string{"HEAD", "HEAD:f.txt"} {
		git(t, dir, "update-ref", ledgerRef("bad"), git(t, dir, "rev-parse", target))
		before := take(t, dir)
		m, r := jsonResult(t, dir, "", "session", "show", "bad")
		require.Equal(t, 1, r.code, target)
		e := m["error"].(map[string]any)
		require.Equal(t, "io_error", e["code"])
		msg := e["message"].(string)
		require.NotContains(t, msg, "session :", msg)
		require.Contains(t, msg, "session bad", msg)
		require.Contains(t, msg, "gitedit session drop bad", msg)
		m, r = jsonResult(t, dir, "", "session", "list")
		require.Equal(t, 0, r.code, target)
		require.Len(t, m["sessions"], 1)
		note := m["notes"].([]any)[0].(string)
		require.Contains(t, note, "session bad: ", note)
		require.Contains(t, note, "gitedit session drop bad", note)
		requireUnchanged(t, before, take(t, dir))
	}
	ok(t, dir, "session", "drop", "bad")
	r := ok(t, dir, "session", "list")
	require.Contains(t, r.stdout, "good")
	require.Empty(t, r.stderr)
}

// A stale lock on a session's ledger ref (refs/gitedit/sessions/S.lock,
// as a killed process leaves it) makes session drop refuse with locked,
// as batches of the session are refused (it said io_error), its message
// naming the lock file; nothing changes.
func TestSessionDropOfALockedLedgerIsLocked(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	sessionEdit(t, dir, "k", "f.txt", "l1", "k1")
	write(t, dir, ".git/"+ledgerRef("k")+".lock", "")
	before := take(t, dir)
	m, r := jsonResult(t, dir, "", "session", "drop", "k", "--lock-timeout", "100ms", "--json")
	require.Equal(t, 1, r.code, r.stderr)
	e := m["error"].(map[string]any)
	require.Equal(t, "locked", e["code"], e["message"])
	require.Contains(t, e["message"], "sessions/k.lock")
	requireUnchanged(t, before, take(t, dir))
}

// A ref named refs/gitedit/sessions (made by hand, then packed by git
// pack-refs) keeps any session's ledger from being created, as git
// update-ref refuses to create refs/gitedit/sessions/S then: the batch
// is refused in staging and in commit mode and nothing changes (gitedit
// created the loose ledger beside the packed ref, and git gc then
// failed: "cannot lock ref ... 'refs/gitedit/sessions' exists").
func TestSessionBatchRefusesALedgerNameGitCannotCreate(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	git(t, dir, "update-ref", "refs/gitedit/sessions", "HEAD")
	git(t, dir, "pack-refs", "--all")
	for _, extra := range [][]string{nil, {"--commit"}} {
		before := take(t, dir)
		args := append([]string{"edit", "f.txt", "--old", "l1\n", "--new", "x1\n", "--session", "p", "--json"}, extra...)
		r := gitedit(t, dir, "", args...)
		require.Equal(t, 1, r.code, "%v: %s", extra, r.stdout)
		require.Equal(t, "io_error", errorCode(r))
		require.Contains(t, r.stdout, "'refs/gitedit/sessions' exists; cannot create 'refs/gitedit/sessions/p'")
		requireUnchanged(t, before, take(t, dir))
	}
	git(t, dir, "gc", "-q")
	git(t, dir, "fsck", "--strict")
}
