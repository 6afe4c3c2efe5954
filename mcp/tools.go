package mcp

import (
	"reflect"

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

// ToolSpec is one tool as the server knows it: its name, its
// description, the request type its input schema is generated from
// (package schemagen), and whether it never changes the repository.
type ToolSpec struct {
	Name, Description string
	Input             reflect.Type
	ReadOnly          bool
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
	descUndo = "Take back your newest change (the newest batch of this server's own session), in the server's mode: " +
		"a three-way merge, so what others changed since stays; a conflict is refused (conflict) and changes nothing. " +
		"all: true takes back every change of your session; session names another session (only when you mean " +
		"another agent's work); commit reverts that gitedit commit instead."
	descLog = "List the commits gitedit made on the current branch, newest first, with the tool, files, blob ids, " +
		"session and agent of each. Filter by session, agent or file."
)

// Specs lists the tools in the order the schemas list them.
func Specs() []ToolSpec {
	out := []ToolSpec{
		{ToolRead, descRead, reflect.TypeFor[gitedit.ReadRequest](), true},
		{ToolEdit, descEdit, reflect.TypeFor[gitedit.EditRequest](), false},
		{ToolMultiEdit, descMultiEdit, reflect.TypeFor[gitedit.MultiEditRequest](), false},
		{ToolApplyPatch, descApplyPatch, reflect.TypeFor[gitedit.PatchRequest](), false},
	}
	out = append(out, undoSpecs()...)
	return append(out, ToolSpec{ToolLog, descLog, reflect.TypeFor[gitedit.LogRequest](), true})
}
