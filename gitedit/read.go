package gitedit

import (
	"context"
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Read limits.
const (
	// DefaultReadLimit is how many lines Read returns when no limit is given.
	DefaultReadLimit = 2000
	// maxLineLen is the longest line Read shows; longer lines are cut.
	maxLineLen = 2000
)

// Read returns numbered lines of a file with its blob id. Binary files are
// refused (binary_file).
func (r *Repo) Read(ctx context.Context, req ReadRequest) (*ReadResult, error) {
	if req.Offset < 0 || req.Limit < 0 {
		return nil, spec.Errorf(CodeInvalidInput, "offset and limit must not be negative")
	}
	st, err := r.core.ReadPath(req.FilePath)
	if err != nil {
		return nil, err
	}
	if repo.IsBinary(st.Content) {
		return nil, &Error{Code: CodeBinaryFile, FilePath: st.Rel, Message: "the file is binary (it contains a NUL byte)"}
	}
	blob, err := r.core.BlobOf(st)
	if err != nil {
		return nil, err
	}
	res := &ReadResult{FilePath: st.Rel, Blob: blob}
	numberLines(res, string(st.Content), req)
	if res.StartLine > res.TotalLines && res.TotalLines > 0 {
		return nil, &Error{Code: CodeInvalidInput, FilePath: st.Rel, Message: fmt.Sprintf("offset %d is past the end of the file (%d lines)", req.Offset, res.TotalLines)}
	}
	return res, nil
}

// numberLines fills the line window of res.
func numberLines(res *ReadResult, text string, req ReadRequest) {
	lines := splitLines(text)
	start, limit := max(req.Offset, 1), req.Limit
	if limit == 0 {
		limit = DefaultReadLimit
	}
	end := min(start-1+limit, len(lines))
	var b strings.Builder
	for i := start - 1; i < end; i++ {
		fmt.Fprintf(&b, "%6d\t%s\n", i+1, cutLine(lines[i]))
	}
	res.Content, res.StartLine, res.EndLine = b.String(), start, end
	res.TotalLines, res.Truncated = len(lines), end < len(lines)
}

// splitLines splits text into lines without their endings (a final line
// ending does not start another line).
func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// cutLine shortens an overlong line for display.
func cutLine(l string) string {
	if len(l) <= maxLineLen {
		return l
	}
	return l[:maxLineLen] + fmt.Sprintf("… (%d more bytes)", len(l)-maxLineLen)
}
