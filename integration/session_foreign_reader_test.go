package integration

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestReadersRefuseALedgerMovedOntoAnotherSession points session a's
// ledger ref by hand (git update-ref) at an entry of session b: its
// newest batch, its outside entry and its start entry. session show a,
// session list, log --session a and series --session a used to list b's
// batches as a's (show a printed b's subject and net diff); they now
// refuse, as undo --session a and session land a do, with io_error
// naming the ref and gitedit session drop a, and change nothing;
// session list lists b alone and notes a so. Once
// a's ref is back on its own entry, every reader reads it again.
func TestReadersRefuseALedgerMovedOntoAnotherSession(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": tenLines})
	sessionEdit(t, dir, "a", "f.txt", "l1", "a1")
	sessionEdit(t, dir, "b", "g.txt", "l2", "b2")
	write(t, dir, "g.txt", "outside\n"+tenLines) // b's next batch records an outside entry
	sessionEdit(t, dir, "b", "g.txt", "l5", "b5")
	own := git(t, dir, "rev-parse", ledgerRef("a"))
	outside := git(t, dir, "rev-parse", ledgerRef("b")+"^")
	require.Contains(t, git(t, dir, "log", "-1", "--format=%s", outside), "Changes made outside session b")
	start := git(t, dir, "rev-parse", ledgerRef("b")+"~3")
	require.Contains(t, git(t, dir, "log", "-1", "--format=%s", start), "Start of session b")
	readers := [][]string{{"session", "show", "a", "--stat", "-p"}, {"log", "--session", "a"},
		{"series", "--session", "a", "--stdout"}, {"undo", "--session", "a"}, {"session", "land", "a"}}
	for name, foreign := range map[string]string{"batch": git(t, dir, "rev-parse", ledgerRef("b")), "outside": outside, "start": start} {
		git(t, dir, "update-ref", ledgerRef("a"), foreign)
		for _, args := range readers {
			before := take(t, dir)
			m, r := jsonResult(t, dir, "", args...)
			require.Equal(t, 1, r.code, "%s %v: %s", name, args, r.stdout)
			e := m["error"].(map[string]any)
			require.Equal(t, "io_error", e["code"], "%s %v", name, args)
			msg := e["message"].(string)
			require.Contains(t, msg, "no entry of session a", "%s %v", name, args)
			require.Contains(t, msg, "gitedit session drop a", "%s %v", name, args)
			require.NotContains(t, r.stdout, "b2", "%s %v", name, args)
			requireUnchanged(t, before, take(t, dir))
		}
		before := take(t, dir)
		m, r := jsonResult(t, dir, "", "session", "list")
		require.Equal(t, 0, r.code, "%s: %s", name, r.stdout)
		require.Len(t, m["sessions"], 1, name)
		require.Equal(t, "b", m["sessions"].([]any)[0].(map[string]any)["session"], name)
		require.Len(t, m["notes"], 1, name)
		note := m["notes"].([]any)[0].(string)
		require.Contains(t, note, "no entry of session a", name)
		require.Contains(t, note, "gitedit session drop a", name)
		requireUnchanged(t, before, take(t, dir))
	}
	git(t, dir, "update-ref", ledgerRef("a"), own)
	show := ok(t, dir, "session", "show", "a", "-p").stdout
	require.Contains(t, show, "+a1")
	require.NotContains(t, show, "b2")
	ok(t, dir, "session", "list")
	require.Contains(t, ok(t, dir, "log", "--session", "a", "--oneline").stdout, "f.txt")
}
