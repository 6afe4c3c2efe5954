package mcp

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestCancelledCallStopsAndIsAnswered: a client's notifications/cancelled
// stops a tool call still waiting for the repository's lock (here held by
// another writer, with a lock timeout far longer than the test), which is
// answered at once (as the official SDK's server answers it) with the
// interruption, and leaves the file as it was.
func TestCancelledCallStopsAndIsAnswered(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	isolateGit(t, repo)
	lock := filepath.Join(repo, ".git", "index.lock")
	require.NoError(t, os.WriteFile(lock, nil, 0o644))
	defer os.Remove(lock)
	cfg := Config{Dir: repo, Options: lockTimeout(time.Hour)}
	p := startPeer(t, func(in io.Reader, out io.Writer) { _ = Serve(context.Background(), cfg, in, out) })
	p.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	_, err := io.WriteString(p.in, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"edit","arguments":{"file_path":"a.txt","old_string":"one","new_string":"two"}}}`+"\n")
	require.NoError(t, err)
	time.Sleep(200 * time.Millisecond) // the call is waiting for the lock
	start := time.Now()
	reply := p.send(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}`)
	if reply == nil {
		select {
		case reply = <-p.replies:
		case <-time.After(10 * time.Second):
			t.Fatal("the cancelled call was not answered")
		}
	}
	assert.Less(t, time.Since(start), 10*time.Second)
	assert.Equal(t, float64(2), reply["id"])
	res, _ := reply["result"].(map[string]any)
	assert.Equal(t, true, res["isError"], "%v", reply)
	assert.Contains(t, res["content"].([]any)[0].(map[string]any)["text"], "interrupted")
	assert.Equal(t, "one\n", readFile(t, repo, "a.txt"))
}
