// Package schemagen generates the JSON Schemas of the MCP tools' inputs
// from the request types the library decodes (package jsonschema-go, by
// reflection), in the formats of function-calling hosts. The gitedit
// binary does not link it: it serves and prints the files this package's
// test writes into mcp/schemas (go test ./mcp/schemagen -update), which
// the test keeps equal to what it generates.
package schemagen

import (
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/mcp"
)

// ToolDef is one tool as function-calling hosts see it: its name, its
// description and the JSON Schema of its input object.
type ToolDef struct {
	Name        string
	Description string
	// InputSchema is generated from the request type the library decodes.
	InputSchema *jsonschema.Schema
	// ReadOnly is true for the tools that never change the repository.
	ReadOnly bool
}

// toolDefs builds every tool definition once.
var toolDefs = sync.OnceValues(func() ([]ToolDef, error) {
	specs := mcp.Specs()
	defs := make([]ToolDef, 0, len(specs))
	for _, sp := range specs {
		s, err := inputSchema(sp.Input)
		if err != nil {
			return nil, fmt.Errorf("tool %s: %w", sp.Name, err)
		}
		defs = append(defs, ToolDef{Name: sp.Name, Description: sp.Description, InputSchema: s, ReadOnly: sp.ReadOnly})
	}
	return defs, nil
})

// Tools returns the definitions of every tool, in the order agents see
// them. The schemas are shared: callers must not modify them.
func Tools() ([]ToolDef, error) { return toolDefs() }

// inputSchema generates the JSON Schema of a request type from its `json`
// and `jsonschema` struct tags, then adds the value constraints tags cannot
// state.
func inputSchema(t reflect.Type) (*jsonschema.Schema, error) {
	s, err := jsonschema.ForType(t, nil)
	if err != nil {
		return nil, fmt.Errorf("generate schema of %s: %w", t, err)
	}
	refine(s)
	return s, nil
}

// refine walks a generated schema, states every property's plain type,
// and applies the constraint of each known property name (see
// constraints).
func refine(s *jsonschema.Schema) {
	for name, p := range s.Properties {
		plainType(p)
		if c, ok := constraints[name]; ok {
			c(p)
		}
		refine(p)
	}
	if s.Items != nil {
		refine(s.Items)
	}
}

// plainType turns the nullable types generated for Go slices and
// pointers (["null", "array"]) into the plain type: the decoders take null
// as an absent optional field (and refuse it for a required one), and a
// single type is what every function-calling host understands.
func plainType(p *jsonschema.Schema) {
	types := slices.DeleteFunc(slices.Clone(p.Types), func(t string) bool { return t == "null" })
	if len(p.Types) > 0 && len(types) == 1 {
		p.Type, p.Types = types[0], nil
	}
}

// constraints are the value rules of docs/reference.md (requests, match modes) that the decoders
// enforce, keyed by the property they apply to wherever it occurs.
var constraints = map[string]func(*jsonschema.Schema){
	"match_mode":            func(p *jsonschema.Schema) { p.Enum = matchModeNames() },
	"expected_replacements": func(p *jsonschema.Schema) { p.Minimum = jsonschema.Ptr(1.0) },
	"edits":                 func(p *jsonschema.Schema) { p.MinItems = jsonschema.Ptr(1) },
	"offset":                func(p *jsonschema.Schema) { p.Minimum = jsonschema.Ptr(0.0) },
	"limit":                 func(p *jsonschema.Schema) { p.Minimum = jsonschema.Ptr(0.0) },
}

// matchModeNames lists the match modes of docs/reference.md#match-modes as schema enum values.
func matchModeNames() []any {
	names := make([]any, len(engine.MatchModes))
	for i, m := range engine.MatchModes {
		names[i] = string(m)
	}
	return names
}
