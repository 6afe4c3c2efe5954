package integration

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestMCPPipelinedCallsApplyInArrivalOrder writes a whole agent run to
// gitedit mcp's stdin at once, without waiting for a reply: 50 edits
// each of which only applies to what the one before it left (<v0> to
// <v1>, <v1> to <v2>, …), reads between them, an undo, a multiedit, an
// apply_patch and a commit. The server applies the calls in the order
// they arrived, so every one succeeds, each read sees the edits sent
// before it, and the commit holds the last content. (The server once ran
// every call at once: edits failed with not_found, and the commit landed
// before the edits it was sent after.)
func TestMCPPipelinedCallsApplyInArrivalOrder(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "<v0>\n"})
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	}
	id := 1
	want := map[int]string{} // a read's id: the content it must show
	add := func(tool string, args any) int {
		id++
		raw, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
			"params": map[string]any{"name": tool, "arguments": args}})
		require.NoError(t, err)
		lines = append(lines, string(raw))
		return id
	}
	for i := range 50 {
		add("edit", map[string]any{"file_path": "a.txt", "old_string": fmt.Sprintf("<v%d>", i), "new_string": fmt.Sprintf("<v%d>", i+1)})
		if i%10 == 9 {
			want[add("read", map[string]any{"file_path": "a.txt"})] = fmt.Sprintf("<v%d>", i+1)
		}
	}
	add("undo", map[string]any{})
	want[add("read", map[string]any{"file_path": "a.txt"})] = "<v49>"
	add("multiedit", map[string]any{"file_path": "a.txt", "edits": []any{
		map[string]any{"old_string": "<v49>", "new_string": "<m1>"},
		map[string]any{"old_string": "<m1>", "new_string": "<m2>"}}})
	add("apply_patch", map[string]any{"patch": "*** Begin Patch\n*** Update File: a.txt\n@@\n-<m2>\n+<p>\n*** End Patch\n"})
	add("commit", map[string]any{"message": "pipelined run"})
	want[add("read", map[string]any{"file_path": "a.txt"})] = "<p>"

	replies := runMCP(t, dir, strings.Join(lines, "\n")+"\n")
	require.Len(t, replies, id, "every request answered")
	for _, r := range replies {
		require.Nil(t, r.Error, "reply %v", r.ID)
		var res struct {
			IsError bool `json:"isError"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		}
		require.NoError(t, json.Unmarshal(r.Result, &res))
		n := int(r.ID.(float64))
		if n == 1 {
			continue
		}
		require.False(t, res.IsError, "call %d refused: %v", n, res.Content)
		if w, ok := want[n]; ok {
			require.Contains(t, res.Content[0].Text, "1\t"+w+"\n", "read %d sees the calls sent before it", n)
		}
	}
	require.Equal(t, "<p>\n", fixtures.Git(t, dir, "show", "HEAD:a.txt"))
	require.Equal(t, "pipelined run\n", fixtures.Git(t, dir, "log", "-1", "--format=%s"))
	require.Empty(t, fixtures.Git(t, dir, "status", "--porcelain"))
}
