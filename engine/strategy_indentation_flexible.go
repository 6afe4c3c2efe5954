package engine

import "github.com/gitedit/gitedit/engine/internal/linespan"

func init() { register(indentationFlexibleStrategy{}) }

// indentationFlexibleStrategy is IndentationFlexible: the same lines,
// byte for byte after their indentation, under a different common
// indentation (another base level, or tabs for spaces) with the same
// relative structure. new_string is re-indented by the same shift.
type indentationFlexibleStrategy struct{}

// Mode returns IndentationFlexible.
func (indentationFlexibleStrategy) Mode() MatchMode { return IndentationFlexible }

// Find returns every window whose lines equal old's after indentation and
// whose indentation differs from old's by one consistent shift; when there
// is one, whitespace-equivalent regions are returned too (ambiguity).
func (indentationFlexibleStrategy) Find(text, old string) []Candidate {
	ob := linespan.SplitOld(old)
	a, ok := linespan.TrimmedAnchor(ob)
	if !ok {
		return nil
	}
	eq := func(j int, line string) bool {
		_, r1 := linespan.SplitIndent(line)
		_, r2 := linespan.SplitIndent(ob.Lines[j])
		return r1 == r2
	}
	accept := func(w []linespan.Span) bool {
		_, _, ok := fitLayout(text, w[0].Start, ob, ob.Lines, linespan.LineTexts(text, w))
		return ok
	}
	cands := windowCandidates(text, ob, linespan.FindWindows(text, ob, a, eq, accept))
	return withWhitespaceTwins(text, old, cands)
}
