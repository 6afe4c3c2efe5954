package schemagen

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/mcp"
)

// update rewrites the embedded files: go test ./mcp/schemagen -update
var update = flag.Bool("update", false, "rewrite the embedded definitions under mcp/schemas/")

// TestEmbeddedSchemasAreGenerated checks that the definitions the gitedit
// binary serves and prints (mcp/schemas, embedded in package mcp) are
// what this package generates from the request types, in every format
// and strict mode; with -update it rewrites them.
func TestEmbeddedSchemasAreGenerated(t *testing.T) {
	for _, format := range mcp.Formats {
		for _, strict := range []bool{false, true} {
			if strict && format == FormatJSONSchema {
				_, ok := mcp.Definitions(format, strict)
				assert.False(t, ok, "jsonschema has no strict mode")
				continue
			}
			t.Run(mcp.SchemaFile(format, strict), func(t *testing.T) {
				got, err := Schema(format)
				if strict {
					got, err = StrictSchema(format)
				}
				require.NoError(t, err)
				if *update {
					require.NoError(t, os.WriteFile(filepath.Join("..", "schemas", mcp.SchemaFile(format, strict)), got, 0o644))
					return
				}
				want, ok := mcp.Definitions(format, strict)
				require.True(t, ok, "run go test ./mcp/schemagen -update to create it")
				assert.Equal(t, string(want), string(got), "the embedded definitions are stale; review and rerun with -update")
			})
		}
	}
	_, ok := mcp.Definitions("yaml", false)
	assert.False(t, ok)
}

func TestSchemaDefaultFormatIsJSONSchema(t *testing.T) {
	def, err := Schema("")
	require.NoError(t, err)
	js, err := Schema(FormatJSONSchema)
	require.NoError(t, err)
	assert.Equal(t, js, def)
}

func TestSchemaOfUnknownFormatNamesTheKnownOnes(t *testing.T) {
	_, err := Schema("yaml")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"yaml"`)
	assert.Contains(t, err.Error(), "openai")
}

// schemaDoc is the part of a rendered tool schema the rules check.
type schemaDoc struct {
	Type                 string                     `json:"type"`
	Required             []string                   `json:"required"`
	Properties           map[string]json.RawMessage `json:"properties"`
	AdditionalProperties *bool                      `json:"additionalProperties"`
}

// renderedSchemas returns each tool's input schema as format renders it.
func renderedSchemas(t *testing.T, format string) map[string]schemaDoc {
	t.Helper()
	raw, err := Schema(format)
	require.NoError(t, err)
	var tools []map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &tools))
	out := map[string]schemaDoc{}
	for _, tool := range tools {
		var name string
		body := tool
		if fn, ok := tool["function"]; ok {
			require.NoError(t, json.Unmarshal(fn, &body))
		}
		require.NoError(t, json.Unmarshal(body["name"], &name))
		var doc schemaDoc
		key := map[string]string{FormatJSONSchema: "inputSchema", FormatOpenAI: "parameters", FormatAnthropic: "input_schema"}[format]
		require.NoError(t, json.Unmarshal(body[key], &doc), "tool %s has no %s", name, key)
		out[name] = doc
	}
	return out
}

func TestSchemaRequiresTheContractsFields(t *testing.T) {
	want := map[string][]string{
		mcp.ToolRead:       {"file_path"},
		mcp.ToolEdit:       {"file_path", "old_string", "new_string"},
		mcp.ToolMultiEdit:  {"file_path", "edits"},
		mcp.ToolApplyPatch: {"patch"},
		mcp.ToolLog:        nil,
	}
	for _, format := range []string{FormatJSONSchema, FormatOpenAI, FormatAnthropic} {
		schemas := renderedSchemas(t, format)
		for tool, req := range want {
			doc, ok := schemas[tool]
			require.True(t, ok, "%s: tool %s missing", format, tool)
			assert.Equal(t, "object", doc.Type, "%s/%s", format, tool)
			assert.ElementsMatch(t, req, doc.Required, "%s/%s required", format, tool)
			require.NotNil(t, doc.AdditionalProperties, "%s/%s: unknown fields must be refused", format, tool)
			assert.False(t, *doc.AdditionalProperties, "%s/%s", format, tool)
		}
	}
}

func TestSchemaEveryPropertyDescribed(t *testing.T) {
	defs, err := Tools()
	require.NoError(t, err)
	for _, d := range defs {
		assert.NotEmpty(t, d.Description, d.Name)
		for name, p := range d.InputSchema.Properties {
			assert.NotEmpty(t, p.Description, "%s.%s has no description", d.Name, name)
		}
	}
}

func TestSchemaStatesEnumsAndBounds(t *testing.T) {
	defs, err := Tools()
	require.NoError(t, err)
	byName := map[string]ToolDef{}
	for _, d := range defs {
		byName[d.Name] = d
	}
	edit := byName[mcp.ToolEdit].InputSchema.Properties
	modes := make([]any, 0, len(engine.MatchModes))
	for _, m := range engine.MatchModes {
		modes = append(modes, string(m))
	}
	assert.Equal(t, modes, edit["match_mode"].Enum, "edit.match_mode lists SPEC 3's modes")
	assert.Equal(t, 1.0, *edit["expected_replacements"].Minimum)
	edits := byName[mcp.ToolMultiEdit].InputSchema.Properties["edits"]
	assert.Equal(t, 1, *edits.MinItems, "multiedit.edits must not be empty")
	item := edits.Items
	require.NotNil(t, item)
	assert.Equal(t, modes, item.Properties["match_mode"].Enum, "multiedit item match_mode")
	assert.ElementsMatch(t, []string{"old_string", "new_string"}, item.Required)
}

func TestToolsComeInOrderAndDescribeTheirRules(t *testing.T) {
	defs, err := Tools()
	require.NoError(t, err)
	var names []string
	for _, d := range defs {
		names = append(names, d.Name)
	}
	for _, n := range []string{mcp.ToolRead, mcp.ToolEdit, mcp.ToolMultiEdit, mcp.ToolApplyPatch, mcp.ToolLog} {
		assert.True(t, slices.Contains(names, n), "tool %s", n)
	}
	// The descriptions state the rules agents trip on.
	desc := map[string][]string{
		mcp.ToolRead:       {"expected_hash", "offset"},
		mcp.ToolEdit:       {"exactly one", "replace_all", "expected_hash", "tolerant", "ambiguous"},
		mcp.ToolMultiEdit:  {"in order", "atomic", "nothing is written"},
		mcp.ToolApplyPatch: {"*** Begin Patch", "unified diff", "none do"},
	}
	for _, d := range defs {
		for _, phrase := range desc[d.Name] {
			assert.Contains(t, d.Description, phrase, "%s description", d.Name)
		}
	}
}

func TestSchemaIsValidJSONWithoutHTMLEscapes(t *testing.T) {
	raw, err := Schema(FormatOpenAI)
	require.NoError(t, err)
	assert.True(t, json.Valid(raw))
	assert.False(t, bytes.Contains(raw, []byte(`\u003c`)), "< must not be escaped")
	assert.True(t, bytes.HasSuffix(raw, []byte("]\n")))
}

func TestSchemaStatesPlainTypes(t *testing.T) {
	for _, format := range []string{FormatJSONSchema, FormatOpenAI, FormatAnthropic} {
		raw, err := Schema(format)
		require.NoError(t, err)
		assert.NotContains(t, string(raw), `"null"`, "%s: Go slices and pointers must not leak nullable types", format)
	}
}
