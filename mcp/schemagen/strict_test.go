package schemagen

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/gitedit"
	"github.com/gitedit/gitedit/mcp"
)

// strictTools returns the strict definitions in format, decoded.
func strictTools(t *testing.T, format string) []any {
	t.Helper()
	data, ok := mcp.Definitions(format, true)
	require.True(t, ok)
	var tools []any
	require.NoError(t, json.Unmarshal(data, &tools))
	return tools
}

// TestStrictSchemasConformToTheHostsRules checks the strict definitions
// gitedit schema --strict prints against the rules of each host's strict
// mode (strict_check_test.go).
func TestStrictSchemasConformToTheHostsRules(t *testing.T) {
	assert.Empty(t, checkOpenAIStrict(strictTools(t, FormatOpenAI)))
	assert.Empty(t, checkAnthropicStrict(strictTools(t, FormatAnthropic)))
}

// TestStrictCheckersRejectKnownBadSchemas shows the checkers have teeth:
// the ordinary definitions break OpenAI's strict rules (20 optional
// properties not required, no "strict") and Anthropic's (minimum), and
// each hand-made fault is caught.
func TestStrictCheckersRejectKnownBadSchemas(t *testing.T) {
	var plain []any
	data, _ := mcp.Definitions(FormatOpenAI, false)
	require.NoError(t, json.Unmarshal(data, &plain))
	assert.Contains(t, checkOpenAIStrict(plain), `read: "strict" is not true`)
	assert.Contains(t, checkOpenAIStrict(plain), "read: not every property is required")
	data, _ = mcp.Definitions(FormatAnthropic, false)
	require.NoError(t, json.Unmarshal(data, &plain))
	assert.Contains(t, checkAnthropicStrict(plain), `read.offset: keyword "minimum" is not supported`)

	fn := func(params string) []any {
		var p any
		require.NoError(t, json.Unmarshal([]byte(params), &p))
		return []any{map[string]any{"type": "function", "function": map[string]any{"name": "f", "strict": true, "parameters": p}}}
	}
	assert.Contains(t, checkOpenAIStrict(fn(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`)),
		"f: additionalProperties is not false")
	assert.Contains(t, checkOpenAIStrict(fn(`{"type":"object","properties":{"a":{"type":["string","null"],"enum":["x"]}},"required":["a"],"additionalProperties":false}`)),
		"f.a: a nullable enum without null")
	assert.Contains(t, checkOpenAIStrict(fn(`{"type":"object","properties":{"a":{"type":"string","minLength":1}},"required":["a"],"additionalProperties":false}`)),
		`f.a: keyword "minLength" is not supported`)
	assert.Contains(t, checkOpenAIStrict(fn(`{"anyOf":[{"type":"object"}]}`)), "f: the root is not an object")

	tool := func(schema string) []any {
		var s any
		require.NoError(t, json.Unmarshal([]byte(schema), &s))
		return []any{map[string]any{"name": "f", "strict": true, "input_schema": s}}
	}
	assert.Contains(t, checkAnthropicStrict(tool(`{"type":"object","properties":{"a":{"type":"array","minItems":2}},"additionalProperties":false}`)),
		"f.a: minItems other than 0 or 1")
	assert.Contains(t, checkAnthropicStrict(tool(`{"type":"object","properties":{"a":{"type":"object"}},"additionalProperties":false}`)),
		"f.a: additionalProperties is not false")
	props := map[string]any{}
	for i := range 25 {
		props[string(rune('a'+i))] = map[string]any{"type": "string"}
	}
	many, _ := json.Marshal(map[string]any{"type": "object", "properties": props, "additionalProperties": false})
	assert.Contains(t, checkAnthropicStrict(tool(string(many))), "1 tools, 25 optional properties, 0 unions: over 20, 24 or 16")
}

// decoders decode each tool's arguments as the MCP server does.
var decoders = map[string]func([]byte) (any, error){
	mcp.ToolRead:       func(b []byte) (any, error) { return gitedit.DecodeRead(b) },
	mcp.ToolEdit:       func(b []byte) (any, error) { return gitedit.DecodeEdit(b) },
	mcp.ToolMultiEdit:  func(b []byte) (any, error) { return gitedit.DecodeMultiEdit(b) },
	mcp.ToolApplyPatch: func(b []byte) (any, error) { return gitedit.DecodePatch(b) },
	mcp.ToolUndo:       func(b []byte) (any, error) { return gitedit.DecodeToolUndo(b) },
	mcp.ToolChanges:    func(b []byte) (any, error) { return gitedit.DecodeChanges(b) },
	mcp.ToolCommit:     func(b []byte) (any, error) { return gitedit.DecodeCommit(b) },
	mcp.ToolLog:        func(b []byte) (any, error) { return gitedit.DecodeLog(b) },
}

// TestStrictCallsWithNullsDecodeAsCallsWithout: a strict-mode model
// sends every property, null for those it leaves out; each tool's
// decoder reads such a call (nulls at every level, multiedit's edits
// included) as the same request as the call without them.
func TestStrictCallsWithNullsDecodeAsCallsWithout(t *testing.T) {
	for _, tl := range strictTools(t, FormatOpenAI) {
		fn := asNode(asNode(tl)["function"])
		name := fn["name"].(string)
		decode, ok := decoders[name]
		require.True(t, ok, "no decoder for tool %s", name)
		withNulls, without := sampleCall(asNode(fn["parameters"]))
		a, err := json.Marshal(withNulls)
		require.NoError(t, err)
		b, err := json.Marshal(without)
		require.NoError(t, err)
		got, err := decode(a)
		require.NoError(t, err, "%s %s", name, a)
		want, err := decode(b)
		require.NoError(t, err, "%s %s", name, b)
		assert.True(t, reflect.DeepEqual(want, got), "%s: %s decodes to %+v, %s to %+v", name, a, got, b, want)
	}
}

// sampleCall returns a value for the strict schema s with every nullable
// property null, and the same value without those properties.
func sampleCall(s schemaNode) (withNulls, without any) {
	types := stringList(s["type"])
	switch {
	case len(types) == 0:
		return nil, nil
	case types[0] == "object":
		a, b := map[string]any{}, map[string]any{}
		props := asNode(s["properties"])
		for _, k := range keys(props) {
			p := asNode(props[k])
			if len(stringList(p["type"])) > 1 { // nullable: left out
				a[k] = nil
				continue
			}
			a[k], b[k] = sampleCall(p)
		}
		return a, b
	case types[0] == "array":
		a, b := sampleCall(asNode(s["items"]))
		return []any{a}, []any{b}
	case types[0] == "integer":
		return 1, 1
	case types[0] == "boolean":
		return true, true
	}
	if e, ok := s["enum"].([]any); ok {
		return e[0], e[0]
	}
	return "x", "x"
}
