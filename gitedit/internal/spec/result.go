package spec

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gitedit/gitedit/engine/quote"
)

// Result is the outcome of an applied request (docs/reference.md#results). Its JSON form is
// the --json output.
type Result struct {
	// OK is true for an applied request, a no-op included.
	OK bool `json:"ok"`
	// Tool is the kind of request applied.
	Tool Tool `json:"tool"`
	// Summary is one human-readable line ("Applied 2 edits to src/a.go").
	Summary string `json:"summary"`
	// FilePath is the path of a one-file request, as JSON carries it: a
	// path that is not UTF-8 is git-quoted (see Files for the raw paths).
	FilePath string `json:"file_path,omitempty"`
	// Changed reports whether any file's content changed (would change, with
	// DryRun).
	Changed bool `json:"changed"`
	// Replacements is the number of replacements made in all files.
	Replacements int `json:"replacements"`
	// MatchMode is the match mode used by a one-file request.
	MatchMode string `json:"match_mode,omitempty"`
	// Diff is the unified diff of the change, with --- a/PATH and +++ b/PATH
	// headers, or a "Binary files ... differ" line (docs/reference.md#results).
	Diff string `json:"diff"`
	// Files lists each touched file with its blob ids before and after.
	Files []FileResult `json:"files"`
	// Edits lists the applied edit items of a multiedit or batch, in order.
	Edits []EditResult `json:"edits,omitempty"`
	// EditsApplied is the number of edit items applied.
	EditsApplied int `json:"edits_applied"`
	// EditsFailed lists the items skipped in partial mode, with their errors.
	EditsFailed []EditFailure `json:"edits_failed"`
	// DryRun is true when nothing was written.
	DryRun bool `json:"dry_run"`
	// Staged is true when the index was written with the new blobs (never
	// with NoStage or DryRun).
	Staged bool `json:"staged"`
	// Commit is the new commit's id; nil without commit mode or when
	// nothing changed.
	Commit *string `json:"commit"`
	// Commits lists every commit made, oldest first, when there is more
	// than one (dirty=commit-first makes two).
	Commits []string `json:"commits,omitempty"`
	// Notes are human-readable remarks (a tolerant match was used, a hunk
	// applied at an offset, ...).
	Notes []string `json:"notes,omitempty"`
	// Session is the session the batch was recorded in: set by the MCP
	// server (its own session id) in every result.
	Session string `json:"session,omitempty"`
}

// Partial reports whether some edits were skipped (exit status 3).
func (r *Result) Partial() bool { return len(r.EditsFailed) > 0 }

// FileResult describes one touched file.
type FileResult struct {
	// FilePath is the file's repository-relative path (git-quoted in JSON when
	// not UTF-8).
	FilePath string `json:"file_path"`
	// BlobBefore is the file's blob id before the change (all zeros: the file
	// did not exist).
	BlobBefore string `json:"blob_before"`
	// BlobAfter is the file's blob id after the change (all zeros: the file
	// was deleted).
	BlobAfter string `json:"blob_after"`
	// Created is true for a file the request created.
	Created bool `json:"created"`
	// Deleted is true for a file the request deleted.
	Deleted bool `json:"deleted,omitempty"`
	// RenamedFrom is the file's former path when a patch moved it.
	RenamedFrom string `json:"renamed_from,omitempty"`
	// Replacements is the number of replacements made in this file.
	Replacements int `json:"replacements"`
	// MatchMode is the match mode used in this file.
	MatchMode string `json:"match_mode,omitempty"`
	// OutsideChanges marks a file a session land commits with changes
	// someone else made between the session's batches (session show's
	// outside_changes).
	OutsideChanges bool `json:"outside_changes,omitempty"`
}

// EditResult describes one applied edit item.
type EditResult struct {
	// Index is the 0-based position of the item in the request.
	Index int `json:"index"`
	// FilePath is the item's file, in a batch of several files.
	FilePath string `json:"file_path,omitempty"`
	// Replacements is the number of matches the item replaced.
	Replacements int `json:"replacements"`
	// MatchMode is the match mode that found the item's matches.
	MatchMode string `json:"match_mode"`
	// Lines are the 1-based lines where the matches started.
	Lines []int `json:"lines,omitempty"`
}

// EditFailure is an edit item skipped in partial mode.
type EditFailure struct {
	// Index is the 0-based position of the skipped item in the request.
	Index int `json:"index"`
	// Error is why the item was skipped.
	Error *ErrorJSON `json:"error"`
	// Edit is the skipped item as given.
	Edit EditItem `json:"edit"`
}

