package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit"
)

// TestListToolsServesTheEmbeddedSchemas: tools/list, through the SDK's
// client, lists every tool of the embedded jsonschema definitions (which
// package schemagen keeps equal to the request types), sorted by name,
// with its description, schema and read-only hint.
func TestListToolsServesTheEmbeddedSchemas(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo})
	listed, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	data, ok := Definitions(FormatJSONSchema, false)
	require.True(t, ok)
	var defs []struct {
		Name, Description string
		InputSchema       map[string]any
	}
	require.NoError(t, json.Unmarshal(data, &defs))
	require.Len(t, listed.Tools, len(defs))
	require.Len(t, defs, len(Specs()))
	byName := map[string]*sdk.Tool{}
	var names []string
	for _, tool := range listed.Tools {
		byName[tool.Name] = tool
		names = append(names, tool.Name)
	}
	assert.True(t, slices.IsSorted(names), "%v", names)
	readOnly := map[string]bool{}
	for _, sp := range Specs() {
		readOnly[sp.Name] = sp.ReadOnly
	}
	for _, d := range defs {
		got, ok := byName[d.Name]
		require.True(t, ok, "tool %s listed", d.Name)
		assert.Equal(t, d.Description, got.Description)
		delete(d.InputSchema, "$schema")
		want, err := json.Marshal(d.InputSchema)
		require.NoError(t, err)
		have, err := json.Marshal(got.InputSchema)
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(have), "tool %s schema", d.Name)
		assert.Equal(t, readOnly[d.Name], got.Annotations.ReadOnlyHint, "tool %s readOnlyHint", d.Name)
	}
}

func TestReadThenEditWithBlobIDThenStaleIDRefused(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"src/a.go": "package a\n\nfunc foo() {}\n"})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo})

	out, read := mustApply(t, cs, ToolRead, map[string]any{"file_path": "src/a.go"})
	blob := gitOut(t, repo, "hash-object", "src/a.go")
	assert.Equal(t, blob, read["blob"], "read gives git hash-object's blob id")
	assert.True(t, strings.HasPrefix(out, "# src/a.go blob "+blob), out)
	assert.Contains(t, out, "     3\tfunc foo() {}\n")

	edit := map[string]any{"file_path": "src/a.go", "old_string": "foo()", "new_string": "bar()", "expected_hash": blob}
	out, res := mustApply(t, cs, ToolEdit, edit)
	assert.Equal(t, "package a\n\nfunc bar() {}\n", readFile(t, repo, "src/a.go"))
	newBlob := gitOut(t, repo, "hash-object", "src/a.go")
	assert.Equal(t, newBlob, stagedBlob(t, repo, "src/a.go"), "the edit is staged")
	assert.Equal(t, "M  src/a.go", gitOut(t, repo, "status", "--porcelain"), "staged, no phantom worktree change")
	assert.Equal(t, true, res["ok"])
	assert.Equal(t, "edit", res["tool"])
	assert.Contains(t, out, "+func bar() {}")
	assert.Contains(t, out, "blob "+newBlob+" src/a.go", "the text gives the next expected_hash")

	stale := call(t, cs, ToolEdit, map[string]any{"file_path": "src/a.go", "old_string": "bar()", "new_string": "baz()", "expected_hash": blob})
	require.True(t, stale.IsError)
	assert.True(t, strings.HasPrefix(text(stale), "hash_mismatch: "), text(stale))
	assert.Contains(t, text(stale), newBlob, "the refusal names the current blob id")
	assert.Equal(t, "hash_mismatch", errorCode(t, stale))
	assert.Equal(t, "package a\n\nfunc bar() {}\n", readFile(t, repo, "src/a.go"), "nothing written")
	assert.Equal(t, newBlob, stagedBlob(t, repo, "src/a.go"), "index untouched")
}

