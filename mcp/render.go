package mcp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit"
)

// Every result carries text for the model and the docs/reference.md#results JSON as
// structured content for programs.

// okLog is the structured content of log.
type okLog struct {
	OK      bool               `json:"ok"`
	Commits []gitedit.LogEntry `json:"commits"`
	Notes   []string           `json:"notes,omitempty"`
}

// failure is the structured content of a refused request (docs/reference.md#results).
type failure struct {
	OK    bool               `json:"ok"`
	Error *gitedit.ErrorJSON `json:"error"`
}

// textResult is a tool result with one text block and structured content.
func textResult(text string, structured any) *toolResult {
	return &toolResult{Content: []content{{Type: "text", Text: text}}, StructuredContent: structured}
}

// refused is the result of a refused request: isError, text
// "<code>: <message>", and {"ok": false, "error": ...}.
func refused(err error) *toolResult {
	ge := gitedit.AsError(err)
	res := textResult(ge.Error(), failure{Error: ge.JSON()})
	res.IsError = true
	return res
}

// readResult renders a read: a header with the blob id to pass as
// expected_hash, the numbered lines, and how to continue when cut.
func readResult(r *gitedit.ReadResult) *toolResult {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s blob %s lines %d-%d of %d (pass the blob id as expected_hash)\n",
		quote.QuotePath(r.FilePath), r.Blob, r.StartLine, r.EndLine, r.TotalLines)
	b.WriteString(withNewline(r.Content))
	if r.TotalLines == 0 {
		b.WriteString("# the file is empty\n")
	}
	if r.Truncated {
		fmt.Fprintf(&b, "# the file is long: %d more lines; continue with offset %d\n", r.TotalLines-r.EndLine, r.EndLine+1)
	}
	return textResult(b.String(), r.OK())
}

// editResult renders an applied request as the CLI does (summary, skipped
// edits, notes, commits, diff), plus each file's new blob id for the next
// expected_hash.
func editResult(res *gitedit.Result) *toolResult {
	res = res.Normalized()
	cutResultDiff(res)
	text := res.Text()
	var b strings.Builder
	writeBlobs(&b, res)
	if b.Len() > 0 {
		summary, rest, _ := strings.Cut(text, "\n")
		text = summary + "\n" + b.String() + rest
	}
	return textResult(text, res)
}

// cutResultDiff cuts a diff longer than changesDiffLimit at a line, as
// changes does, with a note: the result holds the diff twice (text and
// structured content), and a batch deleting a 300,000-line file made a
// message of 8 MB (a longer one passes the 16 MiB a client reads).
func cutResultDiff(res *gitedit.Result) {
	whole := len(res.Diff)
	if whole <= changesDiffLimit {
		return
	}
	res.Diff = cutDiff(res.Diff, changesDiffLimit)
	note := fmt.Sprintf("the diff is long: cut after %d of its %d bytes", len(res.Diff), whole)
	if res.Session != "" && !res.DryRun {
		note += "; gitedit session show " + res.Session + " -p prints the session's whole change"
	}
	res.Notes = append(slices.Clip(res.Notes), note)
}

// writeBlobs lists the blob id each changed file has now: the
// expected_hash of the next edit.
func writeBlobs(b *strings.Builder, res *gitedit.Result) {
	if res.DryRun || !res.Changed {
		return
	}
	for _, f := range res.Files {
		if !f.Deleted && f.BlobAfter != "" {
			fmt.Fprintf(b, "blob %s %s\n", f.BlobAfter, f.FilePath)
		}
	}
}

// logResult renders the gitedit commits, one paragraph each, after its
// notes (for a session without ledger, that its commits on the branch
// are shown).
func logResult(list *gitedit.LogList) *toolResult {
	var b strings.Builder
	for _, n := range list.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	entries := list.Commits
	if len(entries) == 0 {
		b.WriteString("no gitedit commits\n")
		entries = []gitedit.LogEntry{}
	}
	for i, e := range entries {
		if i > 0 {
			b.WriteString("\n")
		}
		writeEntry(&b, e)
	}
	return textResult(b.String(), okLog{OK: true, Commits: entries, Notes: list.Notes})
}

// writeEntry renders one log entry: id and subject, then its trailers.
func writeEntry(b *strings.Builder, e gitedit.LogEntry) {
	fmt.Fprintf(b, "commit %s\n%s\n", e.Commit, e.Subject)
	fmt.Fprintf(b, "date: %s\n", e.Date.UTC().Format("2006-01-02 15:04:05Z"))
	for _, t := range e.Trailers {
		fmt.Fprintf(b, "%s: %s\n", t.Key, t.Value)
	}
}

// withNewline returns s ending in a newline ("" stays "").
func withNewline(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// instructions is the server's advice to the model, with its settings.
func (h *handlers) instructions() string {
	mode := "staged in the git index (not committed)"
	if h.opt.Commit {
		mode = "committed, one commit per tool call, with Edit-Session " + h.opt.Session
	}
	return "gitedit edits files of the git repository " + h.repo.WorkTree() + ". " +
		"Read a file first and pass its blob id as expected_hash, so an edit never overwrites a change you have not seen; " +
		"each edit result gives the file's new blob id. Batch the edits of one file in one multiedit. " +
		"Applied changes are " + mode + ", and recorded in this server's session " + h.opt.Session + ": " +
		"undo takes back your newest change, changes shows all you changed, commit commits it as one commit."
}
