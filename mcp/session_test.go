package mcp

import (
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit"
)

// tenLines is a file of ten numbered lines.
const tenLines = "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\n"

// lineEdit replaces line old by new in f.txt through cs and returns the
// result's session.
func lineEdit(t *testing.T, cs *sdk.ClientSession, old, new string) any {
	t.Helper()
	_, m := mustApply(t, cs, ToolEdit, map[string]any{"file_path": "f.txt", "old_string": old + "\n", "new_string": new + "\n"})
	return m["session"]
}

// Two servers in one working tree, staging mode (no --commit): each
// reports its session in initialize and in every result; each undo
// takes back the newest batch of its own session only, even in the same
// file; changes shows the own session's net change; commit lands it
// (refused dirty when the other server changed the file since).
func TestTwoServersUndoTheirOwnBatches(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	isolateGit(t, repo)
	a := connect(t, Config{Dir: repo, Options: gitedit.Options{Session: "agent-a"}})
	b := connect(t, Config{Dir: repo, Options: gitedit.Options{Session: "agent-b"}})
	assert.Contains(t, a.InitializeResult().ServerInfo.Description, "session agent-a")
	assert.Contains(t, a.InitializeResult().Instructions, "agent-a")

	assert.Equal(t, "agent-a", lineEdit(t, a, "l1", "a1"))
	assert.Equal(t, "agent-b", lineEdit(t, b, "l5", "b5"))
	lineEdit(t, a, "l3", "a3")
	lineEdit(t, b, "l9", "b9")

	_, m := mustApply(t, a, ToolUndo, map[string]any{})
	assert.Equal(t, "agent-a", m["session"])
	_, _ = mustApply(t, b, ToolUndo, map[string]any{})
	want := strings.NewReplacer("l1\n", "a1\n", "l5\n", "b5\n").Replace(tenLines)
	require.Equal(t, want, readFile(t, repo, "f.txt"), "each took back its own newest batch")

	out, m := mustApply(t, b, ToolChanges, map[string]any{})
	assert.Contains(t, out, "+b5")
	assert.Equal(t, "agent-b", m["session"])
	assert.Equal(t, true, m["files"].([]any)[0].(map[string]any)["outside_changes"], "a changed f.txt between b's batches")

	res := call(t, a, ToolCommit, map[string]any{"message": "a's work"})
	assert.Equal(t, "dirty", errorCode(t, res), "b changed f.txt since a's last batch of it")
	_, m = mustApply(t, b, ToolCommit, map[string]any{"message": "b's work"})
	assert.Equal(t, "agent-b", m["session"])
	assert.Equal(t, "b's work", gitOut(t, repo, "log", "-1", "--format=%s"))
	assert.Equal(t, want, gitOut(t, repo, "show", "HEAD:f.txt")+"\n")

	_, _ = mustApply(t, b, ToolUndo, map[string]any{"all": true})
	require.Equal(t, strings.Replace(tenLines, "l1\n", "a1\n", 1), readFile(t, repo, "f.txt"))
	res = call(t, b, ToolUndo, map[string]any{})
	assert.Equal(t, "nothing_to_undo", errorCode(t, res))
	res = call(t, b, ToolUndo, map[string]any{"commit": "HEAD", "all": true})
	assert.Equal(t, "invalid_input", errorCode(t, res))
}

// changes before any edit is an empty change, not an error.
func TestChangesOfAFreshSession(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo})
	out, m := mustApply(t, cs, ToolChanges, nil)
	assert.Contains(t, out, "no net change")
	assert.Equal(t, true, m["ok"])
	assert.True(t, strings.HasPrefix(m["session"].(string), "mcp-"))
}

// TestChangesTextCountsInWordsThatAgree checks the changes tool's text:
// it said "1 batches, 1 files changed".
func TestChangesTextCountsInWordsThatAgree(t *testing.T) {
	one := &gitedit.SessionShow{Session: "s", Batches: make([]gitedit.SessionBatch, 1), Files: make([]gitedit.SessionFile, 1)}
	if got := changesText(capChanges(one)); !strings.HasPrefix(got, "session s: 1 batch, 1 file changed\n") {
		t.Fatalf("changesText = %q", got)
	}
	two := &gitedit.SessionShow{Session: "s", Batches: make([]gitedit.SessionBatch, 2)}
	if got := changesText(capChanges(two)); got != "session s: no net change (2 batches)\n" {
		t.Fatalf("changesText = %q", got)
	}
}

// The log tool refuses a negative n as gitedit log -n does (it listed
// nothing without a session filter and every batch with one).
func TestLogToolRefusesANegativeN(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo, Options: gitedit.Options{Session: "neg"}})
	lineEdit(t, cs, "l1", "n1")
	for _, args := range []map[string]any{{"n": -1}, {"n": -5, "session": "neg"}} {
		res := call(t, cs, ToolLog, args)
		assert.Equal(t, "invalid_input", errorCode(t, res), "%v: %s", args, text(res))
		assert.Contains(t, text(res), "must not be negative")
	}
}

// commit with each: true lands the own session one commit per batch,
// each with its batch's subject; each with a message is invalid_input.
func TestCommitEachMakesOneCommitPerBatch(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo, Options: gitedit.Options{Session: "e"}})
	lineEdit(t, cs, "l1", "e1")
	lineEdit(t, cs, "l5", "e5")
	res := call(t, cs, ToolCommit, map[string]any{"each": true, "message": "one"})
	assert.Equal(t, "invalid_input", errorCode(t, res))
	_, m := mustApply(t, cs, ToolCommit, map[string]any{"each": true})
	assert.Len(t, m["commits"], 2)
	assert.Equal(t, "edit f.txt: replace 1 occurrence\nedit f.txt: replace 1 occurrence", gitOut(t, repo, "log", "-2", "--format=%s"))
	assert.Equal(t, readFile(t, repo, "f.txt"), gitOut(t, repo, "show", "HEAD:f.txt")+"\n")
}

// After the session's ledger is dropped, the log tool says, as gitedit
// log --session S does, that it lists the session's commits on the
// branch instead (it showed the one commit as if it were the session).
func TestLogToolSaysADroppedSessionHasNoLedger(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo, Options: gitedit.Options{Session: "gone", Commit: true}})
	lineEdit(t, cs, "l1", "g1")
	out, m := mustApply(t, cs, ToolLog, map[string]any{"session": "gone"})
	assert.NotContains(t, out, "note:", "the ledger is there")
	assert.Nil(t, m["notes"])

	r, err := gitedit.Open(repo)
	require.NoError(t, err)
	_, err = r.DropSession(t.Context(), "gone", gitedit.Options{})
	require.NoError(t, err)
	note := "session gone has no ledger (none was recorded here, or gitedit session drop deleted it): " +
		"listing its commits on the branch instead, found by their Edit-Session trailer"
	out, m = mustApply(t, cs, ToolLog, map[string]any{"session": "gone"})
	assert.Contains(t, out, "note: "+note+"\n")
	assert.Contains(t, out, "edit f.txt: replace 1 occurrence", "the branch commit is listed")
	assert.Equal(t, []any{note}, m["notes"])
}