func TestRefusalsAreToolResultsStartingWithTheCode(t *testing.T) {
	const content = "x := 1\ny := 1\n"
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": content})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo})
	tests := []struct {
		name, tool string
		args       any
		code, says string
	}{
		{"unknown field", ToolEdit, map[string]any{"file_path": "f.txt", "old_string": "x", "new_string": "z", "old": "x"}, "invalid_input", "old"},
		{"missing field", ToolEdit, map[string]any{"old_string": "x", "new_string": "z"}, "invalid_input", "file_path"},
		{"no arguments", ToolEdit, nil, "invalid_input", "file_path"},
		{"wrong type", ToolEdit, map[string]any{"file_path": "f.txt", "old_string": 3, "new_string": "z"}, "invalid_input", "old_string"},
		{"not found", ToolEdit, map[string]any{"file_path": "f.txt", "old_string": "nothing like it", "new_string": "z"}, "not_found", "f.txt"},
		{"ambiguous", ToolEdit, map[string]any{"file_path": "f.txt", "old_string": " := 1", "new_string": " := 2"}, "ambiguous", "replace_all"},
		{"count mismatch", ToolEdit, map[string]any{"file_path": "f.txt", "old_string": "1", "new_string": "2", "replace_all": true, "expected_replacements": 3}, "count_mismatch", ""},
		{"outside", ToolEdit, map[string]any{"file_path": "../x.txt", "old_string": "", "new_string": "z"}, "outside_repo", ""},
		{"atomic multiedit", ToolMultiEdit, map[string]any{"file_path": "f.txt", "edits": []any{
			map[string]any{"old_string": "x := 1", "new_string": "x := 2"},
			map[string]any{"old_string": "missing", "new_string": "z"}}}, "not_found", "edit 2"},
		{"empty edits", ToolMultiEdit, map[string]any{"file_path": "f.txt", "edits": []any{}}, "invalid_input", "edits"},
		{"read missing", ToolRead, map[string]any{"file_path": "nope.txt"}, "file_missing", "nope.txt"},
		{"read unknown field", ToolRead, map[string]any{"file_path": "f.txt", "lines": 3}, "invalid_input", "lines"},
		{"read wrong type", ToolRead, map[string]any{"file_path": "f.txt", "offset": "2"}, "invalid_input", "offset"},
		{"read no path", ToolRead, map[string]any{}, "invalid_input", "file_path"},
		{"read both spellings", ToolRead, map[string]any{"file_path": "f.txt", "filePath": "f.txt"}, "invalid_input", "twice"},
		{"log unknown field", ToolLog, map[string]any{"limit": 3}, "invalid_input", "limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := call(t, cs, tt.tool, tt.args)
			require.True(t, res.IsError, "expected a refusal, got %s", text(res))
			assert.True(t, strings.HasPrefix(text(res), tt.code+": "), "text %q starts with the code %s", text(res), tt.code)
			assert.Contains(t, text(res), tt.says)
			assert.Equal(t, tt.code, errorCode(t, res))
		})
	}
	assert.Equal(t, content, readFile(t, repo, "f.txt"))
	requireClean(t, repo)
}

func TestUnknownToolIsAProtocolError(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": "x\n"})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo})
	_, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "write", Arguments: map[string]any{}})
	require.Error(t, err)
}

func TestCamelCaseAliasesAreAccepted(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": "old\n"})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo})
	_, read := mustApply(t, cs, ToolRead, map[string]any{"filePath": "f.txt"})
	mustApply(t, cs, ToolEdit, map[string]any{"filePath": "f.txt", "oldString": "old", "newString": "new", "expectedHash": read["blob"]})
	assert.Equal(t, "new\n", readFile(t, repo, "f.txt"))
}

func TestReadPagesALongFile(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	repo := fixtures.NewRepo(t, map[string]string{"long.txt": b.String()})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo})
	out, res := mustApply(t, cs, ToolRead, map[string]any{"file_path": "long.txt", "offset": 11, "limit": 10})
	assert.Contains(t, out, "lines 11-20 of 30")
	assert.Contains(t, out, "    11\tline 11\n")
	assert.NotContains(t, out, "line 21\n")
	assert.Contains(t, out, "continue with offset 21")
	assert.Equal(t, true, res["truncated"])
}

