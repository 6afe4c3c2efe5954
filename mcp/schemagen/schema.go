package schemagen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/gitedit/gitedit/mcp"
)

// The formats of `gitedit schema --format`.
const (
	FormatJSONSchema = mcp.FormatJSONSchema
	FormatOpenAI     = mcp.FormatOpenAI
	FormatAnthropic  = mcp.FormatAnthropic
)

// draft is the JSON Schema dialect of the generated schemas.
const draft = "https://json-schema.org/draft/2020-12/schema"

// Schema returns the tool definitions for function calling, as indented
// JSON ending in a newline, in one of the formats:
//
//   - "jsonschema" (or ""): [{"name", "description", "inputSchema"}], the
//     shape of MCP's tools/list, each schema naming its $schema dialect;
//   - "openai": [{"type": "function", "function": {"name", "description",
//     "parameters"}}], the tools array of the Chat Completions API;
//   - "anthropic": [{"name", "description", "input_schema"}], the tools
//     array of the Messages API.
//
// An unknown format is an error naming the accepted ones.
func Schema(format string) ([]byte, error) {
	return render(format, formats)
}

// StrictSchema is Schema for the hosts' strict modes (see strict.go):
// "openai" or "anthropic", each tool with "strict": true.
func StrictSchema(format string) ([]byte, error) {
	return render(format, strictFormats)
}

// render renders every tool in format, one of those of byFormat.
func render(format string, byFormat map[string]func(ToolDef) any) ([]byte, error) {
	defs, err := Tools()
	if err != nil {
		return nil, err
	}
	render, ok := byFormat[format]
	if !ok {
		names := slices.Sorted(maps.Keys(byFormat))
		return nil, fmt.Errorf("unknown schema format %q (expected one of %s)", format, strings.Join(slices.DeleteFunc(names, func(n string) bool { return n == "" }), ", "))
	}
	out := make([]any, len(defs))
	for i, d := range defs {
		out[i] = render(d)
	}
	return indentJSON(out)
}

// strictFormats renders one tool definition per format, for strict mode.
var strictFormats = map[string]func(ToolDef) any{
	FormatOpenAI: func(d ToolDef) any {
		return struct {
			Type     string               `json:"type"`
			Function strictOpenAIFunction `json:"function"`
		}{"function", strictOpenAIFunction{d.Name, d.Description, true, openAIStrictSchema(d.InputSchema)}}
	},
	FormatAnthropic: func(d ToolDef) any {
		return struct {
			Name        string             `json:"name"`
			Description string             `json:"description"`
			Strict      bool               `json:"strict"`
			InputSchema *jsonschema.Schema `json:"input_schema"`
		}{d.Name, d.Description, true, anthropicStrictSchema(d.InputSchema)}
	},
}

// strictOpenAIFunction is a function definition of the OpenAI tools
// array in strict mode.
type strictOpenAIFunction struct {
	Name        string             `json:"name"`
	Description string             `json:"description"`
	Strict      bool               `json:"strict"`
	Parameters  *jsonschema.Schema `json:"parameters"`
}

// formats renders one tool definition per format.
var formats = map[string]func(ToolDef) any{
	"":               jsonSchemaTool,
	FormatJSONSchema: jsonSchemaTool,
	FormatOpenAI:     openAITool,
	FormatAnthropic:  anthropicTool,
}

// jsonSchemaTool is a tool as MCP lists it, its schema naming its dialect.
func jsonSchemaTool(d ToolDef) any {
	s := d.InputSchema.CloneSchemas()
	s.Schema = draft
	return struct {
		Name        string             `json:"name"`
		Description string             `json:"description"`
		InputSchema *jsonschema.Schema `json:"inputSchema"`
	}{d.Name, d.Description, s}
}

// openAIFunction is a function definition of the OpenAI tools array.
type openAIFunction struct {
	Name        string             `json:"name"`
	Description string             `json:"description"`
	Parameters  *jsonschema.Schema `json:"parameters"`
}

// openAITool is a tool of the OpenAI Chat Completions API.
func openAITool(d ToolDef) any {
	return struct {
		Type     string         `json:"type"`
		Function openAIFunction `json:"function"`
	}{"function", openAIFunction{d.Name, d.Description, d.InputSchema}}
}

// anthropicTool is a tool of the Anthropic Messages API.
func anthropicTool(d ToolDef) any {
	return struct {
		Name        string             `json:"name"`
		Description string             `json:"description"`
		InputSchema *jsonschema.Schema `json:"input_schema"`
	}{d.Name, d.Description, d.InputSchema}
}

// indentJSON marshals v with two-space indentation, HTML characters kept
// as they are, and a final newline.
func indentJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode tool definitions: %w", err)
	}
	return b.Bytes(), nil
}
