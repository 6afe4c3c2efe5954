package engine

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
	ob := splitOld(old)
	a, ok := trimmedAnchor(ob)
	if !ok {
		return nil
	}
	eq := func(j int, line string) bool { return trimLine(line) == trimLine(ob.lines[j]) }
	return windowCandidates(text, ob, findWindows(text, ob, a, eq, nil))
}

// windowCandidates turns line windows into candidates with the layout
// adapter of each.
func windowCandidates(text string, ob oldBlock, ws [][]span) []Candidate {
	cands := make([]Candidate, 0, len(ws))
	for _, w := range ws {
		adapt, partial := lineAdapter(text, ob, w)
		adapt = compose(adapt, styleGuard(text, w[0].start, ob.lines, lineTexts(text, w), partial))
		start, end := regionOf(text, w, ob, partial)
		cands = append(cands, Candidate{Start: start, End: end, Adapt: adapt})
	}
	return cands
}
