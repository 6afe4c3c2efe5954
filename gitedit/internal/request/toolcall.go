package request

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A request of any kind comes bare (its kind inferred from its fields) or
// inside one of the tool-call wrappers agents produce:
//
//	{"tool": "edit", "input": {...}}                                gitedit's own
//	{"type": "tool_use", "id": "...", "name": "edit", "input": {...}}  Anthropic
//	{"name": "edit", "arguments": "<JSON text>"}                     OpenAI function call
//	{"id": "...", "type": "function", "function": {"name", "arguments"}}  OpenAI tool_calls item
//	{"type": "function_call", "call_id", "name", "arguments", ...}   OpenAI Responses
//
// "arguments" may be the JSON text (as OpenAI sends it) or the object
// itself. Tool names are edit, multiedit, batch, patch and apply_patch,
// compared ignoring case, "_" and "-" (so Claude Code's "Edit" and
// "MultiEdit" work). Paths in error messages are relative to the tool's
// input: a tool call adds no path segment.

// Tool-call fields.
var (
	fTool      = reqField{"tool", ""}
	fInput     = reqField{"input", ""}
	fName      = reqField{"name", ""}
	fArguments = reqField{"arguments", ""}
	fType      = reqField{"type", ""}
	fID        = reqField{"id", ""}
	fCallID    = reqField{"call_id", ""}
	fStatus    = reqField{"status", ""}
	fIndex     = reqField{"index", ""}
	fFunction  = reqField{"function", ""}
)

// DecodeOperation decodes one request of any kind and shape (bare or in a
// tool call) from data, which must hold exactly one JSON value.
// Errors are *spec.Error with code invalid_input naming the offending field.
func DecodeOperation(data []byte) (spec.Operation, error) {
	raw, err := oneValue(data)
	if err == nil {
		err = CheckText("", raw)
	}
	if err != nil {
		return spec.Operation{}, err
	}
	return decodeOperation("", raw, true)
}

// DecodeEdit decodes a bare edit request (docs/reference.md#edit).
func DecodeEdit(data []byte) (*spec.EditRequest, error) {
	o, err := parseRoot(data)
	if err != nil {
		return nil, err
	}
	return decodeEdit(o)
}

// DecodeMultiEdit decodes a bare multiedit request (docs/reference.md#multiedit).
func DecodeMultiEdit(data []byte) (*spec.MultiEditRequest, error) {
	o, err := parseRoot(data)
	if err != nil {
		return nil, err
	}
	return decodeMultiEdit(o)
}

// DecodeBatch decodes a bare batch request (docs/reference.md#batch); its operations may
// take any shape DecodeOperation accepts, except a batch.
func DecodeBatch(data []byte) (*spec.BatchRequest, error) {
	o, err := parseRoot(data)
	if err != nil {
		return nil, err
	}
	return decodeBatch(o)
}

// DecodePatch decodes a patch request (docs/reference.md#patch): {"patch": "..."},
// {"input": "..."} (apply_patch), or the patch text as a JSON string.
func DecodePatch(data []byte) (*spec.PatchRequest, error) {
	raw, err := oneValue(data)
	if err == nil {
		err = CheckText("", raw)
	}
	if err != nil {
		return nil, err
	}
	return decodePatch("", raw)
}

// DecodeEditItems decodes multiedit items given on their own (the file of
// `gitedit multiedit --edits`): a JSON array of items, or an object whose
// only field is "edits". Items that repeat a file path must name filePath.
func DecodeEditItems(data []byte, filePath string) ([]spec.EditItem, error) {
	raw, err := oneValue(data)
	if err != nil {
		return nil, err
	}
	textPath := ""
	if jsonKind(raw) == "array" {
		textPath = "edits"
	}
	if err := CheckText(textPath, raw); err != nil {
		return nil, err
	}
	if jsonKind(raw) == "object" {
		o, err := parseObject("", raw)
		if err != nil {
			return nil, err
		}
		if o.allow([]reqField{fEdits}) == nil {
			elems := o.array(fEdits)
			if o.err == nil {
				return decodeItems("edits", elems, filePath)
			}
		}
		return nil, o.err
	}
	if k := jsonKind(raw); k != "array" {
		return nil, invalidInput("edits", "expected array or object, got %s", k)
	}
	elems, err := arrayElems(raw)
	if err != nil || len(elems) == 0 {
		return nil, invalidInput("edits", "must be a non-empty array")
	}
	return decodeItems("edits", elems, filePath)
}

