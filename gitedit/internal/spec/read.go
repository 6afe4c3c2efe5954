package spec

// ReadRequest asks for numbered lines of a file.
type ReadRequest struct {
	FilePath string `json:"file_path" jsonschema:"path of the file to read"`
	Offset   int    `json:"offset,omitempty" jsonschema:"1-based line to start at (default 1)"`
	Limit    int    `json:"limit,omitempty" jsonschema:"maximum number of lines (default 2000)"`
}

// ReadResult is the answer of Read.
type ReadResult struct {
	FilePath string `json:"file_path"`
	// Blob is the file's blob id: pass it as expected_hash.
	Blob string `json:"blob"`
	// Content holds the numbered lines, "     1\tline".
	Content    string `json:"content"`
	StartLine  int    `json:"start_line"`
	EndLine    int    `json:"end_line"`
	TotalLines int    `json:"total_lines"`
	// Truncated is true when lines after EndLine were left out.
	Truncated bool `json:"truncated"`
}

// OK returns r as docs/reference.md#results prints a read, {"ok": true,
// ...}, its path as JSON carries one (git-quoted when not UTF-8).
func (r *ReadResult) OK() any {
	return struct {
		OK       bool   `json:"ok"`
		FilePath string `json:"file_path"`
		*ReadResult
	}{true, JSONPath(r.FilePath), r}
}