func TestCommitModeUsesOneSessionPerServerAndTheClientAsAgent(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "b.txt": "two\n"})
	isolateGit(t, repo)
	first := connect(t, Config{Dir: repo, Options: commitMode()})
	second := connect(t, Config{Dir: repo, Options: commitMode()})
	mustApply(t, first, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "one", "new_string": "1"})
	mustApply(t, first, ToolEdit, map[string]any{"file_path": "b.txt", "old_string": "two", "new_string": "2"})
	mustApply(t, second, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "1", "new_string": "uno"})
	requireClean(t, repo)

	sessions := strings.Fields(gitOut(t, repo, "log", "--format=%(trailers:key=Edit-Session,valueonly)", "-3"))
	require.Len(t, sessions, 3)
	assert.Equal(t, sessions[1], sessions[2], "one session per server")
	assert.NotEqual(t, sessions[0], sessions[1], "a new server start is a new session")
	assert.True(t, strings.HasPrefix(sessions[0], "mcp-"), sessions[0])
	agents := strings.Fields(gitOut(t, repo, "log", "--format=%(trailers:key=Edit-Agent,valueonly)", "-3"))
	assert.Equal(t, []string{"test-agent", "test-agent", "test-agent"}, agents, "the MCP client's name is the agent")

	out, res := mustApply(t, first, ToolLog, map[string]any{"session": sessions[2]})
	entries, _ := res["commits"].([]any)
	assert.Len(t, entries, 2, "log filters by session: %s", out)
	assert.Contains(t, out, "Edit-Session: "+sessions[2])
}

func TestConfiguredSessionAndAgentWin(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	isolateGit(t, repo)
	opt := commitMode()
	opt.Session, opt.Agent = "run-42", "my-bot"
	cs := connect(t, Config{Dir: repo, Options: opt})
	mustApply(t, cs, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "one", "new_string": "1"})
	trailers := gitOut(t, repo, "log", "-1", "--format=%(trailers:key=Edit-Session,key=Edit-Agent)")
	assert.Equal(t, "Edit-Session: run-42\nEdit-Agent: my-bot", trailers)
}

func TestConcurrentCallsAllApply(t *testing.T) {
	const n = 8
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": b.String()})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo, Options: commitMode()})
	var wg sync.WaitGroup
	results := make([]*sdk.CallToolResult, n)
	for i := range n {
		wg.Go(func() {
			args := map[string]any{"file_path": "f.txt", "old_string": fmt.Sprintf("line %d\n", i), "new_string": fmt.Sprintf("LINE %d\n", i)}
			results[i], _ = cs.CallTool(context.Background(), &sdk.CallToolParams{Name: ToolEdit, Arguments: args})
		})
	}
	wg.Wait()
	for i, res := range results {
		require.NotNil(t, res, "call %d", i)
		require.False(t, res.IsError, "call %d: %s", i, text(res))
	}
	assert.Equal(t, strings.ReplaceAll(b.String(), "line", "LINE"), readFile(t, repo, "f.txt"), "no update lost")
	assert.Equal(t, fmt.Sprint(n+1), gitOut(t, repo, "rev-list", "--count", "HEAD"), "one commit per call")
	requireClean(t, repo)
	fixtures.Git(t, repo, "fsck", "--strict")
}

func TestHeldLockRefusesWithLockedInsteadOfBlocking(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": "x\n"})
	isolateGit(t, repo)
	lock := filepath.Join(repo, ".git", "index.lock")
	require.NoError(t, os.WriteFile(lock, nil, 0o644))
	cs := connect(t, Config{Dir: repo, Options: lockTimeout(10 * time.Millisecond)})
	res := call(t, cs, ToolEdit, map[string]any{"file_path": "f.txt", "old_string": "x", "new_string": "y"})
	require.True(t, res.IsError)
	assert.Equal(t, "locked", errorCode(t, res), text(res))
	assert.Equal(t, "x\n", readFile(t, repo, "f.txt"))

	require.NoError(t, os.Remove(lock))
	mustApply(t, cs, ToolEdit, map[string]any{"file_path": "f.txt", "old_string": "x", "new_string": "y"})
	assert.Equal(t, "y\n", readFile(t, repo, "f.txt"))
}

