package request

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// This file turns request JSON (docs/reference.md#requests) into request structs. The rules,
// shared by every decoder:
//
//   - field names are snake_case; the camelCase aliases of docs/reference.md#requests are
//     accepted; giving both spellings of one field is invalid_input;
//   - an unknown field is invalid_input naming it ("edits[1].foo: unknown
//     field"), and so is a field given twice;
//   - a value of the wrong type is invalid_input naming the path and both
//     types ("edits[1].old_string: expected string, got number");
//   - null is the same as leaving an optional field out; a required field
//     (file_path, old_string, new_string, edits, operations, patch) must be
//     present and of its type, null included;
//   - expected_replacements is a whole number of at least 1 (0 could never
//     succeed: no occurrence is not_found); match_mode is one of docs/reference.md#match-modes.
//
// Every error is a *spec.Error with code invalid_input whose message starts
// with the path of the offending field.

// reqField is a request field: its snake_case name and its camelCase alias
// ("" when it has none).
type reqField struct{ name, alias string }

// The request fields of docs/reference.md#requests.
var (
	fFilePath     = reqField{"file_path", "filePath"}
	fOldString    = reqField{"old_string", "oldString"}
	fNewString    = reqField{"new_string", "newString"}
	fReplaceAll   = reqField{"replace_all", "replaceAll"}
	fMatchMode    = reqField{"match_mode", "matchMode"}
	fExpectedRepl = reqField{"expected_replacements", "expectedReplacements"}
	fDryRun       = reqField{"dry_run", "dryRun"}
	fExpectedHash = reqField{"expected_hash", "expectedHash"}
	fEdits        = reqField{"edits", ""}
	fPartial      = reqField{"partial", ""}
	fMessage      = reqField{"message", ""}
	fOperations   = reqField{"operations", ""}
	fPatch        = reqField{"patch", ""}
	fPatchInput   = reqField{"input", ""}
)

// The fields each request kind accepts.
var (
	editFields      = []reqField{fFilePath, fOldString, fNewString, fReplaceAll, fMatchMode, fExpectedRepl, fDryRun, fExpectedHash}
	itemFields      = []reqField{fOldString, fNewString, fReplaceAll, fMatchMode, fExpectedRepl, fFilePath}
	multiEditFields = []reqField{fFilePath, fEdits, fExpectedHash, fDryRun, fPartial}
	batchFields     = []reqField{fMessage, fOperations}
	patchFields     = []reqField{fPatch, fPatchInput, fDryRun}
)

// invalidInput returns an invalid_input *spec.Error whose message is prefixed
// with the JSON path p (when not empty).
func invalidInput(p, format string, args ...any) *spec.Error {
	msg := fmt.Sprintf(format, args...)
	if p != "" {
		msg = p + ": " + msg
	}
	return &spec.Error{Code: spec.CodeInvalidInput, Message: msg}
}

// jsonKind names the JSON type of a raw value as error messages say it.
func jsonKind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// pathKey is the path of field key inside the object at p.
func pathKey(p, key string) string {
	if p == "" {
		return key
	}
	return p + "." + key
}

// pathIndex is the path of element i of the array at p.
func pathIndex(p string, i int) string { return fmt.Sprintf("%s[%d]", p, i) }

// reqObject is a JSON object being decoded: its fields in input order and
// the path used in error messages. The typed getters are sticky: after the
// first error they return zero values and err keeps that first error.
type reqObject struct {
	path   string
	keys   []string
	fields map[string]json.RawMessage
	err    error
}

// parseObject splits raw, a valid JSON value that must be an object, into
// its fields; a key given twice is invalid_input.
func parseObject(p string, raw json.RawMessage) (*reqObject, error) {
	if k := jsonKind(raw); k != "object" {
		return nil, invalidInput(p, "expected object, got %s", k)
	}
	keys, vals, err := objectFields(raw)
	if err != nil {
		return nil, invalidInput(p, "invalid JSON: %v", err)
	}
	o := &reqObject{path: p, keys: keys, fields: make(map[string]json.RawMessage, len(keys))}
	for i, k := range keys {
		if _, dup := o.fields[k]; dup {
			return nil, invalidInput(pathKey(p, k), "field given twice")
		}
		o.fields[k] = vals[i]
	}
	return o, nil
}

