package spec

// ReadRequest asks for numbered lines of a file.
type ReadRequest struct {
	// FilePath is the file to read, as EditRequest.FilePath.
	FilePath string `json:"file_path" jsonschema:"path of the file to read"`
	// Offset is the 1-based first line to return; 0 means 1.
	Offset int `json:"offset,omitempty" jsonschema:"1-based line to start at (default 1)"`
	// Limit is the maximum number of lines returned; 0 means 2000.
	Limit int `json:"limit,omitempty" jsonschema:"maximum number of lines (default 2000)"`
}

// ReadResult is the answer of Read.
type ReadResult struct {
	// FilePath is the file read (git-quoted in JSON when not UTF-8).
	FilePath string `json:"file_path"`
	// Blob is the file's blob id: pass it as expected_hash.
	Blob string `json:"blob"`
	// Content holds the numbered lines, "     1\tline".
	Content string `json:"content"`
	// StartLine is the 1-based first line returned.
	StartLine int `json:"start_line"`
	// EndLine is the 1-based last line returned.
	EndLine int `json:"end_line"`
	// TotalLines is the number of lines in the file.
	TotalLines int `json:"total_lines"`
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
