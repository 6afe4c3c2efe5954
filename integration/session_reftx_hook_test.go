//go:build unix

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// refusingTxHook installs a reference-transaction hook that logs each
// call (its state, then its standard input) to log and, in the prepared
// state, refuses any update of a ref starting with one of prefixes.
func refusingTxHook(t *testing.T, dir, log string, prefixes ...string) {
	script := `in=$(cat); { echo "== $1"; printf '%s\n' "$in"; } >> '` + log + "'\n"
	for _, p := range prefixes {
		script += `if [ "$1" = prepared ] && printf '%s\n' "$in" | grep -q ' ` + p + `'; then echo "no $1 ` + p + `" >&2; exit 1; fi` + "\n"
	}
	installHook(t, filepath.Join(dir, ".git", "hooks"), "reference-transaction", script)
}

// ledgerLines are the hook log's blocks that name a session ledger.
func ledgerLines(t *testing.T, log string) string {
	var out []string
	blocks := strings.Split(read(t, filepath.Dir(log), filepath.Base(log)), "== ")
	for _, b := range blocks {
		if strings.Contains(b, "refs/gitedit/sessions/") || strings.Contains(b, "refs/stash") {
			out = append(out, "== "+hexID.ReplaceAllString(b, "ID"))
		}
	}
	return strings.Join(out, "")
}

// TestLedgerMovesRunTheReferenceTransactionHook: git runs the
// reference-transaction hook for every ref update, refs/stash and a
// git update-ref of a ledger ref included, and a hook refusing one makes
// the command fail and change nothing. A session batch's ledger move runs
// it the same way (prepared, then committed or aborted, with git's line
// on its standard input): refused there, the batch, staging or commit
// mode, fails with conflict and leaves files, index and refs as they
// were.
func TestLedgerMovesRunTheReferenceTransactionHook(t *testing.T) {
	for _, mode := range []string{"staging", "commit"} {
		t.Run(mode, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
			log := filepath.Join(filepath.Dir(dir), "hook.log")
			refusingTxHook(t, dir, log, "refs/gitedit/sessions/", "refs/stash")
			_, err := fixtures.RunGit(dir, "update-ref", "refs/gitedit/sessions/x", "HEAD")
			require.Error(t, err, "git: the hook refuses a ledger ref")
			write(t, dir, "greet.go", greet+"// stashed\n")
			_, err = fixtures.RunGit(dir, "stash")
			require.Error(t, err, "git stash: the hook refuses refs/stash")
			git(t, dir, "checkout", "-q", "--", "greet.go")
			gitLog := ledgerLines(t, log)
			require.Equal(t, "== prepared\nID ID refs/gitedit/sessions/x\n== aborted\nID ID refs/gitedit/sessions/x\n"+
				"== prepared\nID ID refs/stash\n== aborted\nID ID refs/stash\n", gitLog)
			require.NoError(t, os.WriteFile(log, nil, 0o644))

			before := take(t, dir)
			args := []string{"edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "x", "--json"}
			if mode == "commit" {
				args = append(args, "--commit")
			}
			res := gitedit(t, dir, "", args...)
			require.NotEqual(t, 0, res.code)
			require.Contains(t, res.stdout, `"conflict"`)
			require.Contains(t, res.stdout, "reference-transaction hook refused the update of refs/gitedit/sessions/x")
			require.Equal(t, before, take(t, dir), "a refused batch changes nothing")
			require.Equal(t, "== prepared\nID ID refs/gitedit/sessions/x\n== aborted\nID ID refs/gitedit/sessions/x\n", ledgerLines(t, log))
			require.Contains(t, read(t, filepath.Dir(log), "hook.log"), "0000000000000000000000000000000000000000 ", "a new ledger's old value is zero, as git writes it")
			if mode == "commit" { // the branch's transaction, prepared, is aborted too
				require.Contains(t, hexID.ReplaceAllString(read(t, filepath.Dir(log), "hook.log"), "ID"), "== aborted\nID ID HEAD\nID ID refs/heads/main\n")
			}

			refusingTxHook(t, dir, log) // now accepting
			require.NoError(t, os.WriteFile(log, nil, 0o644))
			ok(t, dir, args...)
			tip := git(t, dir, "rev-parse", ledgerRef("x"))
			require.Contains(t, read(t, filepath.Dir(log), "hook.log"),
				"== committed\n0000000000000000000000000000000000000000 "+tip+" refs/gitedit/sessions/x\n")
		})
	}
}
