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

// TestCallsWaitInArrivalOrderAndStayCancellable: with the repository's
// lock held by another writer, an edit waits for it; a read and an edit
// sent after it wait for it in turn (they are not answered), while a
// ping is answered at once. Cancelling the queued edit answers it at once
// with the interruption, before it ran; cancelling the waiting edit
// answers it, and the read then runs; once the lock is free, the next
// edit applies.
func TestCallsWaitInArrivalOrderAndStayCancellable(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	isolateGit(t, repo)
	lock := filepath.Join(repo, ".git", "index.lock")
	require.NoError(t, os.WriteFile(lock, nil, 0o644))
	defer os.Remove(lock)
	cfg := Config{Dir: repo, Options: lockTimeout(time.Hour)}
	p := startPeer(t, func(in io.Reader, out io.Writer) { _ = Serve(context.Background(), cfg, in, out) })
	p.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"edit","arguments":{"file_path":"a.txt","old_string":"one","new_string":"two"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read","arguments":{"file_path":"a.txt"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"edit","arguments":{"file_path":"a.txt","old_string":"two","new_string":"three"}}}`,
	} {
		_, err := io.WriteString(p.in, line+"\n")
		require.NoError(t, err)
	}
	time.Sleep(200 * time.Millisecond) // edit 2 waits for the lock
	reply := p.send(t, `{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	assert.Equal(t, float64(5), reply["id"], "ping is answered first, while the calls wait: %v", reply)

	start := time.Now()
	reply = p.send(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4}}`)
	if reply == nil {
		reply = nextReply(t, p)
	}
	assert.Less(t, time.Since(start), 10*time.Second)
	assert.Equal(t, float64(4), reply["id"], "%v", reply)
	assert.Contains(t, resultText(t, reply), "interrupted (context canceled) while waiting for the calls sent before it")

	got := map[float64]string{}
	if r := p.send(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}`); r != nil {
		got[r["id"].(float64)] = resultText(t, r)
	}
	for len(got) < 2 {
		r := nextReply(t, p)
		got[r["id"].(float64)] = resultText(t, r)
	}
	assert.Contains(t, got[2], "interrupted")
	assert.Contains(t, got[3], "1\tone\n", "the read ran after the edit before it ended")

	require.NoError(t, os.Remove(lock))
	reply = p.send(t, `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"edit","arguments":{"file_path":"a.txt","old_string":"one","new_string":"two"}}}`)
	assert.NotContains(t, resultText(t, reply), "interrupted")
	assert.Equal(t, "two\n", readFile(t, repo, "a.txt"))
}

// nextReply waits for the server's next line.
func nextReply(t *testing.T, p *peer) map[string]any {
	t.Helper()
	select {
	case r := <-p.replies:
		return r
	case <-time.After(10 * time.Second):
		t.Fatal("no reply")
		return nil
	}
}

// resultText is the first text of a tool call's reply.
func resultText(t *testing.T, reply map[string]any) string {
	t.Helper()
	res, ok := reply["result"].(map[string]any)
	require.True(t, ok, "%v", reply)
	text, _ := res["content"].([]any)[0].(map[string]any)["text"].(string)
	return text
}
