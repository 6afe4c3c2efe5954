package integration

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestDroppedSessionSaysItHasNoLedger: after gitedit session drop S, S
// has no ledger, and each command says what that leaves. log --session S
// and series --session S find its commits on the branch by their
// Edit-Session trailer (the commit-mode batch; the staging-mode one was
// only in the ledger), as for a session an older gitedit recorded;
// session show S is not_found and undo --session S nothing_to_undo,
// both saying S has no ledger (undo once said S "recorded no batch",
// which log and series contradicted), and the undo changes nothing.
func TestDroppedSessionSaysItHasNoLedger(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "b.txt": "bee\n"})
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "two", "--session", "S", "--commit")
	ok(t, dir, "edit", "b.txt", "--old", "bee", "--new", "wasp", "--session", "S")
	require.Len(t, logEntries(t, dir, "S"), 2, "both batches, from the ledger")
	ok(t, dir, "session", "drop", "S")

	entries := logEntries(t, dir, "S")
	require.Len(t, entries, 1, "only the commit on the branch")
	require.Equal(t, git(t, dir, "rev-parse", "HEAD"), entries[0]["commit"])
	require.Nil(t, entries[0]["entry"], "no ledger entry")
	series := ok(t, dir, "series", "--session", "S", "--stdout").stdout
	require.Equal(t, 1, strings.Count(series, "\nSubject: "), series)
	require.Contains(t, series, "+two\n")

	before := take(t, dir)
	for _, args := range [][]string{{"session", "show", "S"}, {"undo", "--session", "S"}} {
		r := gitedit(t, dir, "", args...)
		require.Equal(t, 1, r.code, "gitedit %v: %s", args, r.stderr)
		require.Contains(t, r.stderr, "session S has no ledger", "gitedit %v", args)
		require.NotContains(t, r.stderr, "recorded no batch")
	}
	r := gitedit(t, dir, "", "undo", "--session", "S", "--json")
	require.Equal(t, "nothing_to_undo", errorCode(r))
	require.Contains(t, r.stdout, "gitedit session drop deleted it")
	require.Contains(t, r.stdout, "gitedit log --session S lists the session's commits on the branch")
	requireUnchanged(t, before, take(t, dir))
}

// logEntries runs gitedit log --session S --json and returns its commits.
func logEntries(t *testing.T, dir, session string) []map[string]any {
	t.Helper()
	var out struct {
		Commits []map[string]any `json:"commits"`
	}
	r := ok(t, dir, "log", "--session", session, "--json")
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
	return out.Commits
}

// log --session S and series --session S of a session without ledger
// (dropped here) say so, on stderr or in --json's notes, and that they
// list and export its commits on the branch instead (they said nothing,
// which read as if the session had one batch); the exit status stays
// 0, and a session with a ledger gets no note.
func TestDroppedSessionLogAndSeriesSayWhatTheyShow(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "b.txt": "bee\n"})
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "two", "--session", "S", "--commit")
	ok(t, dir, "edit", "b.txt", "--old", "bee", "--new", "wasp", "--session", "S")
	for _, args := range [][]string{{"log", "--session", "S"}, {"series", "--session", "S", "--stdout"}} {
		require.Empty(t, ok(t, dir, args...).stderr, "%v: a ledger, no note", args)
	}
	ok(t, dir, "session", "drop", "S")
	const note = "gitedit: note: session S has no ledger (none was recorded here, or gitedit session drop deleted it): "
	for args, shown := range map[string]string{"log --session S --oneline": "listing its commits on the branch instead",
		"series --session S --stdout": "exporting its commits on the branch instead"} {
		r := ok(t, dir, strings.Fields(args)...)
		require.Equal(t, note+shown+", found by their Edit-Session trailer\n", r.stderr, args)
		m, r := jsonResult(t, dir, "", append(strings.Fields(args), "--json")...)
		require.Equal(t, 0, r.code, args)
		require.Equal(t, []any{strings.TrimPrefix(note, "gitedit: note: ") + shown + ", found by their Edit-Session trailer"}, m["notes"], args)
		require.Empty(t, r.stderr, args)
	}
	require.Len(t, logEntries(t, dir, "S"), 1)
	r := gitedit(t, dir, "", "series", "--session", "T", "--stdout") // no ledger, no commit: the refusal says both
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, `no gitedit commit of session "T" on the branch, and no ledger of it`)
}
