package integration

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// badTextRequests are requests whose text is not Unicode, with the field
// the error must name. encoding/json would turn each into U+FFFD.
var badTextRequests = []struct{ req, field string }{
	{`{"file_path":"a.txt","old_string":"one\xff","new_string":"x"}`, "old_string"},
	{`{"file_path":"a.txt","old_string":"one","new_string":"x\xc3"}`, "new_string"},
	{`{"file_path":"a.txt","old_string":"one","new_string":"\ud800x"}`, "new_string"},
	{`{"file_path":"a.txt","old_string":"one","new_string":"\udc00"}`, "new_string"},
	{`{"file_path":"a.txt","old_string":"one","new_string":"\ud83d\u0041"}`, "new_string"},
	{`{"file_path":"a\xe9.txt","old_string":"one","new_string":"x"}`, "file_path"},
	{`{"file_path":"a.txt","edits":[{"old_string":"one","new_string":"ok"},{"old_string":"two","new_string":"\xfe"}]}`, "edits[1].new_string"},
	{`{"message":"m\xff","operations":[{"file_path":"a.txt","old_string":"one","new_string":"x"}]}`, "message"},
	{`{"type":"function","function":{"name":"edit","arguments":"{\"file_path\":\"a.txt\",\"old_string\":\"one\",\"new_string\":\"\\ud800\"}"}}`, "new_string"},
}

// TestInvalidUTF8RequestIsInvalidInputNamingTheField sends requests whose
// strings are invalid UTF-8 or lone surrogates, through `gitedit apply`
// and through the MCP tools: each is invalid_input naming the field, and
// nothing changes. A valid surrogate pair still works.
func TestInvalidUTF8RequestIsInvalidInputNamingTheField(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\n"})
	before := take(t, dir)
	for _, tt := range badTextRequests {
		m, r := jsonResult(t, dir, withBytes(tt.req)+"\n", "apply")
		require.Equal(t, 2, r.code, "%q: %+v", tt.req, r)
		e := m["error"].(map[string]any)
		require.Equal(t, "invalid_input", e["code"], tt.req)
		require.Contains(t, e["message"], tt.field+": ", tt.req)
		require.NotContains(t, r.stdout, "\ufffd")
	}
	requireUnchanged(t, before, take(t, dir))
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "😀")
	_, r := jsonResult(t, dir, `{"file_path":"a.txt","old_string":"\ud83d\ude00","new_string":"smile"}`+"\n", "apply")
	require.Equal(t, 0, r.code, "%+v", r)
	require.Equal(t, "smile\ntwo\n", read(t, dir, "a.txt"))
}

// TestMCPInvalidUTF8ArgumentsAreRefused is the same through `gitedit mcp`.
func TestMCPInvalidUTF8ArgumentsAreRefused(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\n"})
	before := take(t, dir)
	calls := []struct{ tool, args, field string }{
		{"edit", `{"file_path":"a.txt","old_string":"one","new_string":"x\xff"}`, "new_string"},
		{"edit", `{"file_path":"a.txt","old_string":"one","new_string":"\udfff"}`, "new_string"},
		{"multiedit", `{"file_path":"a.txt","edits":[{"old_string":"o\x80ne","new_string":"x"}]}`, "edits[0].old_string"},
		{"read", `{"file_path":"a\xff.txt"}`, "file_path"},
	}
	lines := []string{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`}
	for i, c := range calls {
		lines = append(lines, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, 10+i, c.tool, withBytes(c.args)))
	}
	replies := runMCP(t, dir, strings.Join(lines, "\n")+"\n")
	got := map[float64]string{}
	for _, r := range replies {
		if id, ok := r.ID.(float64); ok && id >= 10 {
			got[id] = string(r.Result)
		}
	}
	for i, c := range calls {
		res := got[float64(10+i)]
		var v struct {
			IsError bool `json:"isError"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		}
		require.NoError(t, json.Unmarshal([]byte(res), &v), "call %d: %s", i, res)
		require.True(t, v.IsError, "call %d: %s", i, res)
		require.Contains(t, v.Content[0].Text, "invalid_input", "call %d", i)
		require.Contains(t, v.Content[0].Text, c.field+": ", "call %d", i)
	}
	requireUnchanged(t, before, take(t, dir))
}

// withBytes replaces each \xHH of s with the byte it names (the tests
// write raw bytes that way inside JSON, where \x is no escape).
func withBytes(s string) string {
	return regexp.MustCompile(`\\x[0-9a-f]{2}`).ReplaceAllStringFunc(s, func(m string) string {
		b, _ := strconv.ParseUint(m[2:], 16, 8)
		return string([]byte{byte(b)})
	})
}