// has reports whether the object has key.
func (o *reqObject) has(key string) bool {
	_, ok := o.fields[key]
	return ok
}

// hasAny reports whether the object has any spelling of any of fs.
func (o *reqObject) hasAny(fs ...reqField) bool {
	for _, f := range fs {
		if o.has(f.name) || (f.alias != "" && o.has(f.alias)) {
			return true
		}
	}
	return false
}

// allow checks that every key is one of fs (by name or alias) and that no
// field is given under both spellings. It sets and returns o.err.
func (o *reqObject) allow(fs []reqField) error {
	for _, k := range o.keys {
		if !knownField(fs, k) && len(fs) == 0 {
			o.err = invalidInput(pathKey(o.path, k), "unknown field (this tool takes no arguments)")
			return o.err
		}
		if !knownField(fs, k) {
			names := make([]string, len(fs))
			for i, f := range fs {
				names[i] = f.name
			}
			o.err = invalidInput(pathKey(o.path, k), "unknown field (expected %s)", strings.Join(names, ", "))
			return o.err
		}
	}
	for _, f := range fs {
		if f.alias != "" && o.has(f.name) && o.has(f.alias) {
			o.err = invalidInput(pathKey(o.path, f.name), "given twice, as %s and %s", f.name, f.alias)
			return o.err
		}
	}
	return nil
}

// knownField reports whether key spells one of fs.
func knownField(fs []reqField, key string) bool {
	for _, f := range fs {
		if key == f.name || (key == f.alias && f.alias != "") {
			return true
		}
	}
	return false
}

// value returns the raw value of f and the spelling it was given under;
// nil when absent.
func (o *reqObject) value(f reqField) (json.RawMessage, string) {
	if v, ok := o.fields[f.name]; ok {
		return v, f.name
	}
	if v, ok := o.fields[f.alias]; ok && f.alias != "" {
		return v, f.alias
	}
	return nil, f.name
}

// get returns f's raw value when it is present, of JSON type kind, and no
// error happened yet; null counts as absent unless required. A missing
// required field, or one of another type, sets o.err.
func (o *reqObject) get(f reqField, kind string, required bool) (json.RawMessage, string) {
	raw, name := o.value(f)
	if o.err != nil {
		return nil, name
	}
	switch k := jsonKind(raw); {
	case raw == nil && required:
		o.err = invalidInput(pathKey(o.path, name), "missing (required %s)", kind)
	case raw == nil || (k == "null" && !required):
		return nil, name
	case k != kind:
		o.err = invalidInput(pathKey(o.path, name), "expected %s, got %s", kind, k)
	default:
		return raw, name
	}
	return nil, name
}

// str returns the string field f ("" when absent).
func (o *reqObject) str(f reqField, required bool) string {
	raw, _ := o.get(f, "string", required)
	if raw == nil {
		return ""
	}
	if s, ok := plainString(raw); ok {
		return s
	}
	var s string
	o.unmarshal(f, raw, &s)
	return s
}

// plainString returns the JSON string raw without decoding when it holds
// no escape and is valid UTF-8 (the common case, and a large part of the
// cost of decoding).
func plainString(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') >= 0 || !utf8.Valid(body) {
		return "", false
	}
	return string(body), true
}

// nonEmpty returns the required string field f, which must not be empty.
func (o *reqObject) nonEmpty(f reqField) string {
	s := o.str(f, true)
	if o.err == nil && s == "" {
		_, name := o.value(f)
		o.err = invalidInput(pathKey(o.path, name), "must not be empty")
	}
	return s
}

