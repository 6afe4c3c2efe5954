package schemagen

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/google/jsonschema-go/jsonschema"
)

// The strict modes of function-calling hosts constrain the schemas they
// take (the rules are encoded, and checked, in this package's tests:
// checkOpenAIStrict and checkAnthropicStrict):
//
//   - OpenAI's strict function calling (Structured Outputs): "strict":
//     true on the function, every property of every object in required
//     (an optional one is nullable, its type a union with "null", an enum
//     with null among its values), additionalProperties false on every
//     object. minimum and minItems are supported.
//   - Anthropic's strict tool use: "strict": true on the tool,
//     additionalProperties false on every object; no numeric bounds
//     (minimum, maximum, multipleOf), no string lengths, minItems 0 or 1
//     only; at most 24 optional properties and 16 with a type union or
//     anyOf over all the strict tools of a request. Optional properties
//     stay optional.
//
// The request decoders read null as an absent optional field, so a
// strict call with nulls is the call without those fields.

// openAIStrictSchema returns a copy of s for OpenAI's strict mode.
func openAIStrictSchema(s *jsonschema.Schema) *jsonschema.Schema {
	c := s.CloneSchemas()
	requireAll(c)
	return c
}

// requireAll makes every property of every object in s required, the
// optional ones nullable.
func requireAll(s *jsonschema.Schema) {
	if s.Items != nil {
		requireAll(s.Items)
	}
	if s.Properties == nil {
		return
	}
	for _, name := range propertyNames(s) {
		p := s.Properties[name]
		requireAll(p)
		if !slices.Contains(s.Required, name) {
			nullable(p)
			s.Required = append(s.Required, name)
		}
	}
}

// nullable lets p be null as well: its type becomes a union with "null"
// and null joins its enum.
func nullable(p *jsonschema.Schema) {
	if p.Type != "" {
		p.Types, p.Type = []string{p.Type, "null"}, ""
	}
	if p.Enum != nil {
		p.Enum = append(p.Enum, nil)
	}
}

// anthropicStrictSchema returns a copy of s for Anthropic's strict mode:
// the bounds it refuses move into the descriptions.
func anthropicStrictSchema(s *jsonschema.Schema) *jsonschema.Schema {
	c := s.CloneSchemas()
	dropBounds(c)
	return c
}

// dropBounds removes from s and every schema in it the keywords
// Anthropic's strict mode refuses, saying each bound in the description.
func dropBounds(s *jsonschema.Schema) {
	if s.Minimum != nil {
		s.Description += fmt.Sprintf(" (at least %s)", strconv.FormatFloat(*s.Minimum, 'f', -1, 64))
		s.Minimum = nil
	}
	if s.MinItems != nil && *s.MinItems > 1 {
		s.Description += fmt.Sprintf(" (at least %d items)", *s.MinItems)
		s.MinItems = nil
	}
	if s.Items != nil {
		dropBounds(s.Items)
	}
	for _, name := range propertyNames(s) {
		dropBounds(s.Properties[name])
	}
}

// propertyNames lists s's properties in their rendering order.
func propertyNames(s *jsonschema.Schema) []string {
	names := slices.Clone(s.PropertyOrder)
	var rest []string
	for name := range s.Properties {
		if !slices.Contains(names, name) {
			rest = append(rest, name)
		}
	}
	slices.Sort(rest)
	return append(names, rest...)
}
