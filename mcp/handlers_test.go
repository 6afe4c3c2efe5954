package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPanicInACallBecomesAToolError: a call that panics is a tool error,
// whether it runs on the call's goroutine (a zero warm) or on a kept one,
// which then serves the next call.
func TestPanicInACallBecomesAToolError(t *testing.T) {
	for _, h := range []*handlers{{}, {warm: newWarm()}} { // no repository: the library call panics
		for range 2 {
			res, ok := h.call(context.Background(), ToolRead, "", json.RawMessage(`{"file_path": "a.txt"}`))
			require.True(t, ok)
			require.True(t, res.IsError)
			assert.True(t, strings.HasPrefix(res.Content[0].Text, "io_error: read: internal error"), res.Content[0].Text)
		}
	}
}

// TestWarmRunsConcurrentCallsAtOnce: calls that wait for each other run
// on as many goroutines as there are calls (none waits for a kept
// goroutine another call holds), and the goroutines are kept for the next.
func TestWarmRunsConcurrentCallsAtOnce(t *testing.T) {
	w := newWarm()
	const n = 4
	var wg sync.WaitGroup
	arrived := make(chan struct{})
	release := make(chan struct{})
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run(func() {
				arrived <- struct{}{}
				<-release
			})
		}()
	}
	for range n {
		<-arrived // every call runs while the others are still running
	}
	close(release)
	wg.Wait()
	ran := false
	w.run(func() { ran = true })
	assert.True(t, ran)
}
