package mcp

import (
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit"
)

// Tool names, as agents see them.
const (
	ToolRead       = "read"
	ToolEdit       = "edit"
	ToolMultiEdit  = "multiedit"
	ToolApplyPatch = "apply_patch"
	ToolUndo       = "undo"
	ToolLog        = "log"
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

// toolSpec is the static part of a tool: the request type its schema is
// generated from.
type toolSpec struct {
	name, description string
	input             reflect.Type
	readOnly          bool
}

// The tool descriptions: short, and precise about the rules an agent
// trips on.
const (
	descRead = "Read a file of the repository as numbered lines (\"     1\\tline\"; the number and tab are not part of the file) " +
		"with its git blob id. Pass the blob id as expected_hash to edit or multiedit: the edit is then refused " +
		"(hash_mismatch) if the file changed since you read it. At most limit lines (default 2000) are shown; " +
		"page through long files with offset."
	descEdit = "Replace old_string with new_string in one file. old_string must match exactly one place: 0 matches " +
		"is not_found, several is ambiguous (with their line numbers), so include enough surrounding lines to make " +
		"it unique, or set replace_all to change every occurrence. Matching is tolerant by default (match_mode auto): " +
		"if old_string is not found exactly, differences in whitespace, indentation, escapes or typographic quotes are " +
		"tolerated only when the tolerant match is still unique, and the result names the strategy used. Empty " +
		"old_string writes the whole file (creating it; an existing non-empty file needs expected_hash). Pass " +
		"expected_hash (the blob id from read or from the previous edit) to refuse the edit if the file changed. " +
		"The change is written, staged in git, and committed when the server runs in commit mode."
	descMultiEdit = "Apply several edits to one file as one atomic change: the edits apply in order, each to the result " +
		"of the previous one, and if any edit fails nothing is written and the error names the failing edit (1-based). " +
		"Each edit follows the rules of the edit tool (a unique match unless replace_all). Set partial to skip the " +
		"failing edits instead. Prefer one multiedit over several edit calls on the same file."
	descApplyPatch = "Apply a patch to one or more files as one atomic change: all files apply or none do. The patch is " +
		"a *** Begin Patch ... *** End Patch envelope (*** Add File:, *** Update File: with @@ context hunks and " +
		"*** Move to:, *** Delete File:, *** End of File), a git diff, or a unified diff (diff -u)."
	descUndo = "Revert a commit gitedit made (default: the newest one on the branch) with a new commit, so undo itself " +
		"can be undone. A conflict with later changes is refused (conflict) and changes nothing. Only commits can be " +
		"undone: the server must run in commit mode."
	descLog = "List the commits gitedit made on the current branch, newest first, with the tool, files, blob ids, " +
		"session and agent of each. Filter by session, agent or file."
)

// specs lists the tools in the order agents see them.
func specs() []toolSpec {
	out := []toolSpec{
		{ToolRead, descRead, reflect.TypeFor[gitedit.ReadRequest](), true},
		{ToolEdit, descEdit, reflect.TypeFor[gitedit.EditRequest](), false},
		{ToolMultiEdit, descMultiEdit, reflect.TypeFor[gitedit.MultiEditRequest](), false},
		{ToolApplyPatch, descApplyPatch, reflect.TypeFor[gitedit.PatchRequest](), false},
	}
	out = append(out, undoSpecs()...)
	return append(out, toolSpec{ToolLog, descLog, reflect.TypeFor[gitedit.LogRequest](), true})
}

// toolDefs builds every tool definition once.
var toolDefs = sync.OnceValues(func() ([]ToolDef, error) {
	specs := specs()
	defs := make([]ToolDef, 0, len(specs))
	for _, sp := range specs {
		s, err := inputSchema(sp.input)
		if err != nil {
			return nil, fmt.Errorf("tool %s: %w", sp.name, err)
		}
		defs = append(defs, ToolDef{Name: sp.name, Description: sp.description, InputSchema: s, ReadOnly: sp.readOnly})
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
