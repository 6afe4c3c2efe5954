package mcp

import (
	"bytes"
	"encoding/json"
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

// BenchmarkServeInput measures what Serve does to its input before it
// handles a message (the gate's check and decoding) for ten tool call
// lines. go test ./mcp -run '^$' -bench ServeInput
func BenchmarkServeInput(b *testing.B) {
	in := bytes.Repeat(append(callLine(), '\n'), 10)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		g := newGate(bytes.NewReader(in), MaxRequestSize, func([]byte) {})
		n := 0
		for {
			if _, err := g.next(); err != nil {
				break
			}
			n++
		}
		if n != 10 {
			b.Fatalf("%d messages read", n)
		}
	}
}
