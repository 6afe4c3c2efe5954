package tty

import (
	"strconv"
	"strings"

	"github.com/gitedit/gitedit/engine/quote"
)

// Palette holds the escape sequences of git's diff colour slots
// (color.diff.<slot>) and the whitespace rules (core.whitespace) that
// decide which whitespace of an added line is highlighted.
type Palette struct {
	Context, Meta, Frag, Func, Old, New, Commit, Whitespace string
	WS                                                      WSRule
}

// DefaultPalette returns git's default diff colours: meta bold, frag cyan,
// old red, new green, commit yellow, whitespace errors on a red
// background, context and function names uncoloured.
func DefaultPalette() Palette {
	return Palette{Meta: "\033[1m", Frag: "\033[36m", Old: "\033[31m", New: "\033[32m",
		Commit: "\033[33m", Whitespace: "\033[41m", WS: DefaultWSRule()}
}

// Slots lists the slot names Set knows, as git spells them.
var Slots = []string{"context", "plain", "meta", "frag", "func", "old", "new", "commit", "whitespace"}

// Set sets slot (case-insensitive, "plain" being "context") to the colour
// value in git's syntax. An unknown slot is ignored (known false), as git
// ignores slots it does not use; a bad value is an error.
func (p *Palette) Set(slot, value string) (known bool, err error) {
	dst := p.slot(strings.ToLower(slot))
	if dst == nil {
		return false, nil
	}
	seq, err := Parse(value)
	if err != nil {
		return true, err
	}
	*dst = seq
	return true, nil
}

// slot returns the field of the lower-cased slot name, or nil.
func (p *Palette) slot(name string) *string {
	switch name {
	case "context", "plain":
		return &p.Context
	case "meta":
		return &p.Meta
	case "frag":
		return &p.Frag
	case "func":
		return &p.Func
	case "old":
		return &p.Old
	case "new":
		return &p.New
	case "commit":
		return &p.Commit
	case "whitespace":
		return &p.Whitespace
	}
	return nil
}

// WSRule is the part of core.whitespace that colours added lines.
type WSRule struct {
	BlankAtEOL, SpaceBeforeTab, IndentWithNonTab, TabInIndent bool
	TabWidth                                                  int
}

// DefaultWSRule is git's default: blank-at-eol and space-before-tab, tab
// width 8.
func DefaultWSRule() WSRule {
	return WSRule{BlankAtEOL: true, SpaceBeforeTab: true, TabWidth: 8}
}

// ParseWhitespace applies a core.whitespace value to git's default rule,
// as git's parse_whitespace_rule: comma- or space-separated rules, "-" to
// turn one off, tabwidth=N (1 to 63); unknown rules are ignored, as git
// ignores them after a warning.
func ParseWhitespace(value string) WSRule {
	r := DefaultWSRule()
	for _, tok := range strings.FieldsFunc(value, func(c rune) bool { return strings.ContainsRune(", \t\n", c) }) {
		on := !strings.HasPrefix(tok, "-")
		tok = strings.TrimPrefix(tok, "-")
		switch tok {
		case "blank-at-eol", "trailing-space":
			r.BlankAtEOL = on
		case "space-before-tab":
			r.SpaceBeforeTab = on
		case "indent-with-non-tab":
			r.IndentWithNonTab = on
		case "tab-in-indent":
			r.TabInIndent = on
		}
		if w, ok := strings.CutPrefix(tok, "tabwidth="); ok {
			if n, err := strconv.Atoi(w); err == nil && n > 0 && n < 64 {
				r.TabWidth = n
			}
		}
	}
	return r
}

// parseHunkHeader reads a unified diff hunk header, "@@ -A[,B] +C[,D] @@"
// and what follows, as the expression
// `^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@(.*)$` matches it: the line
// counts (an absent one is 1) and the rest. Compiling that expression cost
// a run that prints a diff about 75 µs, more than colouring the diff.
func parseHunkHeader(line string) (old, new int, rest string, ok bool) {
	s, ok := strings.CutPrefix(line, "@@ -")
	if !ok {
		return 0, 0, "", false
	}
	if old, s, ok = hunkRange(s); !ok {
		return 0, 0, "", false
	}
	if s, ok = strings.CutPrefix(s, " +"); !ok {
		return 0, 0, "", false
	}
	if new, s, ok = hunkRange(s); !ok {
		return 0, 0, "", false
	}
	if s, ok = strings.CutPrefix(s, " @@"); !ok || strings.Contains(s, "\n") {
		return 0, 0, "", false
	}
	return old, new, s, true
}