// boolean returns the optional boolean field f (false when absent).
func (o *reqObject) boolean(f reqField) bool {
	raw, _ := o.get(f, "boolean", false)
	return raw != nil && bytes.Equal(bytes.TrimSpace(raw), []byte("true"))
}

// unmarshal decodes raw into v, recording a failure in o.err.
func (o *reqObject) unmarshal(f reqField, raw json.RawMessage, v any) {
	if err := json.Unmarshal(raw, v); err != nil && o.err == nil {
		_, name := o.value(f)
		o.err = invalidInput(pathKey(o.path, name), "invalid value: %v", err)
	}
}

// count returns the optional expected_replacements field: a whole number
// of at least 1 (2.0 is accepted as 2).
func (o *reqObject) count(f reqField) *int {
	n, ok := o.number(f, 1, "a whole number of at least 1")
	if !ok {
		return nil
	}
	return &n
}

// number returns the optional number field f, which must be a whole
// number from lo to math.MaxInt32 (2.0 is accepted as 2); what says so in
// the error. ok is false when f is absent or refused.
func (o *reqObject) number(f reqField, lo float64, what string) (n int, ok bool) {
	raw, name := o.get(f, "number", false)
	if raw == nil {
		return 0, false
	}
	var x float64
	if o.unmarshal(f, raw, &x); o.err != nil {
		return 0, false
	}
	if x != math.Trunc(x) || x < lo || x > math.MaxInt32 {
		o.err = invalidInput(pathKey(o.path, name), "expected %s, got %s", what, bytes.TrimSpace(raw))
		return 0, false
	}
	return int(x), true
}

// matchMode returns the optional match_mode field, checked against docs/reference.md#match-modes.
func (o *reqObject) matchMode(f reqField) string {
	s := o.str(f, false)
	if o.err == nil {
		_, name := o.value(f)
		o.err = checkMatchMode(pathKey(o.path, name), s)
	}
	return s
}

// checkMatchMode refuses a match mode name that docs/reference.md#match-modes does not define.
func checkMatchMode(p, mode string) error {
	if _, err := engine.ParseMatchMode(mode); err != nil {
		names := make([]string, len(engine.MatchModes))
		for i, m := range engine.MatchModes {
			names[i] = string(m)
		}
		return invalidInput(p, "unknown match mode %q (expected one of %s)", mode, strings.Join(names, ", "))
	}
	return nil
}

// array returns the elements of the required array field f, which must
// not be empty.
func (o *reqObject) array(f reqField) []json.RawMessage {
	raw, name := o.get(f, "array", true)
	if raw == nil {
		return nil
	}
	elems, err := arrayElems(raw)
	switch {
	case err != nil:
		o.err = invalidInput(pathKey(o.path, name), "invalid JSON: %v", err)
	case len(elems) == 0:
		o.err = invalidInput(pathKey(o.path, name), "must not be empty")
	}
	return elems
}

// decodeEdit decodes an edit request (docs/reference.md#edit) from o.
func decodeEdit(o *reqObject) (*spec.EditRequest, error) {
	if err := o.allow(editFields); err != nil {
		return nil, err
	}
	req := &spec.EditRequest{
		FilePath:             quote.UnquotePath(o.nonEmpty(fFilePath)),
		OldString:            o.str(fOldString, true),
		NewString:            o.str(fNewString, true),
		ReplaceAll:           o.boolean(fReplaceAll),
		MatchMode:            o.matchMode(fMatchMode),
		ExpectedReplacements: o.count(fExpectedRepl),
		DryRun:               o.boolean(fDryRun),
		ExpectedHash:         o.str(fExpectedHash, false),
	}
	return req, o.err
}

