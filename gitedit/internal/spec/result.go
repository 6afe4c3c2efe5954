package spec

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gitedit/gitedit/engine"
)

// Result is the outcome of an applied request (docs/reference.md#results). Its JSON form is
// the --json output.
type Result struct {
	OK      bool   `json:"ok"`
	Tool    Tool   `json:"tool"`
	Summary string `json:"summary"`
	// FilePath is the path of a one-file request, as JSON carries it: a
	// path that is not UTF-8 is git-quoted (see Files for the raw paths).
	FilePath     string        `json:"file_path,omitempty"`
	Changed      bool          `json:"changed"`
	Replacements int           `json:"replacements"`
	MatchMode    string        `json:"match_mode,omitempty"`
	Diff         string        `json:"diff"`
	Files        []FileResult  `json:"files"`
	Edits        []EditResult  `json:"edits,omitempty"`
	EditsApplied int           `json:"edits_applied"`
	EditsFailed  []EditFailure `json:"edits_failed"`
	DryRun       bool          `json:"dry_run"`
	Staged       bool          `json:"staged"`
	// Commit is the new commit's id; nil without commit mode or when
	// nothing changed.
	Commit *string `json:"commit"`
	// Commits lists every commit made, oldest first, when there is more
	// than one (dirty=commit-first makes two).
	Commits []string `json:"commits,omitempty"`
	// Notes are human-readable remarks (a tolerant match was used, a hunk
	// applied at an offset, ...).
	Notes []string `json:"notes,omitempty"`
}

// Partial reports whether some edits were skipped (exit status 3).
func (r *Result) Partial() bool { return len(r.EditsFailed) > 0 }

// FileResult describes one touched file.
type FileResult struct {
	FilePath     string `json:"file_path"`
	BlobBefore   string `json:"blob_before"`
	BlobAfter    string `json:"blob_after"`
	Created      bool   `json:"created"`
	Deleted      bool   `json:"deleted,omitempty"`
	RenamedFrom  string `json:"renamed_from,omitempty"`
	Replacements int    `json:"replacements"`
	MatchMode    string `json:"match_mode,omitempty"`
}

// EditResult describes one applied edit item.
type EditResult struct {
	Index        int    `json:"index"`
	FilePath     string `json:"file_path,omitempty"`
	Replacements int    `json:"replacements"`
	MatchMode    string `json:"match_mode"`
	Lines        []int  `json:"lines,omitempty"`
}

// EditFailure is an edit item skipped in partial mode.
type EditFailure struct {
	Index int        `json:"index"`
	Error *ErrorJSON `json:"error"`
	Edit  EditItem   `json:"edit"`
}

// ErrorJSON is the JSON shape of an error (docs/reference.md#results).
type ErrorJSON struct {
	Code      Code   `json:"code"`
	Message   string `json:"message"`
	FilePath  string `json:"file_path,omitempty"`
	EditIndex *int   `json:"edit_index,omitempty"`
	Lines     []int  `json:"lines,omitempty"`
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
// (engine.CQuote), which JSON strings hold without loss (a request's
// file_path is read back the same way: a value starting with a double
// quote is unquoted).
func JSONPath(p string) string {
	if utf8.ValidString(p) && !strings.HasPrefix(p, `"`) {
		return p
	}
	return engine.CQuote(p)
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