// hunkRange reads a hunk header's range, `\d+(?:,(\d+))?`, at the start of
// s: its line count (count's reading) and what follows.
func hunkRange(s string) (lines int, rest string, ok bool) {
	i := leadingDigits(s)
	if i == 0 {
		return 0, "", false
	}
	s, lines = s[i:], 1
	if t, comma := strings.CutPrefix(s, ","); comma {
		j := leadingDigits(t)
		if j == 0 {
			return 0, "", false
		}
		s, lines = t[j:], count(t[:j])
	}
	return lines, s, true
}

// leadingDigits returns how many ASCII digits s starts with.
func leadingDigits(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// metaPrefixes start the header lines of a git diff that git colours as
// meta.
var metaPrefixes = []string{"diff ", "--- ", "+++ ", "index ", "new file mode ", "deleted file mode ",
	"old mode ", "new mode ", "similarity index ", "dissimilarity index ", "rename from ", "rename to ",
	"copy from ", "copy to ", "Binary files ", "GIT binary patch"}

// Painter colours the lines of gitedit's text output: the unified diffs in
// it as git colours them (hunk bodies told apart from headers by the
// hunks' line counts, as git does) and "commit <id>" lines in the commit
// colour. Every line is escaped first (quote.Printable).
type Painter struct {
	p        Palette
	inDiff   bool
	old, new int // lines left in the current hunk
}

// NewPainter returns a painter with palette p.
func NewPainter(p Palette) *Painter { return &Painter{p: p} }

// Line returns one line (without its newline) escaped and coloured; the
// whitespace rules see the line as it is, before escaping.
func (pt *Painter) Line(line string) string {
	if pt.old > 0 || pt.new > 0 {
		return pt.body(line)
	}
	if pt.inDiff || strings.HasPrefix(line, "diff --git ") || strings.HasPrefix(line, "--- ") {
		if out, ok := pt.header(line); ok {
			return out
		}
	}
	pt.inDiff = false
	if isCommitLine(line) {
		return pt.p.Commit + line + Reset
	}
	return quote.Printable(line)
}

// header colours a line between hunks, reporting false when the line
// ends the diff.
func (pt *Painter) header(line string) (string, bool) {
	if old, new, rest, ok := parseHunkHeader(line); ok {
		pt.inDiff, pt.old, pt.new = true, old, new
		return pt.frag(line, rest), true
	}
	if strings.HasPrefix(line, `\`) && pt.inDiff {
		return pt.p.Context + quote.Printable(line) + Reset, true
	}
	for _, prefix := range metaPrefixes {
		if strings.HasPrefix(line, prefix) {
			pt.inDiff = true
			return pt.p.Meta + quote.Printable(line) + Reset, true
		}
	}
	return "", false
}

// count parses a hunk line count; an absent count is 1.
func count(s string) int {
	if s == "" {
		return 1
	}
	n, _ := strconv.Atoi(s)
	return n
}

// frag colours a hunk header as git's emit_hunk_header: "@@ … @@" in the
// frag colour, the spaces after it in the context colour, the function
// name in the func colour.
func (pt *Painter) frag(line, tail string) string {
	head := line[:len(line)-len(tail)]
	out := pt.p.Frag + head + Reset
	if tail == "" {
		return out
	}
	name := strings.TrimLeft(tail, " ")
	spaces := tail[:len(tail)-len(name)]
	return out + pt.p.Context + spaces + Reset + pt.p.Func + quote.Printable(name) + Reset
}

// body colours a line of a hunk's body and counts it.
func (pt *Painter) body(line string) string {
	switch {
	case strings.HasPrefix(line, "+"):
		pt.new--
		return pt.p.New + "+" + Reset + pt.wsEmit(line[1:])
	case strings.HasPrefix(line, "-"):
		pt.old--
		return pt.p.Old + quote.Printable(line) + Reset
	case strings.HasPrefix(line, `\`):
		return pt.p.Context + quote.Printable(line) + Reset
	}
	pt.old, pt.new = pt.old-1, pt.new-1
	return pt.p.Context + quote.Printable(line) + Reset
}

// isCommitLine reports whether line is "commit <hex id>".
func isCommitLine(line string) bool {
	id, ok := strings.CutPrefix(line, "commit ")
	if !ok || len(id) < 7 {
		return false
	}
	for _, c := range id {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	return true
}