// decodeItem decodes multiedit item o. An item may repeat the request's
// file path (as some agents' multiedit tools send it) but not name
// another file.
func decodeItem(o *reqObject, filePath string) (spec.EditItem, error) {
	if o.allow(itemFields) != nil {
		return spec.EditItem{}, o.err
	}
	it := spec.EditItem{
		OldString:            o.str(fOldString, true),
		NewString:            o.str(fNewString, true),
		ReplaceAll:           o.boolean(fReplaceAll),
		MatchMode:            o.matchMode(fMatchMode),
		ExpectedReplacements: o.count(fExpectedRepl),
	}
	if p := quote.UnquotePath(o.str(fFilePath, false)); o.err == nil && p != "" && path.Clean(p) != path.Clean(filePath) {
		_, name := o.value(fFilePath)
		o.err = invalidInput(pathKey(o.path, name), "%q differs from the request's file_path %q (a multiedit edits one file; use a batch for several)", p, filePath)
	}
	return it, o.err
}

// decodeItems decodes the elements of a multiedit's edits array at p.
func decodeItems(p string, elems []json.RawMessage, filePath string) ([]spec.EditItem, error) {
	items := make([]spec.EditItem, len(elems))
	for i, raw := range elems {
		o, err := parseObject(pathIndex(p, i), raw)
		if err != nil {
			return nil, err
		}
		if items[i], err = decodeItem(o, filePath); err != nil {
			return nil, err
		}
	}
	return items, nil
}

// decodeMultiEdit decodes a multiedit request (docs/reference.md#multiedit) from o.
func decodeMultiEdit(o *reqObject) (*spec.MultiEditRequest, error) {
	if err := o.allow(multiEditFields); err != nil {
		return nil, err
	}
	req := &spec.MultiEditRequest{
		FilePath:     quote.UnquotePath(o.nonEmpty(fFilePath)),
		ExpectedHash: o.str(fExpectedHash, false),
		DryRun:       o.boolean(fDryRun),
		Partial:      o.boolean(fPartial),
	}
	elems := o.array(fEdits)
	if o.err != nil {
		return nil, o.err
	}
	items, err := decodeItems(pathKey(o.path, "edits"), elems, req.FilePath)
	req.Edits = items
	return req, err
}

// decodePatch decodes a patch request (docs/reference.md#patch) from raw: an object with
// "patch" (or "input", as apply_patch tools send it), or the patch text as
// a bare JSON string.
func decodePatch(p string, raw json.RawMessage) (*spec.PatchRequest, error) {
	if jsonKind(raw) == "string" {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, invalidInput(p, "invalid JSON string: %v", err)
		}
		return checkPatch(p, &spec.PatchRequest{Patch: s})
	}
	o, err := parseObject(p, raw)
	if err != nil {
		return nil, err
	}
	if err := o.allow(patchFields); err != nil {
		return nil, err
	}
	f := fPatch
	if o.has("input") && !o.has("patch") {
		f = fPatchInput
	} else if o.has("input") {
		return nil, invalidInput(pathKey(p, "input"), "given with patch; give the patch text once")
	}
	req := &spec.PatchRequest{Patch: o.str(f, true), DryRun: o.boolean(fDryRun)}
	if o.err != nil {
		return nil, o.err
	}
	return checkPatch(p, req)
}

// checkPatch refuses a patch with no text.
func checkPatch(p string, req *spec.PatchRequest) (*spec.PatchRequest, error) {
	if strings.TrimSpace(req.Patch) == "" {
		return nil, invalidInput(pathKey(p, "patch"), "must not be empty")
	}
	return req, nil
}

// decodeBatch decodes a batch request (docs/reference.md#batch) from o; each operation is
// any request shape but a batch.
func decodeBatch(o *reqObject) (*spec.BatchRequest, error) {
	if err := o.allow(batchFields); err != nil {
		return nil, err
	}
	req := &spec.BatchRequest{Message: o.str(fMessage, false)}
	elems := o.array(fOperations)
	if o.err != nil {
		return nil, o.err
	}
	for i, raw := range elems {
		op, err := decodeOperation(pathIndex(pathKey(o.path, "operations"), i), raw, false)
		if err != nil {
			return nil, err
		}
		req.Operations = append(req.Operations, op)
	}
	return req, nil
}