// CheckEdit applies the decoding rules to an edit request built in code
// (say, from command-line flags): a file path, a known match mode, and
// expected_replacements of at least 1.
func CheckEdit(req *spec.EditRequest) error {
	if req.FilePath == "" {
		return invalidInput("file_path", "must not be empty")
	}
	if err := checkMatchMode("match_mode", req.MatchMode); err != nil {
		return err
	}
	if n := req.ExpectedReplacements; n != nil && *n < 1 {
		return invalidInput("expected_replacements", "expected a whole number of at least 1, got %d", *n)
	}
	return nil
}

// oneValue returns the single JSON value data holds; nothing, invalid JSON
// or anything after the value is invalid_input.
func oneValue(data []byte) (json.RawMessage, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, invalidInput("", "empty input: expected a JSON request")
	}
	if json.Valid(trimmed) {
		return trimmed, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return nil, invalidInput("", "invalid JSON: %v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, invalidInput("", "unexpected data after the JSON value (one request per line in JSON Lines)")
	}
	return raw, nil
}

// parseRoot parses data as a single JSON object.
func parseRoot(data []byte) (*reqObject, error) {
	raw, err := oneValue(data)
	if err == nil {
		err = CheckText("", raw)
	}
	if err != nil {
		return nil, err
	}
	return parseObject("", raw)
}

// decodeOperation decodes the request at path p; a batch is refused when
// !allowBatch (inside a batch).
func decodeOperation(p string, raw json.RawMessage, allowBatch bool) (spec.Operation, error) {
	o, err := parseObject(p, raw)
	if err != nil {
		return spec.Operation{}, err
	}
	tool, input, err := unwrapToolCall(o, raw)
	if err != nil {
		return spec.Operation{}, err
	}
	if tool == spec.ToolBatch && !allowBatch {
		return spec.Operation{}, invalidInput(p, "a batch cannot contain a batch")
	}
	return decodeKind(p, tool, input)
}

// decodeKind decodes input at p as a request of kind tool.
func decodeKind(p string, tool spec.Tool, input json.RawMessage) (spec.Operation, error) {
	op := spec.Operation{Tool: tool}
	if tool == spec.ToolPatch {
		req, err := decodePatch(p, input)
		op.Patch = req
		return op, err
	}
	o, err := parseObject(p, input)
	if err != nil {
		return spec.Operation{}, err
	}
	switch tool {
	case spec.ToolEdit:
		op.Edit, err = decodeEdit(o)
	case spec.ToolMultiEdit:
		op.MultiEdit, err = decodeMultiEdit(o)
	default:
		op.Batch, err = decodeBatch(o)
	}
	if err != nil {
		return spec.Operation{}, err
	}
	return op, nil
}

// unwrapToolCall returns the tool and the input of the request o (whose
// JSON is raw): from its tool call, or inferred from a bare request.
func unwrapToolCall(o *reqObject, raw json.RawMessage) (spec.Tool, json.RawMessage, error) {
	switch {
	case o.has("tool"):
		return o.call(fTool, []reqField{fTool, fInput})
	case o.has("type"):
		return unwrapTyped(o)
	case o.has("name"):
		return o.call(fName, []reqField{fID, fName, fArguments, fInput})
	}
	tool, err := inferTool(o)
	return tool, raw, err
}

