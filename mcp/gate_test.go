package mcp

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The size bound is exact: a line of max bytes passes, one byte more is
// refused, and the lines after it are still read (with or without a final
// newline).
func TestGateBoundsLineSize(t *testing.T) {
	ok := `{"jsonrpc":"2.0","id":1,"method":"x"}`
	tooLong := `{"jsonrpc":"2.0","id":2,"method":"xx"}`
	var replies []string
	g := newGate(strings.NewReader(ok+"\n"+tooLong+"\n\n  \n"+ok), len(ok), func(l []byte) { replies = append(replies, string(l)) })
	var ids []string
	for {
		m, err := g.next()
		if err != nil {
			require.ErrorIs(t, err, io.EOF)
			break
		}
		ids = append(ids, string(m["id"]))
	}
	require.Equal(t, []string{"1", "1"}, ids)
	require.Len(t, replies, 1)
	require.Contains(t, replies[0], `"code":-32600`)
	require.Contains(t, replies[0], `"id":null`)
}

// readMessage decodes a line once and still tells each fault apart, in
// the order it did when it validated first: not JSON, too deep, not an
// object (a batch), not a JSON-RPC message.
func TestReadMessageTellsEachFaultApart(t *testing.T) {
	deep := func(n int, open, close string) string { return strings.Repeat(open, n) + strings.Repeat(close, n) }
	call := func(params string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + params + `}`
	}
	tests := []struct {
		name, line string
		code       int
		msg        string
	}{
		{"request", call(`{"name":"edit"}`), 0, ""},
		{"brackets in strings only", call(`{"s":"` + strings.Repeat("[{", 2000) + `"}`), 0, ""},
		{"deep but within the bound", call(deep(maxNesting-1, "[", "]")), 0, ""},
		{"not JSON", `{"jsonrpc":`, codeParseError, "Parse error: the line is not JSON (unexpected end of JSON input)"},
		{"bad character", `{"a" 1}`, codeParseError, "Parse error: the line is not JSON (invalid character '1' after object key)"},
		{"too deep", call(deep(maxNesting, "[", "]")), codeInvalidRequest, "Invalid Request: nested more than 1000 levels deep"},
		{"too deep array", deep(maxNesting+1, "[", "]"), codeInvalidRequest, "Invalid Request: nested more than 1000 levels deep"},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"x"}]`, codeInvalidRequest, "Invalid Request: JSON-RPC batches are not supported (MCP removed them in 2025-06-18); send one message per line"},
		{"string", `"x"`, codeInvalidRequest, "Invalid Request: a message must be a JSON object"},
		{"null", `null`, codeInvalidRequest, `Invalid Request: "jsonrpc" must be "2.0"`},
		{"upper-case key", `{"JSONRPC":"2.0","id":1,"method":"x"}`, codeInvalidRequest, `Invalid Request: "jsonrpc" must be "2.0"`},
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"x"}`, codeInvalidRequest, `Invalid Request: "id" must be a string or an integer (from -2^63 to 2^63-1)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, code, msg := readMessage([]byte(tt.line))
			require.Equal(t, tt.code, code, msg)
			require.Equal(t, tt.msg, msg)
		})
	}
}
