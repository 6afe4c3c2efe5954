package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// callLine is a tools/call line of an edit whose strings hold 64 KiB.
func callLine() []byte {
	text := strings.Repeat("line of text\n", 64<<10/13)
	args, _ := json.Marshal(map[string]any{"file_path": "f.txt", "old_string": text, "new_string": text + "x"})
	return []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"edit","arguments":` + string(args) + `}}`)
}

// BenchmarkReadMessage measures the gate's check of one tool call line.
// go test ./mcp -run '^$' -bench ReadMessage
func BenchmarkReadMessage(b *testing.B) {
	line := callLine()
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		if _, code, msg := readMessage(line); code != 0 {
			b.Fatal(msg)
		}
	}
}

// BenchmarkServeInput measures what Serve does to its input before the
// SDK reads it (the gate's check and the drain's request count) for ten
// tool call lines. go test ./mcp -run '^$' -bench ServeInput
func BenchmarkServeInput(b *testing.B) {
	in := bytes.Repeat(append(callLine(), '\n'), 10)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the drain does not wait for answers at the end
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		d := newDrain()
		g := newGate(bytes.NewReader(in), MaxRequestSize, func([]byte) {})
		g.onRequest = d.request
		if _, err := io.Copy(io.Discard, d.reader(ctx, g)); err != nil {
			b.Fatal(err)
		}
		if d.requests != 10 {
			b.Fatalf("%d requests counted", d.requests)
		}
	}
}
