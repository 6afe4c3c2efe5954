package schemagen

import (
	"fmt"
	"slices"
	"sort"
)

// The published rules of the hosts' strict modes, as this checker
// encodes them:
//
// OpenAI, Structured Outputs' supported schemas
// (platform.openai.com/docs/guides/structured-outputs#supported-schemas):
// the function has "strict": true; the root is an object (not anyOf);
// every object has additionalProperties false and lists every property in
// required; an optional field is a union with null; the keywords are
// those listed as supported (type, properties, required,
// additionalProperties, description, enum, const, items, anyOf, $ref,
// $defs; pattern and format for strings; minimum, maximum,
// exclusiveMinimum, exclusiveMaximum, multipleOf for numbers; minItems,
// maxItems for arrays); at most 10 levels of nesting, 5000 properties and
// 1000 enum values in all; an enum of a nullable property holds null.
//
// Anthropic, strict tool use's JSON Schema limitations
// (platform.claude.com/docs/en/build-with-claude/structured-outputs): the
// tool has "strict": true; every object has additionalProperties false;
// supported keywords are type, description, enum, const, default,
// properties, required, additionalProperties, items, minItems (0 or 1
// only), anyOf, allOf, $ref, $defs, definitions, format, pattern; not
// supported: minimum, maximum, multipleOf, minLength, maxLength,
// maxItems, any other minItems; over the strict tools of one request at
// most 20 tools, 24 optional properties and 16 properties whose type is
// a union or an anyOf.

// schemaNode is a JSON Schema as decoded into generic JSON.
type schemaNode = map[string]any

// openAIKeywords are the keywords OpenAI's strict mode supports.
var openAIKeywords = []string{"type", "properties", "required", "additionalProperties", "description", "enum",
	"const", "items", "anyOf", "$ref", "$defs", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
	"exclusiveMaximum", "multipleOf", "minItems", "maxItems"}

// anthropicKeywords are the keywords Anthropic's strict mode supports.
var anthropicKeywords = []string{"type", "description", "enum", "const", "default", "properties", "required",
	"additionalProperties", "items", "minItems", "anyOf", "allOf", "$ref", "$defs", "definitions", "format", "pattern"}

// checkOpenAIStrict returns every way the OpenAI tools array tools breaks
// strict mode's rules (none: it conforms).
func checkOpenAIStrict(tools []any) []string {
	var bad []string
	props, enums := 0, 0
	for _, t := range tools {
		fn, _ := asNode(t)["function"].(map[string]any)
		name := fmt.Sprint(fn["name"])
		if fn["strict"] != true {
			bad = append(bad, name+`: "strict" is not true`)
		}
		root := asNode(fn["parameters"])
		if root["type"] != "object" || root["anyOf"] != nil {
			bad = append(bad, name+": the root is not an object")
		}
		walk(root, name, 1, func(n schemaNode, path string, depth int) {
			bad = append(bad, unknownKeywords(n, path, openAIKeywords)...)
			bad = append(bad, closedObject(n, path)...)
			if p, ok := n["properties"].(map[string]any); ok {
				props += len(p)
				if !sameSet(keys(p), stringList(n["required"])) {
					bad = append(bad, path+": not every property is required")
				}
			}
			if e, ok := n["enum"].([]any); ok {
				enums += len(e)
				if slices.Contains(stringList(n["type"]), "null") && !slices.Contains(e, nil) {
					bad = append(bad, path+": a nullable enum without null")
				}
			}
			if depth > 10 {
				bad = append(bad, path+": nested more than 10 levels")
			}
		})
	}
	if props > 5000 || enums > 1000 {
		bad = append(bad, fmt.Sprintf("%d properties, %d enum values: over 5000 or 1000", props, enums))
	}
	return bad
}

// checkAnthropicStrict returns every way the Anthropic tools array tools
// breaks strict tool use's rules (none: it conforms).
func checkAnthropicStrict(tools []any) []string {
	var bad []string
	optional, unions := 0, 0
	for _, t := range tools {
		tool := asNode(t)
		name := fmt.Sprint(tool["name"])
		if tool["strict"] != true {
			bad = append(bad, name+`: "strict" is not true`)
		}
		walk(asNode(tool["input_schema"]), name, 1, func(n schemaNode, path string, _ int) {
			bad = append(bad, unknownKeywords(n, path, anthropicKeywords)...)
			bad = append(bad, closedObject(n, path)...)
			if m, ok := n["minItems"].(float64); ok && m != 0 && m != 1 {
				bad = append(bad, path+": minItems other than 0 or 1")
			}
			if _, union := n["type"].([]any); union || n["anyOf"] != nil {
				unions++
			}
			if p, ok := n["properties"].(map[string]any); ok {
				optional += len(p) - len(stringList(n["required"]))
			}
		})
	}
	if len(tools) > 20 || optional > 24 || unions > 16 {
		bad = append(bad, fmt.Sprintf("%d tools, %d optional properties, %d unions: over 20, 24 or 16", len(tools), optional, unions))
	}
	return bad
}

// walk calls visit for n and every schema in it (properties, items,
// anyOf), with its path and nesting depth.
func walk(n schemaNode, path string, depth int, visit func(schemaNode, string, int)) {
	visit(n, path, depth)
	if p, ok := n["properties"].(map[string]any); ok {
		for _, k := range keys(p) {
			walk(asNode(p[k]), path+"."+k, depth+1, visit)
		}
	}
	if items, ok := n["items"].(map[string]any); ok {
		walk(items, path+"[]", depth+1, visit)
	}
	if alts, ok := n["anyOf"].([]any); ok {
		for i, s := range alts {
			walk(asNode(s), fmt.Sprintf("%s|%d", path, i), depth, visit)
		}
	}
}

// unknownKeywords lists n's keywords that are not among allowed.
func unknownKeywords(n schemaNode, path string, allowed []string) []string {
	var bad []string
	for _, k := range keys(n) {
		if !slices.Contains(allowed, k) {
			bad = append(bad, fmt.Sprintf("%s: keyword %q is not supported", path, k))
		}
	}
	return bad
}

// closedObject checks that an object schema sets additionalProperties
// false.
func closedObject(n schemaNode, path string) []string {
	if !slices.Contains(stringList(n["type"]), "object") && n["properties"] == nil {
		return nil
	}
	if n["additionalProperties"] != false {
		return []string{path + ": additionalProperties is not false"}
	}
	return nil
}

// asNode returns v as a schema node (nil when it is none).
func asNode(v any) schemaNode {
	n, _ := v.(map[string]any)
	return n
}

// stringList returns v, a string or an array of strings, as a slice.
func stringList(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, s := range v {
			if s, ok := s.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// keys returns m's keys, sorted.
func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// sameSet reports whether a and b hold the same strings.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
