package engine

import (
	"strings"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

func init() { register(blockAnchorStrategy{}) }

// Thresholds of BlockAnchor, justified by TestAnchorThresholdNeverLetsADecoyWin
// (the true regions of misremembered blocks against every other region
// with the same anchors in the Go tree's sources).
const (
	// blockAnchorMinSimilarity is the least middle similarity accepted.
	blockAnchorMinSimilarity = 0.80
	// maxAnchorPairs bounds the anchor pairs scored per search; beyond it
	// the anchors are too common to decide anything and nothing matches.
	maxAnchorPairs = 4096
)

// blockAnchorStrategy is BlockAnchor: a block of at least three lines
// whose first and last lines equal old's after trimming, whose middle is
// similar to old's middle (at most a quarter of its lines, at least one,
// differ, and the character-weighted line similarity is at least
// blockAnchorMinSimilarity; a line-count difference of at most a tenth is
// scored by common lines), and whose structure is old's (bracket balance,
// depth of the last line relative to the first), so a block never ends at
// an inner closing line. Anchors alone never decide.
type blockAnchorStrategy struct{}

// Mode returns BlockAnchor.
func (blockAnchorStrategy) Mode() MatchMode { return BlockAnchor }

// Find returns every block that passes, overlapping ones included (the
// driver refuses those as ambiguous).
func (blockAnchorStrategy) Find(text, old string) []Candidate {
	ob := linespan.SplitOld(old)
	k := len(ob.Lines)
	first, last := linespan.TrimLine(ob.Lines[0]), linespan.TrimLine(ob.Lines[k-1])
	if k < 3 || first == "" || last == "" || !hasContent(ob.Lines[1:k-1]) {
		return nil
	}
	var found [][]linespan.Span
	pairs := 0
	linespan.WholeLineHits(text, first, func(ln linespan.Span) bool {
		ws, n := bestAnchoredBlocks(text, ob, ln, last)
		pairs += n
		found = append(found, ws...)
		return pairs <= maxAnchorPairs
	})
	if pairs > maxAnchorPairs {
		return nil
	}
	return anchoredCandidates(text, ob, found)
}

// hasContent reports whether some line is not blank.
func hasContent(lines []string) bool {
	for _, l := range lines {
		if linespan.TrimLine(l) != "" {
			return true
		}
	}
	return false
}

// bestAnchoredBlocks tries the blocks of k±k/10 lines starting at line
// start and ending with last; it returns the passing blocks closest to
// old's length (none, one, or two equally close: then they overlap and
// the match is ambiguous) and the number of anchor pairs it scored.
func bestAnchoredBlocks(text string, ob linespan.OldBlock, start linespan.Span, last string) ([][]linespan.Span, int) {
	k := len(ob.Lines)
	tol := k / 10
	w := linespan.WindowUpTo(text, start, k+tol)
	var best [][]linespan.Span
	bestD, pairs := tol+1, 0
	for n := max(3, k-tol); n <= min(k+tol, len(w)); n++ {
		if linespan.TrimLine(text[w[n-1].Start:w[n-1].End]) != last {
			continue
		}
		pairs++
		if d := abs(n - k); d <= bestD && blockAnchorScore(ob.Lines, linespan.LineTexts(text, w[:n])) >= blockAnchorMinSimilarity {
			if d < bestD {
				best, bestD = nil, d
			}
			best = append(best, w[:n])
		}
	}
	return best, pairs
}

// blockAnchorScore is the middle similarity of a block with old's
// anchors, or 0 when its structure differs from old's, when more than a
// quarter of the middle lines (at least one allowed) differ from old's, or
// when a line differs by a level of escaping (see escapeDifference).
func blockAnchorScore(old, region []string) float64 {
	if !sameStructure(old, region) || escapeDifference(old, region) {
		return 0
	}
	om, rm := old[1:len(old)-1], region[1:len(region)-1]
	allowed := max(1, len(om)/4)
	if len(om) == len(rm) {
		differ := 0
		for i := range om {
			if linespan.TrimLine(om[i]) != linespan.TrimLine(rm[i]) {
				differ++
			}
		}
		if differ > allowed {
			return 0
		}
		return weightedSimilarity(om, rm)
	}
	if max(len(om), len(rm))-lcsLines(om, rm) > allowed {
		return 0
	}
	return lcsSimilarity(om, rm)
}

// abs is |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// anchoredCandidates turns fuzzy blocks into candidates whose Adapt
// re-indents by the shift of the lines that agree with old, and writes
// typography in ASCII when the region has none (see plainTypography).
func anchoredCandidates(text string, ob linespan.OldBlock, ws [][]linespan.Span) []Candidate {
	cands := make([]Candidate, 0, len(ws))
	for _, w := range ws {
		adapt, partial := fuzzyAdapter(text, ob, w)
		adapt = compose(adapt, styleGuard(text, w[0].Start, ob.Lines, linespan.LineTexts(text, w), partial))
		start, end := linespan.RegionOf(text, w, ob, partial)
		adapt = compose(adapt, plainTypography(strings.Join(ob.Lines, "\n"), text[start:end]))
		cands = append(cands, Candidate{Start: start, End: end, Adapt: adapt})
	}
	return cands
}

// fuzzyAdapter is the layout adapter of a block that may differ from old
// in some lines (and in length): the shift is taken from the lines that
// agree, the anchors when the lengths differ; when no consistent shift
// fits a block of old's length, lines are carried over one by one (see
// perLineAdapter). It also says whether the match starts mid-line (see
// fitLayout).
func fuzzyAdapter(text string, ob linespan.OldBlock, w []linespan.Span) (func(string) string, bool) {
	file := linespan.LineTexts(text, w)
	o, f := ob.Lines, file
	if len(o) == len(f) {
		o, f = equalPairs(o, f)
	} else {
		o, f = []string{o[0], o[len(o)-1]}, []string{f[0], f[len(f)-1]}
	}
	ls, partial, ok := fitLayout(text, w[0].Start, ob, o, f)
	if sh := prefixShift(ob.Lines, file, ob.PartialFirst()); !ok && sh != nil && len(ob.Lines) == len(file) {
		return sh, ob.PartialFirst()
	}
	if !ok && len(ob.Lines) == len(file) {
		return perLineAdapter(ob.Lines, file, ob.PartialFirst(), ls.stripTrailing), ob.PartialFirst()
	}
	if !ok {
		return nil, ob.PartialFirst()
	}
	return ls.adapter(), partial
}