func TestMultiEditDryRunWritesNothingThenApplies(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": "a\nb\nc\n"})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo})
	edits := []any{
		map[string]any{"old_string": "a", "new_string": "A"},
		map[string]any{"old_string": "A\nb", "new_string": "AB"},
	}
	out, res := mustApply(t, cs, ToolMultiEdit, map[string]any{"file_path": "f.txt", "edits": edits, "dry_run": true})
	assert.Equal(t, "a\nb\nc\n", readFile(t, repo, "f.txt"), "dry run writes nothing")
	requireClean(t, repo)
	assert.Equal(t, true, res["dry_run"])
	assert.Contains(t, out, "+AB")

	_, res = mustApply(t, cs, ToolMultiEdit, map[string]any{"file_path": "f.txt", "edits": edits})
	assert.Equal(t, "AB\nc\n", readFile(t, repo, "f.txt"), "edit 2 sees the result of edit 1")
	assert.Equal(t, float64(2), res["edits_applied"])
	assert.Equal(t, gitOut(t, repo, "hash-object", "f.txt"), stagedBlob(t, repo, "f.txt"))
}

func TestServeOutsideARepositoryIsNotARepo(t *testing.T) {
	dir := t.TempDir()
	isolateGit(t, dir)
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	err := Serve(context.Background(), Config{Dir: dir}, strings.NewReader(""), io.Discard)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not_a_repo")
}

// TestServeWithAnInvalidSessionIDRefusesToStart: a session id that is
// not one ref name component is refused before the server answers
// anything; it served, and every writing call failed with invalid_input.
func TestServeWithAnInvalidSessionIDRefusesToStart(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	isolateGit(t, repo)
	for _, id := range []string{"a/b", "..", "-x", "a b"} {
		var out strings.Builder
		in := `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n"
		err := Serve(context.Background(), Config{Dir: repo, Options: gitedit.Options{Session: id}}, strings.NewReader(in), &out)
		require.Error(t, err, id)
		assert.Contains(t, err.Error(), "invalid_input", id)
		assert.Empty(t, out.String(), id)
	}
}

func TestSessionIDsAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		id := NewSessionID()
		assert.False(t, seen[id], "duplicate %s", id)
		seen[id] = true
	}
}

// commitMode returns options with commit mode on.
func commitMode() (o gitedit.Options) {
	o.Commit = true
	return o
}

// lockTimeout returns options with a short lock timeout.
func lockTimeout(d time.Duration) (o gitedit.Options) {
	o.LockTimeout = d
	return o
}

func TestServeOverStreamsEndsWhenTheClientCloses(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": "x\n"})
	isolateGit(t, repo)
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(context.Background(), Config{Dir: repo}, serverIn, serverOut)
		serverOut.Close()
	}()
	client := sdk.NewClient(&sdk.Implementation{Name: "pipe-agent", Version: "1"}, nil)
	cs, err := client.Connect(context.Background(), &sdk.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	require.NoError(t, err)
	mustApply(t, cs, ToolEdit, map[string]any{"file_path": "f.txt", "old_string": "x", "new_string": "y"})
	require.NoError(t, cs.Close())
	require.NoError(t, <-done, "end of input is a clean shutdown")
	assert.Equal(t, "y\n", readFile(t, repo, "f.txt"))
}

func TestServeStopsWhenCancelled(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": "x\n"})
	isolateGit(t, repo)
	in, _ := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, Config{Dir: repo}, in, io.Discard) }()
	cancel()
	assert.ErrorIs(t, <-done, context.Canceled)
}

func TestPartialMultiEditReportsSkippedEdits(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": "a\nb\n"})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo})
	out, res := mustApply(t, cs, ToolMultiEdit, map[string]any{"file_path": "f.txt", "partial": true, "edits": []any{
		map[string]any{"old_string": "a", "new_string": "A"},
		map[string]any{"old_string": "zzz", "new_string": "Z"},
	}})
	assert.Equal(t, "A\nb\n", readFile(t, repo, "f.txt"))
	assert.Contains(t, out, "skipped edit 2: not_found")
	failed, _ := res["edits_failed"].([]any)
	assert.Len(t, failed, 1)
}
