package mcp

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestCallWithTheIDOfAPendingCallIsNotRun: a second tools/call reusing
// the id of an edit still waiting (for the index lock) is not run, as
// the official SDK drops it: it is answered with an invalid request
// error that names no id, the edit applies once, and its one answer
// carries the id. Ids are compared as the client reads them back (1
// and " 1", "a" and "\u0061" are one id).
func TestCallWithTheIDOfAPendingCallIsNotRun(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	isolateGit(t, repo)
	lock := filepath.Join(repo, ".git", "index.lock")
	require.NoError(t, os.WriteFile(lock, nil, 0o644))
	go func() {
		time.Sleep(300 * time.Millisecond)
		_ = os.Remove(lock)
	}()
	edit := `{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"edit","arguments":{"file_path":"a.txt","old_string":"a","new_string":"aa","replace_all":true}}}`
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
		strings.Replace(edit, "%s", "1", 1),
		strings.Replace(edit, "%s", " 1", 1),
		strings.Replace(edit, "%s", `"a"`, 1),
		strings.Replace(edit, "%s", `"\u0061"`, 1),
	}, "\n") + "\n"
	var out bytes.Buffer
	cfg := Config{Dir: repo, Options: lockTimeout(time.Hour)}
	require.NoError(t, Serve(context.Background(), cfg, strings.NewReader(in), &out))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 5, out.String())
	var ids, dups []string
	for _, l := range lines[1:] {
		switch {
		case strings.Contains(l, `"id":null`):
			assert.Contains(t, l, `"code":-32600`)
			dups = append(dups, l)
		case strings.Contains(l, `"id":1,"result"`), strings.Contains(l, `"id":"a","result"`):
			ids = append(ids, l[:20])
		}
	}
	assert.Len(t, dups, 2, out.String())
	assert.Len(t, ids, 2, out.String())
	assert.Equal(t, "aaaa\n", readFile(t, repo, "a.txt"), "each of the two distinct calls applied once")
}
