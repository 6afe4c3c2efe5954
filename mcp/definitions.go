package mcp

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// The formats of `gitedit schema --format`.
const (
	FormatJSONSchema = "jsonschema" // MCP's tools/list, each schema naming its dialect
	FormatOpenAI     = "openai"     // the tools array of OpenAI's Chat Completions API
	FormatAnthropic  = "anthropic"  // the tools array of Anthropic's Messages API
)

// Formats are the formats in the order the help lists them.
var Formats = []string{FormatJSONSchema, FormatOpenAI, FormatAnthropic}

// schemaFiles are the tools' definitions in every format, as package
// schemagen generates them from the request types (its test keeps them
// equal): the server and gitedit schema serve them without linking a
// JSON Schema generator.
//
//go:embed schemas/*.json
var schemaFiles embed.FS

// SchemaFile is the name, under schemas/, of the definitions in format
// (strict: for the host's strict mode, which only openai and anthropic
// have).
func SchemaFile(format string, strict bool) string {
	if strict {
		return format + "-strict.json"
	}
	return format + ".json"
}

// Definitions returns the tools' definitions in format as indented JSON,
// and false for an unknown format (or strict jsonschema).
func Definitions(format string, strict bool) ([]byte, bool) {
	if !slices.Contains(Formats, format) || strict && format == FormatJSONSchema {
		return nil, false
	}
	data, err := schemaFiles.ReadFile("schemas/" + SchemaFile(format, strict))
	return data, err == nil
}

// listedTool is a tool as tools/list lists it.
type listedTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
	Annotations annotations     `json:"annotations"`
}

// annotations are a tool's hints to the client.
type annotations struct {
	ReadOnlyHint   bool `json:"readOnlyHint"`
	IdempotentHint bool `json:"idempotentHint"`
	OpenWorldHint  bool `json:"openWorldHint"`
}

// listedTools is the tools array of tools/list, built once: the
// jsonschema definitions without their $schema, annotated, sorted by
// name (as the official SDK lists them).
var listedTools = sync.OnceValues(func() (json.RawMessage, error) {
	data, _ := Definitions(FormatJSONSchema, false)
	var tools []listedTool
	if err := json.Unmarshal(data, &tools); err != nil {
		return nil, fmt.Errorf("the embedded tool definitions: %w", err)
	}
	readOnly := map[string]bool{}
	for _, sp := range Specs() {
		readOnly[sp.Name] = sp.ReadOnly
	}
	for i, t := range tools {
		var schema map[string]json.RawMessage
		if err := json.Unmarshal(t.InputSchema, &schema); err != nil {
			return nil, fmt.Errorf("the embedded schema of %s: %w", t.Name, err)
		}
		delete(schema, "$schema")
		tools[i].InputSchema, _ = json.Marshal(schema)
		ro := readOnly[t.Name]
		tools[i].Annotations = annotations{ReadOnlyHint: ro, IdempotentHint: ro}
	}
	slices.SortFunc(tools, func(a, b listedTool) int { return strings.Compare(a.Name, b.Name) })
	return json.Marshal(tools)
})
