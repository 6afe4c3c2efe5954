package integration

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBatchRefusesALedgerAHookPointedElsewhere has a pre-commit hook
// point session k's ledger ref at an unrelated commit (the branch commit
// before the session) during a commit-mode batch of k, and, in staging
// mode, finds the ref pointed there before the batch: gitedit used to
// append the entry there, rooting the ledger on the branch's history
// (session show and session list then failed: "does not end in a start
// entry"). The batch is now refused with io_error, saying how to drop
// the ref; files, index, branch and the ref stay as they were. (A ref
// pointed at one of the session's own branch commits, whose message is
// an entry's, is not told apart: see docs/sessions.md.)
func TestBatchRefusesALedgerAHookPointedElsewhere(t *testing.T) {
	for _, commit := range []bool{true, false} {
		dir := hookRepo(t)
		ok(t, dir, "edit", "b.txt", "--old", "alpha", "--new", "beta", "--session", "k", "--commit")
		head, foreign := git(t, dir, "rev-parse", "HEAD"), git(t, dir, "rev-parse", "HEAD^")
		args := []string{"edit", "a.txt", "--old", "one", "--new", "uno", "--session", "k"}
		if commit {
			installHook(t, filepath.Join(dir, ".git", "hooks"), "pre-commit", "git update-ref "+ledgerRef("k")+" HEAD^\n")
			args = append(args, "--commit")
		} else {
			git(t, dir, "update-ref", ledgerRef("k"), foreign)
		}
		before := take(t, dir)
		m, r := jsonResult(t, dir, "", args...)
		require.Equal(t, 1, r.code, r.stderr)
		e := m["error"].(map[string]any)
		require.Equal(t, "io_error", e["code"])
		require.Contains(t, e["message"], "no entry of session k")
		require.Contains(t, e["message"], "gitedit session drop k")
		after := take(t, dir)
		require.Equal(t, before.files, after.files)
		require.Equal(t, before.index, after.index)
		require.Equal(t, head, git(t, dir, "rev-parse", "HEAD"))
		require.Equal(t, foreign, git(t, dir, "rev-parse", ledgerRef("k")))
		ok(t, dir, "session", "drop", "k")
		ok(t, dir, "session", "list")
	}
}
