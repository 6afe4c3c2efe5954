package engine

import "github.com/gitedit/gitedit/engine/internal/linespan"

func init() { register(lineTrimmedStrategy{}) }

// lineTrimmedStrategy is LineTrimmed: old_string's lines equal the file's
// lines after trimming the whitespace around each line. A match spans
// whole lines (from the first line's content when old's first line has no
// indentation); new_string is re-indented by the match's indentation
// shift and loses trailing whitespace old had but the file lacks.
type lineTrimmedStrategy struct{}

// Mode returns LineTrimmed.
func (lineTrimmedStrategy) Mode() MatchMode { return LineTrimmed }

// Find returns every window of lines equal to old's after trimming, and
// every region whitespace-equivalent to old as well when there is at
// least one, so that whitespace twins make the match ambiguous.
func (lineTrimmedStrategy) Find(text, old string) []Candidate {
	return withWhitespaceTwins(text, old, findLineTrimmed(text, old))
}

// findLineTrimmed is LineTrimmed without the whitespace-twin guard.
func findLineTrimmed(text, old string) []Candidate {
	ob := linespan.SplitOld(old)
	a, ok := linespan.TrimmedAnchor(ob)
	if !ok {
		return nil
	}
	eq := func(j int, line string) bool { return linespan.TrimLine(line) == linespan.TrimLine(ob.Lines[j]) }
	return windowCandidates(text, ob, linespan.FindWindows(text, ob, a, eq, nil))
}

// windowCandidates turns line windows into candidates with the layout
// adapter of each.
func windowCandidates(text string, ob linespan.OldBlock, ws [][]linespan.Span) []Candidate {
	cands := make([]Candidate, 0, len(ws))
	for _, w := range ws {
		adapt, partial := lineAdapter(text, ob, w)
		adapt = compose(adapt, styleGuard(text, w[0].Start, ob.Lines, linespan.LineTexts(text, w), partial))
		start, end := linespan.RegionOf(text, w, ob, partial)
		cands = append(cands, Candidate{Start: start, End: end, Adapt: adapt})
	}
	return cands
}
