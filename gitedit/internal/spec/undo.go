package spec

// UndoRequest asks to revert a gitedit commit (docs/reference.md#commands, `gitedit undo`).
type UndoRequest struct {
	// Commit is the gitedit commit to revert (an id, HEAD~N, a branch or tag);
	// "" takes the newest gitedit commit on the branch not undone yet.
	Commit string `json:"commit,omitempty" jsonschema:"the gitedit commit to revert: an id (7+ hex digits), HEAD~N, a branch or tag; default: the newest gitedit commit on the branch not undone yet (undo commits excepted, but a redo counts as a change)"`
	// DryRun computes the revert and its diff and writes nothing.
	DryRun bool `json:"dry_run,omitempty" jsonschema:"compute the revert and its diff but write nothing"`
}
