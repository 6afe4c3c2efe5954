package engine

import (
	"strings"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

func init() { register(trimmedBoundaryStrategy{}) }

// trimmedBoundaryStrategy is TrimmedBoundary: old_string without the
// whitespace and blank lines around the whole block occurs verbatim.
// When the dropped prefix (suffix) held a line break, the match must start
// (end) a line, up to indentation (trailing whitespace). Adapt drops the
// same surrounding whitespace from new_string.
type trimmedBoundaryStrategy struct{}

// Mode returns TrimmedBoundary.
func (trimmedBoundaryStrategy) Mode() MatchMode { return TrimmedBoundary }

// Find returns every occurrence of the trimmed old_string that respects
// the line boundaries old claimed, plus whitespace-equivalent twins when
// there is one.
func (trimmedBoundaryStrategy) Find(text, old string) []Candidate {
	core := strings.Trim(old, " \t\n\f\v")
	if core == "" || core == old {
		return nil
	}
	i := strings.Index(old, core)
	lead, trail := old[:i], old[i+len(core):]
	adapt := boundaryAdapter(lead, trail)
	var cands []Candidate
	oldLines := linespan.SplitOld(strings.TrimLeft(old, "\n")).Lines
	for _, c := range (exactStrategy{}).Find(text, core) {
		if boundaryOK(text, c, lead, trail) {
			midLine := c.Start > linespan.LineAround(text, c.Start).Start
			c.Adapt = compose(adapt, styleGuard(text, c.Start, oldLines, linespan.LineTexts(text, coveredLines(text, c)), midLine))
			cands = append(cands, c)
		}
	}
	return withWhitespaceTwins(text, core, cands)
}

// boundaryOK reports whether c starts a line when lead holds a line break
// and ends one when trail does (whitespace aside).
func boundaryOK(text string, c Candidate, lead, trail string) bool {
	if strings.Contains(lead, "\n") {
		ln := linespan.LineAround(text, c.Start)
		if linespan.TrimLine(text[ln.Start:c.Start]) != "" {
			return false
		}
	}
	if strings.Contains(trail, "\n") && c.End > 0 {
		ln := linespan.LineAround(text, c.End-1)
		if linespan.TrimLine(text[c.End:ln.End]) != "" {
			return false
		}
	}
	return true
}

// boundaryAdapter drops from new_string's leading (trailing) whitespace
// what old_string's dropped prefix (suffix) accounts for: all of it when
// it is a tail of the prefix (a head of the suffix), else the prefix
// itself when new_string repeats it.
func boundaryAdapter(lead, trail string) func(string) string {
	return func(s string) string {
		nl, _ := splitLeadingSpace(s)
		switch {
		case strings.HasSuffix(lead, nl):
			s = s[len(nl):]
		case strings.HasSuffix(nl, lead):
			s = s[:len(nl)-len(lead)] + s[len(nl):]
		}
		nt := s[len(strings.TrimRight(s, " \t\n\f\v")):]
		switch {
		case strings.HasPrefix(trail, nt):
			s = s[:len(s)-len(nt)]
		case strings.HasPrefix(nt, trail):
			s = s[:len(s)-len(nt)] + nt[len(trail):]
		}
		return s
	}
}

// splitLeadingSpace returns the leading whitespace of s, line breaks
// included, and the rest.
func splitLeadingSpace(s string) (ws, rest string) {
	t := strings.TrimLeft(s, " \t\n\f\v")
	return s[:len(s)-len(t)], t
}
