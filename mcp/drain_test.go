package mcp

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A client that writes its requests and closes its end at once (a pipe
// from printf) still gets every reply: Serve answers all requests read
// before it returns.
func TestServeAnswersEveryRequestBeforeInputEnds(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	isolateGit(t, repo)
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read","arguments":{"file_path":"a.txt"}}}`,
	}, "\n") + "\n"
	for range 5 {
		var out bytes.Buffer
		require.NoError(t, Serve(context.Background(), Config{Dir: repo}, strings.NewReader(in), &out))
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		require.Len(t, lines, 3, out.String())
		for _, id := range []string{`"id":1,`, `"id":2,`, `"id":3,`} {
			require.Contains(t, out.String(), id)
		}
	}
}
