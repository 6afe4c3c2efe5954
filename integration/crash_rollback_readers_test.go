//go:build unix

package integration

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReaderSaysWhatTheRollbackDid: a reader of the ledgers (session
// show, session list, log --session) that rolls back the files of a
// batch killed before its point of no return says so, in one note
// naming the files put back and the one left because it changed since:
// on stderr as `gitedit: note:`, or with --json in the result's notes.
// It ran the rollback without a word, and files changed under the user.
// Its exit status stays 0.
func TestReaderSaysWhatTheRollbackDid(t *testing.T) {
	for _, reader := range [][]string{{"session", "show", "k"}, {"session", "list"}, {"log", "--session", "k"}} {
		for _, asJSON := range []bool{false, true} {
			t.Run(fmt.Sprint(reader, asJSON), func(t *testing.T) {
				dir := rollbackStart(t)
				ok(t, dir, "edit", "other.txt", "--old", "other", "--new", "OTHER", "--session", "k")
				before := takeTree(t, dir)
				require.True(t, killAt(t, dir, "write index", 0, rollbackBatch, "batch", "-", "--session", "k"))
				require.Equal(t, "ALPHA\n", read(t, dir, "a.txt"), "the files were placed")
				write(t, dir, "a.txt", "the user's own\n")
				removeLocksLeft(t, dir)
				var said string
				if asJSON {
					m, r := jsonResult(t, dir, "", reader...)
					require.Equal(t, 0, r.code, r.stderr)
					said = fmt.Sprint(m["notes"])
				} else {
					r := gitedit(t, dir, "", reader...)
					require.Equal(t, 0, r.code, r.stderr)
					require.Contains(t, r.stderr, "gitedit: note: a killed gitedit batch was rolled back: ")
					said = r.stderr
				}
				require.Contains(t, said, "a killed gitedit batch was rolled back: new/c.txt, b.txt put back as before it; "+
					"a.txt was changed since a killed gitedit batch wrote it; left as it is")
				require.Equal(t, before.files["b.txt"], read(t, dir, "b.txt"), "rolled back")
				require.NoFileExists(t, filepath.Join(dir, "new", "c.txt"))
				r := gitedit(t, dir, "", reader...)
				require.Equal(t, 0, r.code, r.stderr)
				require.NotContains(t, r.stderr, "killed", "the next reader has nothing to say")
			})
		}
	}
}
