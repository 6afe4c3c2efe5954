package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/gitedit/gitedit/cli/internal/tty"
	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit"
)

// printer writes results: human-readable by default, one JSON object per
// request with --json (docs/reference.md#results).
type printer struct {
	json           bool
	stdout, stderr io.Writer
	// command is the command being run, for the help hint of usage errors.
	command string
	// results counts the results printed, to separate them.
	results int
	// term, when set, is stdout: the terminal writer that escapes and
	// colours what the printer writes.
	term *termWriter
}

// terminal routes stdout through a terminal writer, unless the output is
// JSON: with a painter, coloured (also when stdout is not a terminal:
// --color=always); without one, only escaped, and only on a terminal.
func (p *printer) terminal(painter *tty.Painter) {
	if p.json || (painter == nil && !isTerminal(p.stdout)) {
		return
	}
	if p.term == nil {
		p.term = &termWriter{w: p.stdout}
		p.stdout = p.term
	}
	p.term.painter = painter
}

// raw returns the real standard output.
func (p *printer) raw() io.Writer {
	if p.term != nil {
		return p.term.w
	}
	return p.stdout
}

// flush writes what the terminal writer still holds.
func (p *printer) flush() {
	if p.term != nil {
		_ = p.term.Flush()
	}
}

// fail prints a refused request: `gitedit: <code>: <message>` on stderr,
// or {"ok": false, "error": {...}} on stdout with --json. A usage error
// also points at the command's help.
func (p *printer) fail(err error) {
	ge := asError(err)
	if p.json {
		p.emit(struct {
			OK    bool               `json:"ok"`
			Error *gitedit.ErrorJSON `json:"error"`
		}{false, ge.JSON()})
		return
	}
	msg := ge.Error()
	if isTerminal(p.stderr) {
		msg = quote.Printable(msg)
	}
	fmt.Fprintf(p.stderr, "gitedit: %s\n", msg)
	if _, ok := err.(*usageError); ok {
		fmt.Fprintf(p.stderr, "see 'gitedit %s--help'\n", p.command)
	}
}

// result prints an applied request: with --json the Result as docs/reference.md#results
// shows it; otherwise its text (summary, skipped edits, notes, commits,
// diff).
func (p *printer) result(res *gitedit.Result) {
	if p.results++; p.json {
		p.emit(res.Normalized())
		return
	}
	if p.results > 1 {
		fmt.Fprintln(p.stdout)
	}
	fmt.Fprint(p.stdout, res.Text())
}

// withNewline returns s ending in a newline.
func withNewline(s string) string {
	if strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// emit writes v as one line of JSON on stdout.
func (p *printer) emit(v any) {
	enc := json.NewEncoder(p.stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(p.stderr, "gitedit: io_error: encode result: %v\n", err)
	}
}

// hashes prints the blob ids of `gitedit hash`: `<blob> <path>` lines, or
// {"ok": true, "files": [...]}.
func (p *printer) hashes(hs []gitedit.HashResult) {
	if p.json {
		p.emit(struct {
			OK    bool                 `json:"ok"`
			Files []gitedit.HashResult `json:"files"`
		}{true, hs})
		return
	}
	for _, h := range hs {
		fmt.Fprintf(p.stdout, "%s %s\n", h.Blob, quote.QuotePath(h.FilePath))
	}
}

// read prints the numbered lines of `gitedit read` under a header giving
// the blob id to pass as expected_hash.
func (p *printer) read(r *gitedit.ReadResult) {
	if p.json {
		p.emit(r.OK())
		return
	}
	fmt.Fprintf(p.stdout, "# %s blob %s lines %d-%d of %d\n", quote.QuotePath(r.FilePath), r.Blob, r.StartLine, r.EndLine, r.TotalLines)
	fmt.Fprint(p.stdout, r.Content)
	if r.Content != "" && !strings.HasSuffix(r.Content, "\n") {
		fmt.Fprintln(p.stdout)
	}
	if r.Truncated {
		fmt.Fprintf(p.stdout, "# truncated: continue with --offset %d\n", r.EndLine+1)
	}
}

// log prints gitedit commits the way git log does, trailers included
// (with oneline, one line each: the abbreviated id and the subject),
// then each one's diffstat and diff when they were asked for, and its
// notes on stderr; or {"ok": true, "commits": [...], "notes": [...]}.
func (p *printer) log(list *gitedit.LogList, oneline bool) {
	if p.json {
		out := *list
		if out.Commits == nil {
			out.Commits = []gitedit.LogEntry{}
		}
		p.emit(struct {
			OK bool `json:"ok"`
			gitedit.LogList
		}{true, out})
		return
	}
	p.notes(list.Notes)
	for i, en := range list.Commits {
		if oneline {
			fmt.Fprintf(p.stdout, "%s %s\n", short(en.Commit), en.Subject)
		} else {
			p.logEntry(en, i > 0)
		}
		if en.Stat != "" && !oneline {
			fmt.Fprintln(p.stdout)
		}
		if en.Stat != "" {
			fmt.Fprint(p.stdout, withNewline(en.Stat))
		}
		if en.Diff != "" {
			fmt.Fprint(p.stdout, "\n"+en.Diff)
		}
	}
}

// logEntry prints one commit as git log does, after a blank line when
// it is not the first.
func (p *printer) logEntry(en gitedit.LogEntry, blank bool) {
	if blank {
		fmt.Fprintln(p.stdout)
	}
	fmt.Fprintf(p.stdout, "commit %s\nAuthor: %s <%s>\nDate:   %s\n\n    %s\n",
		en.Commit, en.Author, en.AuthorEmail, en.Date.Format("Mon Jan 2 15:04:05 2006 -0700"), en.Subject)
	if en.Body != "" {
		fmt.Fprintf(p.stdout, "\n%s", indent(withNewline(en.Body)))
	}
	if len(en.Trailers) > 0 {
		fmt.Fprintln(p.stdout)
	}
	for _, t := range en.Trailers {
		fmt.Fprintf(p.stdout, "    %s: %s\n", t.Key, t.Value)
	}
}

// indent prefixes every non-empty line of s with four spaces.
func indent(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			lines[i] = "    " + l
		}
	}
	return strings.Join(lines, "")
}

// series prints an exported series: the emails with --stdout, else the
// files written (as git format-patch does); with --json the SeriesResult.
func (p *printer) series(res *gitedit.SeriesResult, toStdout bool) {
	switch {
	case p.json:
		p.emit(struct {
			OK bool `json:"ok"`
			*gitedit.SeriesResult
		}{true, res})
	case toStdout:
		p.notes(res.Notes)
		fmt.Fprint(p.stdout, res.Text())
	default:
		p.notes(res.Notes)
		for _, pt := range res.Patches {
			fmt.Fprintln(p.stdout, pt.Path)
		}
	}
}

// notes prints notes on stderr, escaped, as `gitedit: note: …`.
func (p *printer) notes(notes []string) {
	for _, n := range notes {
		fmt.Fprintf(p.stderr, "gitedit: note: %s\n", quote.Printable(n))
	}
}
