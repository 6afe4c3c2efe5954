package mcp

import (
	"encoding/json"
	"strings"
	"testing"
)

// BenchmarkCheckMessage measures the gate's check of one tool call line
// (an edit whose strings hold 64 KiB).
// go test ./mcp -run '^$' -bench CheckMessage
func BenchmarkCheckMessage(b *testing.B) {
	text := strings.Repeat("line of text\n", 64<<10/13)
	args, _ := json.Marshal(map[string]any{"file_path": "f.txt", "old_string": text, "new_string": text + "x"})
	line := []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"edit","arguments":` + string(args) + `}}`)
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		if code, msg := checkMessage(line); code != 0 {
			b.Fatal(msg)
		}
	}
}
