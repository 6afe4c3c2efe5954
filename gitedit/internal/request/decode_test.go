package request

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

func countOf(n int) *int { return &n }

// editAB is the edit most cases decode to.
var editAB = spec.Operation{Tool: spec.ToolEdit, Edit: &spec.EditRequest{FilePath: "a.go", OldString: "A", NewString: "B"}}

const editABJSON = `{"file_path":"a.go","old_string":"A","new_string":"B"}`

func TestDecodeOperationAcceptsEveryShapeAndToolCall(t *testing.T) {
	argsText, _ := json.Marshal(editABJSON)
	multi := spec.Operation{Tool: spec.ToolMultiEdit, MultiEdit: &spec.MultiEditRequest{FilePath: "a.go",
		Edits: []spec.EditItem{{OldString: "A", NewString: "B"}, {OldString: "C", NewString: "D", ReplaceAll: true}}}}
	patch := spec.Operation{Tool: spec.ToolPatch, Patch: &spec.PatchRequest{Patch: "*** Begin Patch\n*** End Patch\n"}}
	patchText := `"*** Begin Patch\n*** End Patch\n"`
	tests := []struct {
		name, in string
		want     spec.Operation
	}{
		{"bare edit", editABJSON, editAB},
		{"pretty-printed edit", "{\n  \"file_path\": \"a.go\",\n  \"old_string\": \"A\",\n  \"new_string\": \"B\"\n}\n", editAB},
		{"every edit field", `{"file_path":"a.go","old_string":"A","new_string":"B","replace_all":true,"match_mode":"line_trimmed","expected_replacements":2,"dry_run":true,"expected_hash":"e69de29"}`,
			spec.Operation{Tool: spec.ToolEdit, Edit: &spec.EditRequest{FilePath: "a.go", OldString: "A", NewString: "B", ReplaceAll: true,
				MatchMode: "line_trimmed", ExpectedReplacements: countOf(2), DryRun: true, ExpectedHash: "e69de29"}}},
		{"camelCase aliases", `{"filePath":"a.go","oldString":"A","newString":"B","replaceAll":true,"matchMode":"exact","expectedReplacements":3,"dryRun":true,"expectedHash":"abcdef0"}`,
			spec.Operation{Tool: spec.ToolEdit, Edit: &spec.EditRequest{FilePath: "a.go", OldString: "A", NewString: "B", ReplaceAll: true,
				MatchMode: "exact", ExpectedReplacements: countOf(3), DryRun: true, ExpectedHash: "abcdef0"}}},
		{"null optional fields are absent", `{"file_path":"a.go","old_string":"A","new_string":"B","replace_all":null,"match_mode":null,"expected_replacements":null,"expected_hash":null}`, editAB},
		{"integral float count", `{"file_path":"a.go","old_string":"A","new_string":"B","expected_replacements":2.0}`,
			spec.Operation{Tool: spec.ToolEdit, Edit: &spec.EditRequest{FilePath: "a.go", OldString: "A", NewString: "B", ExpectedReplacements: countOf(2)}}},
		{"empty strings allowed", `{"file_path":"a.go","old_string":"","new_string":""}`,
			spec.Operation{Tool: spec.ToolEdit, Edit: &spec.EditRequest{FilePath: "a.go"}}},
		{"bare multiedit", `{"file_path":"a.go","edits":[{"old_string":"A","new_string":"B"},{"oldString":"C","newString":"D","replaceAll":true}]}`, multi},
		{"multiedit items repeating the file path", `{"filePath":"a.go","edits":[{"filePath":"./a.go","oldString":"A","newString":"B"},{"file_path":"a.go","old_string":"C","new_string":"D","replace_all":true}]}`, multi},
		{"multiedit options", `{"file_path":"a.go","edits":[{"old_string":"A","new_string":"B","expected_replacements":1}],"partial":true,"dry_run":true,"expected_hash":"abcdef0"}`,
			spec.Operation{Tool: spec.ToolMultiEdit, MultiEdit: &spec.MultiEditRequest{FilePath: "a.go", Partial: true, DryRun: true, ExpectedHash: "abcdef0",
				Edits: []spec.EditItem{{OldString: "A", NewString: "B", ExpectedReplacements: countOf(1)}}}}},
		{"bare patch", `{"patch":` + patchText + `}`, patch},
		{"tool call", `{"tool":"edit","input":` + editABJSON + `}`, editAB},
		{"tool call multiedit", `{"tool":"multiedit","input":{"file_path":"a.go","edits":[{"old_string":"A","new_string":"B"},{"old_string":"C","new_string":"D","replace_all":true}]}}`, multi},
		{"tool call patch", `{"tool":"patch","input":{"patch":` + patchText + `}}`, patch},
		{"anthropic tool_use", `{"type":"tool_use","id":"toolu_01","name":"edit","input":` + editABJSON + `}`, editAB},
		{"anthropic Claude Code names", `{"type":"tool_use","id":"toolu_01","name":"Edit","input":` + editABJSON + `}`, editAB},
		{"openai bare function call", `{"name":"edit","arguments":` + string(argsText) + `}`, editAB},
		{"openai arguments as object", `{"name":"edit","arguments":` + editABJSON + `}`, editAB},
		{"openai function wrapper", `{"type":"function","function":{"name":"edit","arguments":` + string(argsText) + `}}`, editAB},
		{"openai tool_calls item", `{"id":"call_1","type":"function","function":{"name":"edit","arguments":` + string(argsText) + `}}`, editAB},
		{"openai responses function_call", `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"edit","arguments":` + string(argsText) + `,"status":"completed"}`, editAB},
		{"apply_patch with input field", `{"name":"apply_patch","arguments":{"input":` + patchText + `}}`, patch},
		{"apply_patch with patch field", `{"type":"tool_use","id":"t","name":"apply_patch","input":{"patch":` + patchText + `}}`, patch},
		{"apply_patch with text input", `{"type":"tool_use","id":"t","name":"apply_patch","input":` + patchText + `}`, patch},
		{"multi_edit spelling", `{"tool":"multi_edit","input":{"file_path":"a.go","edits":[{"old_string":"A","new_string":"B"},{"old_string":"C","new_string":"D","replace_all":true}]}}`, multi},
		{"batch of every shape", `{"message":"m","operations":[` + editABJSON + `,{"tool":"edit","input":` + editABJSON + `},{"type":"tool_use","id":"x","name":"apply_patch","input":{"input":` + patchText + `}}]}`,
			spec.Operation{Tool: spec.ToolBatch, Batch: &spec.BatchRequest{Message: "m", Operations: []spec.Operation{editAB, editAB, patch}}}},
		{"batch in a tool call", `{"tool":"batch","input":{"operations":[` + editABJSON + `]}}`,
			spec.Operation{Tool: spec.ToolBatch, Batch: &spec.BatchRequest{Operations: []spec.Operation{editAB}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeOperation([]byte(tt.in))
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDecodeOperationRefusesBadRequestsNamingTheField(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"not JSON", `{"file_path":`, "invalid JSON: unexpected EOF"},
		{"empty", "  \n", "empty input: expected a JSON request"},
		{"two values", editABJSON + editABJSON, "unexpected data after the JSON value (one request per line in JSON Lines)"},
		{"not an object", `[1]`, "expected object, got array"},
		{"unknown kind", `{"file_path":"a.go"}`, "cannot tell the kind of request"},
		{"unknown field", `{"file_path":"a.go","old_string":"A","new_string":"B","replace":true}`, "replace: unknown field (expected file_path, old_string"},
		{"unknown item field", `{"file_path":"a.go","edits":[{"old_string":"A","new_string":"B"},{"old_string":"A","new_string":"B","foo":1}]}`, "edits[1].foo: unknown field"},
		{"wrong item type", `{"file_path":"a.go","edits":[{"old_string":"A","new_string":"B"},{"old_string":5,"new_string":"B"}]}`, "edits[1].old_string: expected string, got number"},
		{"wrong type via alias", `{"filePath":"a.go","oldString":"A","newString":"B","replaceAll":"yes"}`, "replaceAll: expected boolean, got string"},
		{"item not an object", `{"file_path":"a.go","edits":["A"]}`, "edits[0]: expected object, got string"},
		{"edits not an array", `{"file_path":"a.go","edits":{"old_string":"A"}}`, "edits: expected array, got object"},
		{"empty edits", `{"file_path":"a.go","edits":[]}`, "edits: must not be empty"},
		{"null edits", `{"file_path":"a.go","edits":null}`, "edits: expected array, got null"},
		{"missing file_path", `{"old_string":"A","new_string":"B"}`, "file_path: missing (required string)"},
		{"empty file_path", `{"file_path":"","old_string":"A","new_string":"B"}`, "file_path: must not be empty"},
		{"missing old_string", `{"file_path":"a.go","new_string":"B"}`, "old_string: missing (required string)"},
		{"null new_string", `{"file_path":"a.go","old_string":"A","new_string":null}`, "new_string: expected string, got null"},
		{"missing item new_string", `{"file_path":"a.go","edits":[{"old_string":"A"}]}`, "edits[0].new_string: missing (required string)"},
		{"negative count", `{"file_path":"a.go","old_string":"A","new_string":"B","expected_replacements":-1}`, "expected_replacements: expected a whole number of at least 1, got -1"},
		{"zero count", `{"file_path":"a.go","old_string":"A","new_string":"B","expected_replacements":0}`, "expected_replacements: expected a whole number of at least 1, got 0"},
		{"fractional count", `{"file_path":"a.go","edits":[{"old_string":"A","new_string":"B","expectedReplacements":1.5}]}`, "edits[0].expectedReplacements: expected a whole number of at least 1, got 1.5"},
		{"count as string", `{"file_path":"a.go","old_string":"A","new_string":"B","expected_replacements":"2"}`, "expected_replacements: expected number, got string"},
		{"unknown match mode", `{"file_path":"a.go","old_string":"A","new_string":"B","match_mode":"fuzzy"}`, `match_mode: unknown match mode "fuzzy" (expected one of auto, exact,`},
		{"alias and canonical", `{"file_path":"a.go","filePath":"a.go","old_string":"A","new_string":"B"}`, "file_path: given twice, as file_path and filePath"},
		{"item alias and canonical", `{"file_path":"a.go","edits":[{"old_string":"A","oldString":"A","new_string":"B"}]}`, "edits[0].old_string: given twice, as old_string and oldString"},
		{"duplicate key", `{"file_path":"a.go","old_string":"A","old_string":"C","new_string":"B"}`, "old_string: field given twice"},
		{"item for another file", `{"file_path":"a.go","edits":[{"file_path":"b.go","old_string":"A","new_string":"B"}]}`, `edits[0].file_path: "b.go" differs from the request's file_path "a.go"`},
		{"edit field in multiedit", `{"file_path":"a.go","old_string":"A","edits":[{"old_string":"A","new_string":"B"}]}`, "old_string: unknown field (expected file_path, edits, expected_hash, dry_run, partial)"},
		{"unknown tool", `{"tool":"write","input":{}}`, `tool: unknown tool "write"`},
		{"unknown tool-call field", `{"tool":"edit","input":{},"id":"x"}`, "id: unknown field (expected tool, input)"},
		{"tool call without input", `{"type":"tool_use","id":"x","name":"edit"}`, "input: missing (required tool input)"},
		{"input not an object", `{"tool":"edit","input":"x"}`, "expected object, got string"},
		{"arguments not JSON", `{"name":"edit","arguments":"{\"file_path\":"}`, "arguments: invalid JSON: unexpected EOF"},
		{"arguments and input", `{"name":"edit","arguments":"{}","input":{}}`, "arguments: given with input"},
		{"unknown call type", `{"type":"text","text":"hi"}`, `type: unknown tool call type "text"`},
		{"function not an object", `{"type":"function","function":"edit"}`, "function: expected object, got string"},
		{"inner error keeps request path", `{"type":"tool_use","id":"x","name":"multiedit","input":{"file_path":"a.go","edits":[{"old_string":1}]}}`, "edits[0].old_string: expected string, got number"},
		{"batch operation error", `{"operations":[` + editABJSON + `,{"file_path":"a.go","old_string":"A"}]}`, "operations[1].new_string: missing (required string)"},
		{"batch tool-call error", `{"operations":[{"tool":"edit","input":{"file_path":"a.go","old_string":"A","new_string":"B","x":1}}]}`, "operations[0].x: unknown field"},
		{"nested batch", `{"operations":[{"operations":[` + editABJSON + `]}]}`, "operations[0]: a batch cannot contain a batch"},
		{"empty operations", `{"operations":[]}`, "operations: must not be empty"},
		{"batch dry_run", `{"operations":[` + editABJSON + `],"dry_run":true}`, "dry_run: unknown field (expected message, operations)"},
		{"empty patch", `{"patch":"  "}`, "patch: must not be empty"},
		{"patch and input", `{"tool":"patch","input":{"patch":"x","input":"y"}}`, "input: given with patch"},
		{"patch not a string", `{"patch":["x"]}`, "patch: expected string, got array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeOperation([]byte(tt.in))
			requireInvalid(t, err, tt.want)
		})
	}
}

// requireInvalid checks that err is an invalid_input *spec.Error whose message
// starts with want.
func requireInvalid(t *testing.T, err error, want string) {
	t.Helper()
	var ge *spec.Error
	require.True(t, errors.As(err, &ge), "error %v is not a *spec.Error", err)
	assert.Equal(t, spec.CodeInvalidInput, ge.Code)
	assert.True(t, strings.HasPrefix(ge.Message, want), "message %q does not start with %q", ge.Message, want)
}

func TestDecodeOfOneKindTakesBareRequestsOnly(t *testing.T) {
	e, err := DecodeEdit([]byte(editABJSON))
	require.NoError(t, err)
	assert.Equal(t, editAB.Edit, e)
	_, err = DecodeEdit([]byte(`{"tool":"edit","input":{}}`))
	requireInvalid(t, err, "tool: unknown field")
	m, err := DecodeMultiEdit([]byte(`{"file_path":"a","edits":[{"old_string":"x","new_string":"y"}]}`))
	require.NoError(t, err)
	assert.Equal(t, []spec.EditItem{{OldString: "x", NewString: "y"}}, m.Edits)
	b, err := DecodeBatch([]byte(`{"operations":[` + editABJSON + `]}`))
	require.NoError(t, err)
	assert.Equal(t, []spec.Operation{editAB}, b.Operations)
	p, err := DecodePatch([]byte(`{"patch":"diff","dryRun":true}`))
	require.NoError(t, err)
	assert.Equal(t, &spec.PatchRequest{Patch: "diff", DryRun: true}, p)
}

func TestDecodeEditItemsTakesAnArrayOrAnEditsObject(t *testing.T) {
	want := []spec.EditItem{{OldString: "A", NewString: "B"}}
	tests := []struct{ name, in, err string }{
		{"array", `[{"old_string":"A","new_string":"B"}]`, ""},
		{"object with edits", `{"edits":[{"oldString":"A","newString":"B"}]}`, ""},
		{"item naming the file", `[{"file_path":"src/a.go","old_string":"A","new_string":"B"}]`, ""},
		{"item naming another file", `[{"file_path":"b.go","old_string":"A","new_string":"B"}]`, "edits[0].file_path:"},
		{"object with more", `{"file_path":"a","edits":[]}`, "file_path: unknown field (expected edits)"},
		{"empty array", `[]`, "edits: must be a non-empty array"},
		{"object without edits", `{}`, "edits: missing (required array)"},
		{"string", `"x"`, "edits: expected array or object, got string"},
		{"wrong item", `[{"old_string":"A","new_string":false}]`, "edits[0].new_string: expected string, got boolean"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeEditItems([]byte(tt.in), "src/a.go")
			if tt.err != "" {
				requireInvalid(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

func TestCheckEditAppliesTheDecodingRulesToBuiltRequests(t *testing.T) {
	tests := []struct {
		name string
		req  spec.EditRequest
		err  string
	}{
		{"valid", spec.EditRequest{FilePath: "a", MatchMode: "exact", ExpectedReplacements: countOf(1)}, ""},
		{"no path", spec.EditRequest{}, "file_path: must not be empty"},
		{"bad mode", spec.EditRequest{FilePath: "a", MatchMode: "x"}, `match_mode: unknown match mode "x"`},
		{"negative", spec.EditRequest{FilePath: "a", ExpectedReplacements: countOf(-2)}, "expected_replacements: expected a whole number of at least 1, got -2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckEdit(&tt.req)
			if tt.err == "" {
				require.NoError(t, err)
				return
			}
			requireInvalid(t, err, tt.err)
		})
	}
}

// streamKinds reads every request of in and describes each as its tool or
// its error message.
func streamKinds(in string) []string {
	var got []string
	for op, err := range DecodeOperations(strings.NewReader(in)) {
		if err != nil {
			got = append(got, "error: "+spec.AsError(err).Message)
			continue
		}
		got = append(got, string(op.Tool))
	}
	return got
}

func TestDecodeOperationsReadsJSONLinesAndResumesAfterABadLine(t *testing.T) {
	patch := `{"patch":"x"}`
	tests := []struct {
		name, in string
		want     []string
	}{
		{"empty", "", nil},
		{"single pretty-printed", "{\n  \"file_path\": \"a\",\n  \"edits\": [\n    {\"old_string\": \"A\", \"new_string\": \"B\"}\n  ]\n}\n", []string{"multiedit"}},
		{"json lines", editABJSON + "\n" + patch + "\n\n" + editABJSON + "\n", []string{"edit", "patch", "edit"}},
		{"no final newline", editABJSON + "\n" + patch, []string{"edit", "patch"}},
		{"array of tool calls", `[{"tool":"edit","input":` + editABJSON + `},{"name":"apply_patch","arguments":"{\"input\":\"x\"}"}]`, []string{"edit", "patch"}},
		{"bad request then good", editABJSON + "\n" + `{"file_path":"a"}` + "\n" + patch + "\n", []string{"edit", "error: cannot tell the kind of request: expected old_string and new_string (edit), edits (multiedit), operations (batch), patch (patch), or a tool call", "patch"}},
		{"malformed line resumes at the next", editABJSON + "\n" + `{"file_path": oops}` + "\n" + patch + "\n", []string{"edit", "error: request 2: invalid JSON: invalid character 'o' looking for beginning of value", "patch"}},
		{"truncated last line", editABJSON + "\n" + `{"file_path":`, []string{"edit", "error: request 2: invalid JSON: unexpected end of input"}},
		{"scalar", "42\n", []string{"error: expected object, got number"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, streamKinds(tt.in))
		})
	}
}

// slowReader hands out one byte per Read, as a pipe may.
type slowReader struct{ r io.Reader }

func (s slowReader) Read(p []byte) (int, error) { return s.r.Read(p[:1]) }

func TestStreamReadsIncrementally(t *testing.T) {
	s := NewStream(slowReader{strings.NewReader(editABJSON + "\n{bad\n" + editABJSON)})
	var got []string
	for {
		raw, err := s.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		got = append(got, fmt.Sprint(len(raw), err != nil))
	}
	n := fmt.Sprint(len(editABJSON), false)
	assert.Equal(t, []string{n, "0 true", n}, got)
}

// benchRequest is a multiedit of ten items in an Anthropic tool call.
func benchRequest() []byte {
	var items []string
	for i := range 10 {
		items = append(items, fmt.Sprintf(`{"old_string":"func old%d() {\n\treturn %d\n}","new_string":"func new%d() {\n\treturn %d\n}","replace_all":false}`, i, i, i, i))
	}
	return []byte(`{"type":"tool_use","id":"toolu_1","name":"MultiEdit","input":{"file_path":"src/a.go","edits":[` + strings.Join(items, ",") + `]}}`)
}

func BenchmarkDecodeOperation(b *testing.B) {
	data := benchRequest()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := DecodeOperation(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeOperationsStream(b *testing.B) {
	line := append(benchRequest(), '\n')
	stream := []byte(strings.Repeat(string(line), 100))
	b.SetBytes(int64(len(stream)))
	for b.Loop() {
		for _, err := range DecodeOperations(strings.NewReader(string(stream))) {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}
