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
