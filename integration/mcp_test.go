package integration

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestLoneGiteditServesMCP checks that gitedit alone, copied into a folder
// of its own with nothing else on PATH but git, serves gitedit mcp: a
// client's handshake, tools/list and a read are answered, and the server
// exits 0 when its input ends. (It once ran a second binary, gitedit-mcp,
// and refused when it was missing.)
func TestLoneGiteditServesMCP(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	before := take(t, dir)
	data, err := os.ReadFile(binary)
	require.NoError(t, err)
	lone := filepath.Join(t.TempDir(), filepath.Base(binary))
	require.NoError(t, os.WriteFile(lone, data, 0o755))
	env := withPathOfGitOnly(t, fixtures.Env(fixtures.Home(dir)))
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"lone","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read","arguments":{"file_path":"a.txt"}}}`,
	}, "\n") + "\n"
	r := runIn(t, dir, env, in, lone, "mcp")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stderr)
	replies := map[float64]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		replies[m["id"].(float64)] = m
	}
	require.Len(t, replies, 3, r.stdout)
	init := replies[1]["result"].(map[string]any)
	assert.Equal(t, "2025-06-18", init["protocolVersion"])
	assert.Len(t, replies[2]["result"].(map[string]any)["tools"], 8)
	assert.Contains(t, r.stdout, `"file_path":"a.txt"`)
	requireUnchanged(t, before, take(t, dir))
}

// TestMCPThatCannotServeSaysWhyOnStderr: outside a repository gitedit mcp
// exits 1 and says why on standard error, with --json too, and writes
// nothing on standard output, which is the protocol's.
func TestMCPThatCannotServeSaysWhyOnStderr(t *testing.T) {
	dir := t.TempDir()
	env := append(fixtures.Env(fixtures.Home(dir)), "GIT_CEILING_DIRECTORIES="+filepath.Dir(dir))
	for _, args := range [][]string{{"mcp"}, {"mcp", "--json"}, {"--json", "mcp", "--commit"}} {
		r := runIn(t, dir, env, "", "gitedit", args...)
		assert.Equal(t, 1, r.code, "%v", args)
		assert.True(t, strings.HasPrefix(r.stderr, "gitedit: not_a_repo: "), "%v: %q", args, r.stderr)
		assert.Empty(t, r.stdout, "%v", args)
	}
}

// withPathOfGitOnly replaces PATH in env by git's folder alone.
func withPathOfGitOnly(t *testing.T, env []string) []string {
	t.Helper()
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "PATH=") {
			out = append(out, kv)
		}
	}
	git, err := exec.LookPath("git")
	require.NoError(t, err)
	return append(out, "PATH="+filepath.Dir(git))
}
