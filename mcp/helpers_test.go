package mcp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// isolateGit points this process's git environment (read by the library
// in-process) at the fixture identity and an empty HOME, as fixtures.Env
// does for subprocesses. Tests that call it cannot run in parallel.
func isolateGit(t testing.TB, repo string) {
	t.Helper()
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "GIT_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
	for _, kv := range fixtures.Env(fixtures.Home(repo)) {
		k, v, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "GIT_") || k == "HOME" || k == "XDG_CONFIG_HOME" {
			t.Setenv(k, v)
		}
	}
}

// connect starts an in-process server on cfg, serving over pipes as on
// stdio, and returns the official SDK's client session connected to it;
// the client calls itself "test-agent".
func connect(t testing.TB, cfg Config) *sdk.ClientSession {
	t.Helper()
	_, err := newHandlers(cfg) // fail here, not in the server's goroutine
	require.NoError(t, err)
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(context.Background(), cfg, serverIn, serverOut)
		serverOut.Close()
	}()
	client := sdk.NewClient(&sdk.Implementation{Name: "test-agent", Version: "1"}, nil)
	cs, err := client.Connect(context.Background(), &sdk.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		cs.Close()
		clientOut.Close()
		<-done
	})
	return cs
}

// call calls tool name with args; a protocol error fails the test.
func call(t testing.TB, cs *sdk.ClientSession, name string, args any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err, "tool %s: a refusal must be a tool result, not a protocol error", name)
	return res
}

// mustApply calls tool name and fails the test when the result is an
// error; it returns the result's text.
func mustApply(t *testing.T, cs *sdk.ClientSession, name string, args any) (string, map[string]any) {
	t.Helper()
	res := call(t, cs, name, args)
	require.False(t, res.IsError, "tool %s refused: %s", name, text(res))
	return text(res), structured(t, res)
}

// text joins a result's text blocks.
func text(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// structured returns a result's structured content as a JSON object.
func structured(t *testing.T, res *sdk.CallToolResult) map[string]any {
	t.Helper()
	raw, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m), "structured content %s", raw)
	return m
}

// errorCode returns the code of a refused result's structured error.
func errorCode(t *testing.T, res *sdk.CallToolResult) string {
	t.Helper()
	m := structured(t, res)
	require.Equal(t, false, m["ok"])
	e, ok := m["error"].(map[string]any)
	require.True(t, ok, "structured content has no error object: %v", m)
	code, _ := e["code"].(string)
	return code
}

// readFile returns a file of the repository.
func readFile(t *testing.T, repo, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repo, rel))
	require.NoError(t, err)
	return string(b)
}

// gitOut runs git in repo and returns its trimmed output.
func gitOut(t *testing.T, repo string, args ...string) string {
	t.Helper()
	return strings.TrimSpace(fixtures.Git(t, repo, args...))
}

// stagedBlob is the blob id git's index holds for rel.
func stagedBlob(t *testing.T, repo, rel string) string {
	t.Helper()
	return gitOut(t, repo, "rev-parse", ":"+rel)
}

// requireClean fails unless git status shows no change at all.
func requireClean(t *testing.T, repo string) {
	t.Helper()
	require.Empty(t, gitOut(t, repo, "status", "--porcelain"), "working tree and index match HEAD")
}
