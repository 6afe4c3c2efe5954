package gitedit

import "context"

// Edit applies one edit request (SPEC 2.1) as one batch.
func (r *Repo) Edit(ctx context.Context, req EditRequest, opt Options) (*Result, error) {
	panic("unimplemented")
}

// MultiEdit applies a multiedit request (SPEC 2.2) as one batch.
func (r *Repo) MultiEdit(ctx context.Context, req MultiEditRequest, opt Options) (*Result, error) {
	panic("unimplemented")
}

// Batch applies several operations as one atomic batch (SPEC 2.3).
func (r *Repo) Batch(ctx context.Context, req BatchRequest, opt Options) (*Result, error) {
	panic("unimplemented")
}

// Patch applies a patch (SPEC 2.4) as one atomic batch.
func (r *Repo) Patch(ctx context.Context, req PatchRequest, opt Options) (*Result, error) {
	panic("unimplemented")
}

// Apply runs any operation.
func (r *Repo) Apply(ctx context.Context, op Operation, opt Options) (*Result, error) {
	switch op.Tool {
	case ToolEdit:
		return r.Edit(ctx, *op.Edit, opt)
	case ToolMultiEdit:
		return r.MultiEdit(ctx, *op.MultiEdit, opt)
	case ToolBatch:
		return r.Batch(ctx, *op.Batch, opt)
	case ToolPatch:
		return r.Patch(ctx, *op.Patch, opt)
	}
	return nil, errorf(CodeInvalidInput, "unknown tool %q", op.Tool)
}

// HashResult is one line of `gitedit hash`.
type HashResult struct {
	FilePath string `json:"file_path"`
	Blob     string `json:"blob"`
}

// Hash returns the blob id of each file's working-tree content, as git
// hash-object prints it.
func (r *Repo) Hash(ctx context.Context, paths []string) ([]HashResult, error) {
	panic("unimplemented")
}

// ReadRequest asks for numbered lines of a file.
type ReadRequest struct {
	FilePath string `json:"file_path" jsonschema:"path of the file to read"`
	Offset   int    `json:"offset,omitempty" jsonschema:"1-based line to start at (default 1)"`
	Limit    int    `json:"limit,omitempty" jsonschema:"maximum number of lines (default 2000)"`
}

// ReadResult is the answer of Read.
type ReadResult struct {
	FilePath   string `json:"file_path"`
	Blob       string `json:"blob"`
	Content    string `json:"content"` // numbered lines, "     1\tline"
	StartLine  int    `json:"start_line"`
	EndLine    int    `json:"end_line"`
	TotalLines int    `json:"total_lines"`
	Truncated  bool   `json:"truncated"`
}

// Read returns numbered lines of a file with its blob id.
func (r *Repo) Read(ctx context.Context, req ReadRequest) (*ReadResult, error) {
	panic("unimplemented")
}