// ErrorJSON is the JSON shape of an error (docs/reference.md#results).
type ErrorJSON struct {
	// Code is the error code (docs/reference.md#errors).
	Code Code `json:"code"`
	// Message says what is wrong and what to do.
	Message string `json:"message"`
	// FilePath is the path concerned, if any (git-quoted when not UTF-8).
	FilePath string `json:"file_path,omitempty"`
	// EditIndex is the 0-based index of the failing item, if any.
	EditIndex *int `json:"edit_index,omitempty"`
	// Lines are 1-based line numbers (the candidates of an ambiguous match,
	// the closest region of a missing one).
	Lines []int `json:"lines,omitempty"`
}

// JSON returns the docs/reference.md#results JSON shape of e, its path as
// JSON carries one (JSONPath).
func (e *Error) JSON() *ErrorJSON {
	return &ErrorJSON{Code: e.Code, Message: e.Message, FilePath: jsonPathOrEmpty(e.FilePath), EditIndex: e.EditIndex, Lines: e.Lines}
}

// Normalized returns a copy of r as docs/reference.md#results prints an applied request: ok
// set, and the list fields empty rather than null.
func (r *Result) Normalized() *Result {
	c := *r
	c.OK = true
	if c.Files == nil {
		c.Files = []FileResult{}
	}
	if c.EditsFailed == nil {
		c.EditsFailed = []EditFailure{}
	}
	return &c
}

// CommitIDs lists the commits the request made, oldest first.
func (r *Result) CommitIDs() []string {
	if len(r.Commits) > 0 {
		return r.Commits
	}
	if r.Commit != nil {
		return []string{*r.Commit}
	}
	return nil
}

// Text renders r for people: the summary, the edits partial mode skipped,
// the notes (a tolerant match used, a hunk moved), the commits, then the
// diff.
func (r *Result) Text() string {
	var b strings.Builder
	b.WriteString(r.Summary + "\n")
	for _, f := range r.EditsFailed {
		fmt.Fprintf(&b, "skipped edit %d: %s: %s\n", f.Index+1, f.Error.Code, f.Error.Message)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	for _, c := range r.CommitIDs() {
		fmt.Fprintf(&b, "commit %s\n", c)
	}
	if r.Diff != "" {
		b.WriteString("\n" + r.Diff)
		if !strings.HasSuffix(r.Diff, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// JSONPath is a path as JSON carries it: as is when it is UTF-8 and does
// not start with a double quote, else C-quoted as git quotes it
// (quote.CQuote), which JSON strings hold without loss (a request's
// file_path is read back the same way: a value starting with a double
// quote is unquoted).
func JSONPath(p string) string {
	if utf8.ValidString(p) && !strings.HasPrefix(p, `"`) {
		return p
	}
	return quote.CQuote(p)
}

// MarshalJSON writes the file path with JSONPath.
func (f FileResult) MarshalJSON() ([]byte, error) {
	type plain FileResult
	c := plain(f)
	c.FilePath, c.RenamedFrom = JSONPath(c.FilePath), jsonPathOrEmpty(c.RenamedFrom)
	return json.Marshal(c)
}

// jsonPathOrEmpty is JSONPath, keeping "" (an omitted field) as is.
func jsonPathOrEmpty(p string) string {
	if p == "" {
		return ""
	}
	return JSONPath(p)
}

// MarshalJSON writes the file path with JSONPath.
func (b FileBlob) MarshalJSON() ([]byte, error) {
	type plain FileBlob
	c := plain(b)
	c.FilePath = JSONPath(c.FilePath)
	return json.Marshal(c)
}

// MarshalJSON writes the file paths with JSONPath.
func (e LogEntry) MarshalJSON() ([]byte, error) {
	type plain LogEntry
	c := plain(e)
	c.Files = make([]string, len(e.Files))
	for i, f := range e.Files {
		c.Files[i] = JSONPath(f)
	}
	return json.Marshal(c)
}

// MarshalJSON writes the file path with JSONPath.
func (e EditResult) MarshalJSON() ([]byte, error) {
	type plain EditResult
	c := plain(e)
	c.FilePath = jsonPathOrEmpty(c.FilePath)
	return json.Marshal(c)
}

// MarshalJSON writes the file path with JSONPath.
func (h HashResult) MarshalJSON() ([]byte, error) {
	type plain HashResult
	c := plain(h)
	c.FilePath = JSONPath(c.FilePath)
	return json.Marshal(c)
}
