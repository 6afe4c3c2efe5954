package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/gitedit/gitedit/gitedit"
)

// The library decodes edit, multiedit and patch requests itself
// (gitedit.DecodeEdit...). The read and log requests have no decoder of
// their own; decodeStrict applies the same rules to them: snake_case names
// with the camelCase aliases of docs/reference.md#requests, unknown fields refused, null the
// same as absent, every error invalid_input naming the field.

// aliases maps the camelCase aliases of docs/reference.md#requests to their field names.
var aliases = map[string]string{"filePath": "file_path"}

// decodeStrict decodes args, a JSON object, into v (a pointer to a request
// struct) whose schema is s. The fields s lists as required must be given
// and not null.
func decodeStrict(args json.RawMessage, s *jsonschema.Schema, v any) error {
	if err := gitedit.CheckText("", args); err != nil {
		return err
	}
	fields, err := objectFields(args)
	if err != nil {
		return err
	}
	if err := checkFields(fields, s); err != nil {
		return err
	}
	canon, err := json.Marshal(fields)
	if err != nil {
		return invalid("", "invalid JSON: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(canon))
	dec.DisallowUnknownFields()
	return typeError(dec.Decode(v))
}

// objectFields splits the JSON object args into its fields, with aliases
// renamed; a field given under both spellings is invalid_input.
func objectFields(args json.RawMessage) (map[string]json.RawMessage, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(args, &raw); err != nil || raw == nil {
		return nil, invalid("", "the arguments must be a JSON object")
	}
	for alias, name := range aliases {
		v, ok := raw[alias]
		if !ok {
			continue
		}
		if _, dup := raw[name]; dup {
			return nil, invalid(name, "given twice, as %s and %s", name, alias)
		}
		delete(raw, alias)
		raw[name] = v
	}
	return raw, nil
}

// checkFields refuses a field s does not define and a missing required
// field; a null optional field is dropped (null means absent).
func checkFields(fields map[string]json.RawMessage, s *jsonschema.Schema) error {
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		if _, ok := s.Properties[k]; !ok {
			return invalid(k, "unknown field (expected %s)", strings.Join(s.PropertyOrder, ", "))
		}
		if string(bytes.TrimSpace(fields[k])) == "null" {
			delete(fields, k)
		}
	}
	for _, k := range s.Required {
		if _, ok := fields[k]; !ok {
			return invalid(k, "required field missing")
		}
	}
	return nil
}

// typeError turns a decoding error into invalid_input naming the field.
func typeError(err error) error {
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &te):
		return invalid(te.Field, "expected %s, got %s", jsonType(te.Type.Kind().String()), jsonType(te.Value))
	}
	return invalid("", "invalid arguments: %v", err)
}

// jsonType names, as error messages say it, a Go kind ("int64") or what
// encoding/json says it met ("number 1.5", "bool").
func jsonType(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"):
		return "integer"
	case strings.HasPrefix(kind, "number"):
		return "number"
	case kind == "bool":
		return "boolean"
	}
	return kind
}

// invalid returns an invalid_input error whose message starts with the
// field path p (when not empty).
func invalid(p, format string, args ...any) *gitedit.Error {
	msg := fmt.Sprintf(format, args...)
	if p != "" {
		msg = p + ": " + msg
	}
	return &gitedit.Error{Code: gitedit.CodeInvalidInput, Message: msg}
}
