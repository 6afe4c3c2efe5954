package integration

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// mcpReply is one JSON-RPC response line of `gitedit mcp`.
type mcpReply struct {
	ID    any `json:"id"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Result json.RawMessage `json:"result"`
}

// TestMCPBadLinesAreAnsweredAndServingGoesOn drives the real binary over
// stdio: every malformed line gets the JSON-RPC error the spec defines
// (-32700 for a line that is not JSON, -32600 for one that is not a
// request, or is too large), and the requests around them are answered.
func TestMCPBadLinesAreAnsweredAndServingGoesOn(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	bad := []struct {
		line string
		code int
	}{
		{`{not json`, -32700},
		{`42`, -32600},
		{`"x"`, -32600},
		{`null`, -32600},
		{`[]`, -32600},
		{`[{"jsonrpc":"2.0","id":7,"method":"tools/list"}]`, -32600},
		{`{"foo":1}`, -32600},
		{`{"jsonrpc":"1.0","id":8,"method":"tools/list"}`, -32600},
		{`{"jsonrpc":"2.0","id":{"x":1},"method":"tools/list"}`, -32600},
		{`{"jsonrpc":"2.0","id":9,"method":3}`, -32600},
		{`{"jsonrpc":"2.0"}`, -32600},
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, -32600},
		{`{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}`, -32600},
		{`{"jsonrpc":"2.0","id":12345678901234567890,"method":"tools/list"}`, -32600},
		{`{"jsonrpc":"2.0","id":1e400,"method":"tools/list"}`, -32600},
		{`{"jsonrpc":"2.0","id":97}`, -32600},
		{strings.Repeat("[", 2000) + strings.Repeat("]", 2000), -32600},
		{`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"read","arguments":{"file_path":"` + strings.Repeat("a", 17<<20) + `"}}}`, -32600},
	}
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	}
	for i, b := range bad {
		lines = append(lines, b.line, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"read","arguments":{"file_path":"a.txt"}}}`, 100+i))
	}
	replies := runMCP(t, dir, strings.Join(lines, "\n")+"\n")
	var errs []int
	answered := map[float64]bool{}
	for _, r := range replies {
		if r.Error != nil {
			require.Nil(t, r.ID, "an unreadable line is answered with a null id")
			errs = append(errs, r.Error.Code)
			continue
		}
		id, _ := r.ID.(float64)
		answered[id] = true
		require.Contains(t, string(r.Result), "one", "reply %v", id)
	}
	var want []int
	for i, b := range bad {
		want = append(want, b.code)
		require.True(t, answered[float64(100+i)], "the request after %.40q was answered", b.line)
	}
	require.ElementsMatch(t, want, errs)
	require.True(t, answered[1], "initialize answered")
}

// runMCP runs `gitedit mcp` in dir with input on stdin and returns its
// replies; the server must exit 0 once stdin ends (it is killed, and the
// test fails, when it has not within a minute).
func runMCP(t *testing.T, dir, input string) []mcpReply {
	t.Helper()
	cmd := exec.Command(binary, "mcp")
	cmd.Dir = dir
	cmd.Env = fixtures.Env(fixtures.Home(dir))
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	hung := time.AfterFunc(time.Minute, func() { _ = cmd.Process.Kill() })
	defer func() { require.True(t, hung.Stop(), "gitedit mcp did not exit after its input ended") }()
	go func() {
		_, _ = io.WriteString(stdin, input)
		_ = stdin.Close()
	}()
	var replies []mcpReply
	sc := bufio.NewScanner(stdout)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r mcpReply
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "reply %.200q", sc.Text())
		replies = append(replies, r)
	}
	require.NoError(t, cmd.Wait(), "gitedit mcp exits 0; stderr: %s", stderr.String())
	return replies
}
