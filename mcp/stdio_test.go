package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// buildGitedit builds the gitedit binary from the module root ($GITEDIT_BINARY,
// when set, is used instead), or skips the test when the binary cannot
// serve MCP yet (no main package, or no mcp command).
func buildGitedit(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("GITEDIT_BINARY"); bin != "" {
		return bin
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "gitedit")
	// A plain build of the main package: it serves gitedit mcp itself.
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Skipf("cannot build the gitedit binary from the module root yet (%v):\n%s", err, out)
	}
	help, _ := exec.Command(bin, "--help").CombinedOutput()
	if !bytes.Contains(help, []byte("mcp")) {
		t.Skipf("the gitedit binary has no `mcp` command yet (wire cli to mcp.Serve); its help:\n%s", help)
	}
	return bin
}

// stdioSession starts `gitedit mcp args...` in repo and connects the
// go-sdk client to it over the process's stdin and stdout.
func stdioSession(t *testing.T, bin, repo string, args ...string) *sdk.ClientSession {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"mcp"}, args...)...)
	cmd.Dir = repo
	cmd.Env = fixtures.Env(fixtures.Home(repo))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	client := sdk.NewClient(&sdk.Implementation{Name: "stdio-test", Version: "1"}, nil)
	cs, err := client.Connect(context.Background(), &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil && notWired(stderr.String()) {
		t.Skipf("the gitedit binary's `mcp` command is not wired to mcp.Serve yet: %s", &stderr)
	}
	require.NoError(t, err, "connect to gitedit mcp; stderr:\n%s", &stderr)
	t.Cleanup(func() {
		assert.NoError(t, cs.Close(), "gitedit mcp exits cleanly when stdin closes; stderr:\n%s", &stderr)
	})
	return cs
}

// notWired reports whether the binary's error output says that the mcp
// command does not exist or is a placeholder.
func notWired(stderr string) bool {
	for _, s := range []string{"not yet implemented", "No help topic", "unknown command"} {
		if strings.Contains(stderr, s) {
			return true
		}
	}
	return false
}

// headTrailer returns the values of trailer key in HEAD's message.
func headTrailer(t *testing.T, repo, key string) string {
	t.Helper()
	return gitOut(t, repo, "log", "-1", "--format=%(trailers:key="+key+",valueonly,separator=%x2C)")
}

// afterStep checks what every applied step leaves: a clean status (the
// commit holds exactly the working tree) and a consistent object store.
func afterStep(t *testing.T, repo string) {
	t.Helper()
	requireClean(t, repo)
	fixtures.Git(t, repo, "fsck", "--strict", "--no-progress")
}

