package engine

import (
	"slices"
	"strings"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

func init() { register(whitespaceNormalizedStrategy{}) }

// whitespaceNormalizedStrategy is WhitespaceNormalized: old_string equals
// the region once every run of spaces and tabs is one space and the
// whitespace around each line is dropped. Line breaks are kept: a
// multi-line old_string matches whole lines, line for line (re-indenting
// new_string as LineTrimmed does); a one-line old_string matches within a
// line, from its first to its last non-blank character.
type whitespaceNormalizedStrategy struct{}

// Mode returns WhitespaceNormalized.
func (whitespaceNormalizedStrategy) Mode() MatchMode { return WhitespaceNormalized }

// Find returns every whitespace-equivalent region of old in text.
func (whitespaceNormalizedStrategy) Find(text, old string) []Candidate {
	return findWhitespaceNormalized(text, old)
}

// findWhitespaceNormalized is the WhitespaceNormalized search.
func findWhitespaceNormalized(text, old string) []Candidate {
	ob := linespan.SplitOld(old)
	if len(ob.Lines) == 1 && !ob.TrailingNL {
		return findCollapsedInLines(text, old)
	}
	a, ok := tokenAnchor(ob)
	if !ok {
		return nil
	}
	eq := func(j int, line string) bool { return collapse(line) == collapse(ob.Lines[j]) }
	return windowCandidates(text, ob, linespan.FindWindows(text, ob, a, eq, nil))
}

// collapse trims s and turns every run of horizontal whitespace into one
// space.
func collapse(s string) string {
	n, _ := collapseMap(s, false)
	return n
}

// collapseMap is collapse that also returns, when withPos, the offset in
// s of every byte of the result.
func collapseMap(s string, withPos bool) (string, []int) {
	var b strings.Builder
	var pos []int
	pending := -1
	for i := 0; i < len(s); i++ {
		if linespan.IsHSpace(s[i]) {
			if pending < 0 {
				pending = i
			}
			continue
		}
		if pending >= 0 && b.Len() > 0 {
			b.WriteByte(' ')
			pos = appendIf(pos, withPos, pending)
		}
		pending = -1
		b.WriteByte(s[i])
		pos = appendIf(pos, withPos, i)
	}
	return b.String(), pos
}

// appendIf appends v to s when cond holds.
func appendIf(s []int, cond bool, v int) []int {
	if cond {
		return append(s, v)
	}
	return s
}

// tokenAnchor anchors on the longest whitespace-free token of old, which
// every whitespace-equivalent region contains verbatim.
func tokenAnchor(ob linespan.OldBlock) (linespan.LineAnchor, bool) {
	a := linespan.LineAnchor{J: -1}
	for j, l := range ob.Lines {
		for _, f := range strings.Fields(l) {
			if len(f) > len(a.Needle) {
				a.J, a.Needle = j, f
			}
		}
	}
	return a, a.J >= 0
}

// findCollapsedInLines finds a one-line old within lines of text, up to
// whitespace runs. The region runs from the first to the last non-blank
// character matched; Adapt drops from new_string the surrounding
// whitespace old_string had.
func findCollapsedInLines(text, old string) []Candidate {
	nOld := collapse(old)
	a, ok := tokenAnchor(linespan.OldBlock{Lines: []string{old}})
	if !ok {
		return nil
	}
	adapt := surroundAdapter(old)
	var cands []Candidate
	a.Hits(text, func(ln linespan.Span) bool {
		nLine, pos := collapseMap(text[ln.Start:ln.End], true)
		for at := 0; ; {
			i := strings.Index(nLine[at:], nOld)
			if i < 0 {
				break
			}
			s, e := at+i, at+i+len(nOld)
			cands = append(cands, Candidate{Start: ln.Start + pos[s], End: ln.Start + pos[e-1] + 1, Adapt: adapt})
			at = e
		}
		return true
	})
	return cands
}

// surroundAdapter returns an Adapt that drops from new_string the leading
// and trailing whitespace old_string had (the region excludes it); nil
// when old has none.
func surroundAdapter(old string) func(string) string {
	lead, _ := linespan.SplitIndent(old)
	trail := linespan.TrailingSpace(old)
	if lead == "" && trail == "" {
		return nil
	}
	return func(s string) string {
		if lead != "" {
			s = strings.TrimPrefix(s, lead)
		}
		if trail != "" {
			s = strings.TrimSuffix(s, trail)
		}
		return s
	}
}

// withWhitespaceTwins adds to the candidates of a whitespace-tolerant
// strategy every region whitespace-equivalent to old that is not one of
// them seen by the looser notion (see sameMatch). Uniqueness is then
// judged over all regions that differ from old only in whitespace: two
// such regions are two matches, even if only one of them is equivalent
// under the stricter strategy, and a twin that overlaps a candidate
// without being it makes the driver refuse the overlap. No candidates
// stay no candidates.
func withWhitespaceTwins(text, old string, cands []Candidate) []Candidate {
	if len(cands) == 0 {
		return nil
	}
	for _, t := range findWhitespaceNormalized(text, old) {
		if !slices.ContainsFunc(cands, func(c Candidate) bool { return sameMatch(text, c, t) }) {
			cands = append(cands, t)
		}
	}
	return cands
}

// sameMatch reports whether a and b are one match: they overlap and span
// the same lines of text (their byte ranges may differ, e.g. by the
// indentation one of them leaves out).
func sameMatch(text string, a, b Candidate) bool {
	return a.Start < b.End && b.Start < a.End && lineExtent(text, a) == lineExtent(text, b)
}

// lineExtent returns the offsets of the first and last lines c touches.
func lineExtent(text string, c Candidate) [2]int {
	return [2]int{linespan.LineAround(text, c.Start).Start, linespan.LineAround(text, max(c.Start, c.End-1)).Start}
}