// unwrapTyped unwraps the tool calls that carry a "type" field.
func unwrapTyped(o *reqObject) (spec.Tool, json.RawMessage, error) {
	switch typ := o.str(fType, true); typ {
	case "tool_use":
		return o.call(fName, []reqField{fType, fID, fName, fInput})
	case "function_call":
		return o.call(fName, []reqField{fType, fID, fCallID, fName, fArguments, fStatus})
	case "function":
		return unwrapFunction(o)
	default:
		if o.err != nil {
			return "", nil, o.err
		}
		return "", nil, invalidInput(pathKey(o.path, "type"), "unknown tool call type %q (expected tool_use, function or function_call)", typ)
	}
}

// unwrapFunction unwraps an OpenAI tool_calls item, {"id", "type":
// "function", "function": {"name", "arguments"}}.
func unwrapFunction(o *reqObject) (spec.Tool, json.RawMessage, error) {
	if err := o.allow([]reqField{fID, fType, fFunction, fIndex}); err != nil {
		return "", nil, err
	}
	raw, _ := o.get(fFunction, "object", true)
	if o.err != nil {
		return "", nil, o.err
	}
	fn, err := parseObject(pathKey(o.path, "function"), raw)
	if err != nil {
		return "", nil, err
	}
	fn.path = o.path
	return fn.call(fName, []reqField{fName, fArguments})
}

// call reads a tool call made of the fields fs: the tool named by nameField
// and its input ("input", or "arguments" as JSON text or an object).
func (o *reqObject) call(nameField reqField, fs []reqField) (spec.Tool, json.RawMessage, error) {
	if err := o.allow(fs); err != nil {
		return "", nil, err
	}
	name := o.nonEmpty(nameField)
	if o.err != nil {
		return "", nil, o.err
	}
	tool, err := toolNamed(pathKey(o.path, nameField.name), name)
	if err != nil {
		return "", nil, err
	}
	input, err := o.payload()
	return tool, input, err
}

// payload returns the tool input of a call: "input" as given, or
// "arguments", decoding JSON text when it is a string.
func (o *reqObject) payload() (json.RawMessage, error) {
	if o.has("input") && o.has("arguments") {
		return nil, invalidInput(pathKey(o.path, "arguments"), "given with input; give the tool input once")
	}
	if raw, ok := o.fields["input"]; ok {
		return raw, nil
	}
	raw, ok := o.fields["arguments"]
	if !ok {
		return nil, invalidInput(pathKey(o.path, "input"), "missing (required tool input)")
	}
	if jsonKind(raw) != "string" {
		return raw, nil
	}
	var text string
	if err := json.Unmarshal(raw, &text); err != nil {
		return nil, invalidInput(pathKey(o.path, "arguments"), "invalid JSON string: %v", err)
	}
	if err := CheckText(pathKey(o.path, "arguments"), raw); err != nil {
		return nil, err
	}
	args, err := oneValue([]byte(text))
	if err == nil {
		err = CheckText("", args)
	}
	if err != nil {
		return nil, invalidInput(pathKey(o.path, "arguments"), "%s", spec.AsError(err).Message)
	}
	return args, nil
}

// toolNamed maps a tool name, compared ignoring case, "_" and "-", to its
// spec.Tool; p is the path of the name for the error.
func toolNamed(p, name string) (spec.Tool, error) {
	switch strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(name)) {
	case "edit":
		return spec.ToolEdit, nil
	case "multiedit":
		return spec.ToolMultiEdit, nil
	case "batch":
		return spec.ToolBatch, nil
	case "patch", "applypatch":
		return spec.ToolPatch, nil
	}
	return "", invalidInput(p, "unknown tool %q (expected edit, multiedit, batch, patch or apply_patch)", name)
}

// inferTool tells the kind of a bare request from its fields.
func inferTool(o *reqObject) (spec.Tool, error) {
	switch {
	case o.has("operations"):
		return spec.ToolBatch, nil
	case o.has("edits"):
		return spec.ToolMultiEdit, nil
	case o.has("patch"):
		return spec.ToolPatch, nil
	case o.hasAny(fOldString, fNewString):
		return spec.ToolEdit, nil
	}
	return "", invalidInput(o.path, "cannot tell the kind of request: expected old_string and new_string (edit), edits (multiedit), operations (batch), patch (patch), or a tool call")
}