func TestStdioAgentSessionCommitsEachCallAndUndoes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the gitedit binary")
	}
	bin := buildGitedit(t)
	const original = "package a\n\nfunc Foo() int {\n\treturn 1\n}\n"
	repo := fixtures.NewRepo(t, map[string]string{"src/a.go": original, "README.md": "# demo\n"})
	cs := stdioSession(t, bin, repo, "--commit", "--session", "stdio-run", "--agent", "stdio-agent")
	start := gitOut(t, repo, "rev-parse", "HEAD")

	checkListedSchemas(t, cs)

	// read gives the blob id git computes.
	_, read := mustApply(t, cs, ToolRead, map[string]any{"file_path": "src/a.go"})
	blob := gitOut(t, repo, "hash-object", "src/a.go")
	require.Equal(t, blob, read["blob"])

	// edit with that blob id: one commit with the edit's trailers.
	mustApply(t, cs, ToolEdit, map[string]any{"file_path": "src/a.go", "old_string": "return 1", "new_string": "return 2", "expected_hash": blob})
	afterStep(t, repo)
	editCommit := gitOut(t, repo, "rev-parse", "HEAD")
	assert.Equal(t, start, gitOut(t, repo, "rev-parse", "HEAD^"))
	assert.Equal(t, "edit", headTrailer(t, repo, "Edit-Tool"))
	assert.Equal(t, "stdio-run", headTrailer(t, repo, "Edit-Session"))
	assert.Equal(t, "stdio-agent", headTrailer(t, repo, "Edit-Agent"))
	assert.Equal(t, "src/a.go "+gitOut(t, repo, "hash-object", "src/a.go"), headTrailer(t, repo, "Edit-Blob-After"))
	assert.Contains(t, gitOut(t, repo, "show", "HEAD:src/a.go"), "return 2")

	// the same, now stale, blob id is refused and changes nothing.
	stale := call(t, cs, ToolEdit, map[string]any{"file_path": "src/a.go", "old_string": "return 2", "new_string": "return 3", "expected_hash": blob})
	require.True(t, stale.IsError)
	assert.True(t, strings.HasPrefix(text(stale), "hash_mismatch: "), text(stale))
	assert.Equal(t, editCommit, gitOut(t, repo, "rev-parse", "HEAD"))
	afterStep(t, repo)

	// multiedit: sequential, one commit counting both edits.
	mustApply(t, cs, ToolMultiEdit, map[string]any{"file_path": "src/a.go", "edits": []any{
		map[string]any{"old_string": "func Foo()", "new_string": "func Bar()"},
		map[string]any{"old_string": "func Bar() int", "new_string": "func Bar() int64"},
	}})
	afterStep(t, repo)
	afterMulti := readFile(t, repo, "src/a.go")
	assert.Equal(t, "package a\n\nfunc Bar() int64 {\n\treturn 2\n}\n", afterMulti)
	assert.Equal(t, "multiedit", headTrailer(t, repo, "Edit-Tool"))
	assert.Equal(t, "2", headTrailer(t, repo, "Edit-Count"))

	// apply_patch: an envelope touching two files, one commit.
	patch := "*** Begin Patch\n*** Update File: src/a.go\n@@ func Bar() int64 {\n-\treturn 2\n+\treturn 42\n*** Add File: docs/notes.md\n+# notes\n*** End Patch\n"
	mustApply(t, cs, ToolApplyPatch, map[string]any{"patch": patch})
	afterStep(t, repo)
	patchCommit := gitOut(t, repo, "rev-parse", "HEAD")
	assert.Equal(t, "patch", headTrailer(t, repo, "Edit-Tool"))
	assert.Equal(t, "# notes\n", gitOut(t, repo, "show", "HEAD:docs/notes.md")+"\n")
	assert.Contains(t, gitOut(t, repo, "show", "HEAD:src/a.go"), "return 42")

	// log lists the three commits of the session, newest first.
	_, logged := mustApply(t, cs, ToolLog, map[string]any{"session": "stdio-run"})
	entries, _ := logged["commits"].([]any)
	require.Len(t, entries, 3)
	var tools []string
	for _, e := range entries {
		tools = append(tools, e.(map[string]any)["tool"].(string))
	}
	assert.Equal(t, []string{"patch", "multiedit", "edit"}, tools)

	// undo takes back the session's newest batch, the patch, with a new
	// commit.
	mustApply(t, cs, ToolUndo, map[string]any{})
	afterStep(t, repo)
	assert.Equal(t, "undo", headTrailer(t, repo, "Edit-Tool"))
	assert.Equal(t, patchCommit, headTrailer(t, repo, "Edit-Reverts"))
	assert.Equal(t, "Revert session stdio-run", gitOut(t, repo, "log", "-1", "--format=%s"))
	assert.Equal(t, afterMulti, readFile(t, repo, "src/a.go"))
	assert.Empty(t, gitOut(t, repo, "ls-tree", "HEAD", "docs/notes.md"), "the added file is gone")
}

// checkListedSchemas checks that the server lists every tool with the
// embedded schema.
func checkListedSchemas(t *testing.T, cs *sdk.ClientSession) {
	t.Helper()
	listed, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	got := map[string]any{}
	for _, tool := range listed.Tools {
		got[tool.Name] = tool.InputSchema
	}
	data, ok := Definitions(FormatJSONSchema, false)
	require.True(t, ok)
	var defs []struct {
		Name        string
		InputSchema map[string]any
	}
	require.NoError(t, json.Unmarshal(data, &defs))
	require.Len(t, got, len(defs))
	for _, name := range []string{ToolRead, ToolEdit, ToolMultiEdit, ToolApplyPatch, ToolUndo, ToolLog} {
		require.Contains(t, got, name)
	}
	for _, d := range defs {
		delete(d.InputSchema, "$schema")
		want, err := json.Marshal(d.InputSchema)
		require.NoError(t, err)
		have, err := json.Marshal(got[d.Name])
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(have), "tool %s", d.Name)
	}
}
