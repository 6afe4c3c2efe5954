package spec

// EditRequest is the edit request of docs/reference.md#edit.
type EditRequest struct {
	FilePath             string `json:"file_path" jsonschema:"path of the file to edit, relative to the repository's working directory or absolute inside it"`
	OldString            string `json:"old_string" jsonschema:"text to replace; must match exactly one place unless replace_all is set; empty writes the whole file"`
	NewString            string `json:"new_string" jsonschema:"replacement text; empty deletes the matched text"`
	ReplaceAll           bool   `json:"replace_all,omitempty" jsonschema:"replace every occurrence instead of requiring a unique match"`
	MatchMode            string `json:"match_mode,omitempty" jsonschema:"matching strategy: auto (default), exact, line_trimmed, whitespace_normalized, indentation_flexible, escape_normalized, unicode_normalized, trimmed_boundary, block_anchor, context_aware"`
	ExpectedReplacements *int   `json:"expected_replacements,omitempty" jsonschema:"fail unless exactly this many occurrences would be replaced"`
	DryRun               bool   `json:"dry_run,omitempty" jsonschema:"compute the result and diff but write nothing"`
	ExpectedHash         string `json:"expected_hash,omitempty" jsonschema:"git blob id of the file's current content (from read or git hash-object); the edit is refused if the file changed"`
}

// EditItem is one item of a multiedit (docs/reference.md#multiedit).
type EditItem struct {
	OldString            string `json:"old_string" jsonschema:"text to replace, matched in the result of the previous edits"`
	NewString            string `json:"new_string" jsonschema:"replacement text"`
	ReplaceAll           bool   `json:"replace_all,omitempty" jsonschema:"replace every occurrence"`
	MatchMode            string `json:"match_mode,omitempty" jsonschema:"matching strategy (see edit)"`
	ExpectedReplacements *int   `json:"expected_replacements,omitempty" jsonschema:"fail unless exactly this many occurrences would be replaced"`
}

// MultiEditRequest is the multiedit request of docs/reference.md#multiedit.
type MultiEditRequest struct {
	FilePath     string     `json:"file_path" jsonschema:"path of the file to edit"`
	Edits        []EditItem `json:"edits" jsonschema:"edits applied in order, each to the result of the previous one; all or nothing unless partial"`
	ExpectedHash string     `json:"expected_hash,omitempty" jsonschema:"git blob id of the file's current content"`
	DryRun       bool       `json:"dry_run,omitempty" jsonschema:"compute the result and diff but write nothing"`
	Partial      bool       `json:"partial,omitempty" jsonschema:"skip failing edits instead of refusing the whole request"`
}

// PatchRequest is a patch (docs/reference.md#patch): a git diff, a unified diff or a
// "*** Begin Patch" envelope.
type PatchRequest struct {
	Patch  string `json:"patch" jsonschema:"a git diff, a unified diff (diff -u) or a *** Begin Patch ... *** End Patch envelope"`
	DryRun bool   `json:"dry_run,omitempty" jsonschema:"check that the patch applies but write nothing"`
}

// BatchRequest is the batch request of docs/reference.md#batch: several operations, one
// atomic batch.
type BatchRequest struct {
	Message    string      `json:"message,omitempty"`
	Operations []Operation `json:"operations"`
}

// Tool names an operation kind; it is also the Edit-Tool trailer value.
type Tool string

// The tools of docs/reference.md#commit-messages-and-trailers.
const (
	ToolEdit      Tool = "edit"
	ToolMultiEdit Tool = "multiedit"
	ToolBatch     Tool = "batch"
	ToolPatch     Tool = "patch"
	ToolRecipe    Tool = "recipe"
	ToolUndo      Tool = "undo"
)

// Operation is one request of any kind: exactly one of the pointers is set,
// matching Tool.
type Operation struct {
	Tool      Tool
	Edit      *EditRequest
	MultiEdit *MultiEditRequest
	Batch     *BatchRequest
	Patch     *PatchRequest
}
