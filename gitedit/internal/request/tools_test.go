package request

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The read request of the MCP server follows the rules of every request
// (it had a decoder of its own in mcp before: decodeStrict, whose test
// this was).
func TestDecodeReadAcceptsAliasesAndRefusesUnknownFields(t *testing.T) {
	tests := []struct {
		name, args, err string
		want            spec.ReadRequest
	}{
		{"alias", `{"filePath": "a", "offset": 2}`, "", spec.ReadRequest{FilePath: "a", Offset: 2}},
		{"null is absent", `{"file_path": "a", "offset": null}`, "", spec.ReadRequest{FilePath: "a"}},
		{"integral float", `{"file_path": "a", "limit": 3.0}`, "", spec.ReadRequest{FilePath: "a", Limit: 3}},
		{"negative is Read's to refuse", `{"file_path": "a", "offset": -1}`, "", spec.ReadRequest{FilePath: "a", Offset: -1}},
		{"quoted path", `{"file_path": "\"caf\\303\\251.txt\""}`, "", spec.ReadRequest{FilePath: "caf\xc3\xa9.txt"}},
		{"null required", `{"file_path": null}`, "file_path: expected string, got null", spec.ReadRequest{}},
		{"missing", `{}`, "file_path: missing (required string)", spec.ReadRequest{}},
		{"empty path", `{"file_path": ""}`, "file_path: must not be empty", spec.ReadRequest{}},
		{"not an object", `[1]`, "expected object, got array", spec.ReadRequest{}},
		{"unknown", `{"file_path": "a", "path": "b"}`, "path: unknown field (expected file_path, offset, limit)", spec.ReadRequest{}},
		{"both spellings", `{"file_path": "a", "filePath": "a"}`, "file_path: given twice, as file_path and filePath", spec.ReadRequest{}},
		{"type", `{"file_path": "a", "limit": true}`, "limit: expected number, got boolean", spec.ReadRequest{}},
		{"fraction", `{"file_path": "a", "limit": 1.5}`, "limit: expected a whole number, got 1.5", spec.ReadRequest{}},
		{"too large", `{"file_path": "a", "limit": 1e12}`, "limit: expected a whole number, got 1e12", spec.ReadRequest{}},
		{"not UTF-8", "{\"file_path\": \"a\xff\"}", "file_path: not valid UTF-8", spec.ReadRequest{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeRead([]byte(tt.args))
			if tt.err != "" {
				requireInvalid(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, *got)
		})
	}
}

func TestDecodeLogTakesFiltersAndRefusesUnknownFields(t *testing.T) {
	got, err := DecodeLog([]byte(`{"n": 2, "session": "s", "agent": null, "file": "a.go"}`))
	require.NoError(t, err)
	assert.Equal(t, spec.LogRequest{N: 2, Session: "s", File: "a.go"}, *got)
	got, err = DecodeLog([]byte(`{}`))
	require.NoError(t, err)
	assert.Equal(t, spec.LogRequest{}, *got)
	_, err = DecodeLog([]byte(`{"limit": 3}`))
	requireInvalid(t, err, "limit: unknown field (expected n, session, agent, file)")
	_, err = DecodeLog([]byte(`{"n": "3"}`))
	requireInvalid(t, err, "n: expected number, got string")
}

func TestDecodeUndoAcceptsTheDryRunAlias(t *testing.T) {
	got, err := DecodeUndo([]byte(`{"commit": "HEAD~1", "dryRun": true}`))
	require.NoError(t, err)
	assert.Equal(t, spec.UndoRequest{Commit: "HEAD~1", DryRun: true}, *got)
	_, err = DecodeUndo([]byte(`{"commit": 1}`))
	requireInvalid(t, err, "commit: expected string, got number")
	_, err = DecodeUndo([]byte(`{"commit": "x", "dry_run": true, "dryRun": false}`))
	requireInvalid(t, err, "dry_run: given twice, as dry_run and dryRun")
}

// The MCP schemas are generated from the request types' json tags, and the
// decoders accept the fields of their lists: the two must name the same
// fields, or a tool would advertise a field it refuses (or accept one it
// does not advertise). extra are the fields a decoder also accepts.
func TestFieldListsNameTheRequestTypesFields(t *testing.T) {
	tests := []struct {
		typ    reflect.Type
		fields []reqField
		extra  []string
	}{
		{reflect.TypeFor[spec.EditRequest](), editFields, nil},
		{reflect.TypeFor[spec.EditItem](), itemFields, []string{"file_path"}},
		{reflect.TypeFor[spec.MultiEditRequest](), multiEditFields, nil},
		{reflect.TypeFor[spec.PatchRequest](), patchFields, []string{"input"}},
		{reflect.TypeFor[spec.BatchRequest](), batchFields, nil},
		{reflect.TypeFor[spec.ReadRequest](), readFields, nil},
		{reflect.TypeFor[spec.LogRequest](), logFields, nil},
		{reflect.TypeFor[spec.UndoRequest](), undoFields, nil},
		{reflect.TypeFor[spec.ToolUndoRequest](), toolUndoFields, nil},
		{reflect.TypeFor[spec.ChangesRequest](), nil, nil},
		{reflect.TypeFor[spec.CommitRequest](), commitFields, nil},
	}
	for _, tt := range tests {
		want := tt.extra
		for i := range tt.typ.NumField() {
			name, _, _ := strings.Cut(tt.typ.Field(i).Tag.Get("json"), ",")
			if name != "-" { // not part of the JSON request (LogRequest.Stat: the CLI's --stat)
				want = append(want, name)
			}
		}
		var got []string
		for _, f := range tt.fields {
			got = append(got, f.name)
		}
		assert.ElementsMatch(t, want, got, "%s", tt.typ)
	}
}

// The changes tool takes no argument: a field given is refused saying
// so (the message listed the expected fields, none: "(expected )").
func TestDecodeChangesRefusesAnyFieldSayingItTakesNone(t *testing.T) {
	got, err := DecodeChanges([]byte(`{}`))
	require.NoError(t, err)
	assert.Equal(t, spec.ChangesRequest{}, *got)
	_, err = DecodeChanges([]byte(`{"session": "other"}`))
	requireInvalid(t, err, "session: unknown field (this tool takes no arguments)")
}
