package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// Two good sessions and two broken ledgers (one pointed by git
// update-ref at a blob, one at another session's entry): session list,
// text and --json, lists the two good ones and exits 0, and names each
// broken one with its error and the drop advice (a note on stderr, a
// "notes" entry in JSON) instead of refusing the whole list, as git
// for-each-ref warns about a broken ref and goes on. Refs and every
// reflog stay byte-identical.
func TestSessionListSkipsAndNamesBrokenLedgers(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	sessionEdit(t, dir, "good1", "f.txt", "l1", "g1")
	sessionEdit(t, dir, "good2", "f.txt", "l3", "g3")
	sessionEdit(t, dir, "blob", "f.txt", "l5", "b5")
	sessionEdit(t, dir, "foreign", "f.txt", "l7", "b7")
	git(t, dir, "update-ref", ledgerRef("blob"), git(t, dir, "rev-parse", "HEAD:f.txt"))
	git(t, dir, "update-ref", ledgerRef("foreign"), git(t, dir, "rev-parse", ledgerRef("good1")))
	before, refsBefore := take(t, dir), refFiles(t, dir)

	r := ok(t, dir, "session", "list")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 2, r.stdout)
	require.Contains(t, r.stdout, "good1")
	require.Contains(t, r.stdout, "good2")
	for _, id := range []string{"blob", "foreign"} {
		require.NotContains(t, r.stdout, id)
		require.Contains(t, r.stderr, "note: session "+id+": ", r.stderr)
		require.Contains(t, r.stderr, "gitedit session drop "+id, r.stderr)
	}
	require.Equal(t, 2, strings.Count(r.stderr, "\n"), r.stderr)

	m, jr := jsonResult(t, dir, "", "session", "list")
	require.Equal(t, 0, jr.code, jr.stderr)
	require.Empty(t, jr.stderr)
	require.Equal(t, true, m["ok"])
	var ids []string
	for _, s := range m["sessions"].([]any) {
		ids = append(ids, s.(map[string]any)["session"].(string))
	}
	require.ElementsMatch(t, []string{"good1", "good2"}, ids)
	notes := m["notes"].([]any)
	require.Len(t, notes, 2)
	joined := notes[0].(string) + "\n" + notes[1].(string)
	for _, id := range []string{"blob", "foreign"} {
		require.Contains(t, joined, "session "+id+": ")
		require.Contains(t, joined, "gitedit session drop "+id)
	}

	requireUnchanged(t, before, take(t, dir))
	require.Equal(t, refsBefore, refFiles(t, dir))
	ok(t, dir, "session", "drop", "blob")
	ok(t, dir, "session", "drop", "foreign")
	m, _ = jsonResult(t, dir, "", "session", "list")
	require.NotContains(t, m, "notes")
	require.Len(t, m["sessions"], 2)
}

// refFiles returns the bytes of every file under .git/refs and
// .git/logs, and of .git/packed-refs.
func refFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, sub := range []string{"refs", "logs"} {
		err := filepath.WalkDir(filepath.Join(dir, ".git", sub), func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				out[p] = digestFile(t, p)
			}
			return err
		})
		require.NoError(t, err)
	}
	out["packed-refs"] = digestFile(t, filepath.Join(dir, ".git", "packed-refs"))
	return out
}
