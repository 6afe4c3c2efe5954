package request

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// decodeSeeds are requests of every kind and tool call, valid and not.
var decodeSeeds = []string{
	`{"file_path": "a.go", "old_string": "a", "new_string": "b"}`,
	`{"filePath": "a.go", "oldString": "a", "newString": "b", "replaceAll": true, "matchMode": "exact", "expectedReplacements": 2, "dryRun": true, "expectedHash": "e69de29"}`,
	`{"file_path": "a.go", "edits": [{"old_string": "a", "new_string": "b"}, {"old_string": "c", "new_string": "d", "replace_all": true}], "partial": true}`,
	`{"message": "m", "operations": [{"file_path": "a", "old_string": "", "new_string": "x"}, {"patch": "*** Begin Patch\n*** End Patch"}]}`,
	`{"tool": "edit", "input": {"file_path": "a", "old_string": "x", "new_string": "y"}}`,
	`{"type": "function", "function": {"name": "edit", "arguments": "{\"file_path\": \"a\", \"old_string\": \"x\", \"new_string\": \"y\"}"}}`,
	`{"type": "tool_use", "id": "t1", "name": "multiedit", "input": {"file_path": "a", "edits": [{"old_string": "x", "new_string": "y"}]}}`,
	`{"name": "apply_patch", "arguments": "{\"patch\": \"--- a/f\\n+++ b/f\\n\"}"}`,
	`{"file_path": "a", "old_string": 1, "new_string": null, "expected_hash": "sha256:00"}`,
	`{"operations": [{"operations": []}]}`,
	`[{"old_string": "a"}]`, `null`, `{}`, `{"file_path": "a\u0000b"}`, `{"file_path": "a", "file_path": "b"}`,
}

// FuzzDecodeOperation checks that request decoding never panics, that
// every error it returns is invalid_input, and that a request it accepts
// has exactly one kind.
func FuzzDecodeOperation(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		op, err := DecodeOperation(data)
		if err != nil {
			var e *spec.Error
			if !errors.As(err, &e) || e.Code != spec.CodeInvalidInput {
				t.Fatalf("decode error is not invalid_input: %v", err)
			}
			return
		}
		if !oneKind(op) {
			t.Fatalf("decoded %+v from %q: not exactly one request matching its tool", op, data)
		}
	})
}

// oneKind reports whether exactly the pointer matching op.Tool is set.
func oneKind(op spec.Operation) bool {
	set := map[spec.Tool]bool{spec.ToolEdit: op.Edit != nil, spec.ToolMultiEdit: op.MultiEdit != nil, spec.ToolBatch: op.Batch != nil, spec.ToolPatch: op.Patch != nil}
	n := 0
	for _, v := range set {
		if v {
			n++
		}
	}
	return n == 1 && set[op.Tool]
}

// FuzzDecodeOperationsStream checks the JSON Lines reader: no panic, no
// endless loop, every error invalid_input.
func FuzzDecodeOperationsStream(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s + "\n" + s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n := 0
		for _, err := range DecodeOperations(bytes.NewReader(data)) {
			if n++; n > len(data)+2 {
				t.Fatalf("more results than input bytes")
			}
			if err != nil && spec.CodeOf(err) != spec.CodeInvalidInput {
				t.Fatalf("stream error is not invalid_input: %v", err)
			}
		}
	})
}
