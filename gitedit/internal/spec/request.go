package spec

// EditRequest is the edit request of docs/reference.md#edit.
type EditRequest struct {
	// FilePath is the file to edit: relative to the folder the repository was
	// opened from, or absolute inside the working tree.
	FilePath string `json:"file_path" jsonschema:"path of the file to edit, relative to the repository's working directory or absolute inside it"`
	// OldString is the text to replace; it must match exactly one place unless
	// ReplaceAll is set. Empty writes the whole file: a missing file is
	// created, an existing non-empty one overwritten only with ExpectedHash.
	OldString string `json:"old_string" jsonschema:"text to replace; must match exactly one place unless replace_all is set; empty writes the whole file"`
	// NewString is the replacement; empty deletes the matched text.
	NewString string `json:"new_string" jsonschema:"replacement text; empty deletes the matched text"`
	// ReplaceAll replaces every match instead of requiring a unique one.
	ReplaceAll bool `json:"replace_all,omitempty" jsonschema:"replace every occurrence instead of requiring a unique match"`
	// MatchMode names the match mode (docs/reference.md#match-modes); "" means
	// auto.
	MatchMode string `json:"match_mode,omitempty" jsonschema:"matching strategy: auto (default), exact, line_trimmed, whitespace_normalized, indentation_flexible, escape_normalized, unicode_normalized, trimmed_boundary, block_anchor, context_aware"`
	// ExpectedReplacements, when set, refuses the edit (count_mismatch) unless
	// exactly this many matches would be replaced.
	ExpectedReplacements *int `json:"expected_replacements,omitempty" jsonschema:"fail unless exactly this many occurrences would be replaced"`
	// DryRun computes the result and its diff and writes nothing.
	DryRun bool `json:"dry_run,omitempty" jsonschema:"compute the result and diff but write nothing"`
	// ExpectedHash is the blob id the file must have now (from read or git
	// hash-object; a unique prefix of 7 or more hex digits will do); the edit
	// is refused (hash_mismatch) otherwise.
	ExpectedHash string `json:"expected_hash,omitempty" jsonschema:"git blob id of the file's current content (from read or git hash-object); the edit is refused if the file changed"`
}

// EditItem is one item of a multiedit (docs/reference.md#multiedit).
type EditItem struct {
	// OldString is the text to replace, matched in the result of the previous
	// items.
	OldString string `json:"old_string" jsonschema:"text to replace, matched in the result of the previous edits"`
	// NewString is the replacement; empty deletes the matched text.
	NewString string `json:"new_string" jsonschema:"replacement text"`
	// ReplaceAll replaces every match instead of requiring a unique one.
	ReplaceAll bool `json:"replace_all,omitempty" jsonschema:"replace every occurrence"`
	// MatchMode names the item's match mode; "" takes the request's default
	// (auto).
	MatchMode string `json:"match_mode,omitempty" jsonschema:"matching strategy (see edit)"`
	// ExpectedReplacements, when set, refuses the item unless exactly this
	// many matches would be replaced.
	ExpectedReplacements *int `json:"expected_replacements,omitempty" jsonschema:"fail unless exactly this many occurrences would be replaced"`
}

// MultiEditRequest is the multiedit request of docs/reference.md#multiedit.
type MultiEditRequest struct {
	// FilePath is the file to edit, as EditRequest.FilePath.
	FilePath string `json:"file_path" jsonschema:"path of the file to edit"`
	// Edits are applied in order, each to the result of the previous one; all
	// or nothing unless Partial.
	Edits []EditItem `json:"edits" jsonschema:"edits applied in order, each to the result of the previous one; all or nothing unless partial"`
	// ExpectedHash is the blob id the file must have now, as
	// EditRequest.ExpectedHash.
	ExpectedHash string `json:"expected_hash,omitempty" jsonschema:"git blob id of the file's current content"`
	// DryRun computes the result and its diff and writes nothing.
	DryRun bool `json:"dry_run,omitempty" jsonschema:"compute the result and diff but write nothing"`
	// Partial skips the items that fail (Result.EditsFailed, exit status 3)
	// instead of refusing the whole request.
	Partial bool `json:"partial,omitempty" jsonschema:"skip failing edits instead of refusing the whole request"`
}

// PatchRequest is a patch (docs/reference.md#patch): a git diff, a unified diff or a
// "*** Begin Patch" envelope.
type PatchRequest struct {
	// Patch is the patch text: a git diff, a unified diff (diff -u), an mbox
	// of git format-patch emails or a "*** Begin Patch" envelope.
	Patch string `json:"patch" jsonschema:"a git diff, a unified diff (diff -u) or a *** Begin Patch ... *** End Patch envelope"`
	// DryRun checks that the patch applies and writes nothing.
	DryRun bool `json:"dry_run,omitempty" jsonschema:"check that the patch applies but write nothing"`
}

// BatchRequest is the batch request of docs/reference.md#batch: several operations, one
// atomic batch.
type BatchRequest struct {
	// Message is the commit message of the batch (subject, blank line, body);
	// empty means a generated subject.
	Message string `json:"message,omitempty"`
	// Operations are the requests of the batch, applied in order as one atomic
	// batch: all of them or none.
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
	ToolLand      Tool = "land"
)

// Operation is one request of any kind: exactly one of the pointers is set,
// matching Tool.
type Operation struct {
	// Tool says which of the request fields below is set.
	Tool Tool
	// Edit is the request when Tool is ToolEdit.
	Edit *EditRequest
	// MultiEdit is the request when Tool is ToolMultiEdit.
	MultiEdit *MultiEditRequest
	// Batch is the request when Tool is ToolBatch.
	Batch *BatchRequest
	// Patch is the request when Tool is ToolPatch.
	Patch *PatchRequest
}
