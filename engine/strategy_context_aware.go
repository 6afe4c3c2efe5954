package engine

import (
	"sort"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

func init() { register(contextAwareStrategy{}) }

// Thresholds of ContextAware, justified by TestAnchorThresholdNeverLetsADecoyWin.
const (
	// contextMinSimilarity is the least character-weighted similarity of
	// the whole block.
	contextMinSimilarity = 0.85
	// contextMinLineSimilarity is the least similarity of each line that
	// differs from old's.
	contextMinLineSimilarity = 0.5
	// contextMinAgreeing is the least number of agreeing lines with real
	// content (three characters or more after trimming).
	contextMinAgreeing = 3
)

// contextAwareStrategy is ContextAware: a block of exactly old's line
// count in which all but a quarter of the lines equal old's after
// trimming (at least contextMinAgreeing of them with real content), each
// other line is at least contextMinLineSimilarity similar, the whole
// block at least contextMinSimilarity, and the structure is old's. The
// agreeing lines may be anywhere, the first and last included.
type contextAwareStrategy struct{}

// Mode returns ContextAware.
func (contextAwareStrategy) Mode() MatchMode { return ContextAware }

// Find returns every block that passes, overlapping ones included (the
// driver refuses those as ambiguous).
func (contextAwareStrategy) Find(text, old string) []Candidate {
	ob := linespan.SplitOld(old)
	k := len(ob.Lines)
	if k < 4 {
		return nil
	}
	starts, ok := contextStarts(text, ob, k/4+1)
	if !ok {
		return nil
	}
	var found [][]linespan.Span
	for _, s := range starts {
		w, ok := linespan.Window(text, s, k)
		if ok && (len(found) == 0 || w[0].Start != found[len(found)-1][0].Start) &&
			contextScore(ob.Lines, linespan.LineTexts(text, w)) >= contextMinSimilarity {
			found = append(found, w)
		}
	}
	return anchoredCandidates(text, ob, found)
}

// contextStarts returns the candidate first lines of blocks, in order: a
// passing block has at most k/4 differing lines, so it contains at least
// one of the n longest old lines at its place. false when there are more
// than maxAnchorPairs.
func contextStarts(text string, ob linespan.OldBlock, n int) ([]linespan.Span, bool) {
	idx := longestLines(ob.Lines, n)
	if len(idx) < n {
		return nil, false
	}
	seen := map[int]linespan.Span{}
	for _, j := range idx {
		linespan.WholeLineHits(text, linespan.TrimLine(ob.Lines[j]), func(ln linespan.Span) bool {
			if s, ok := linespan.LinesBack(text, ln, j); ok {
				seen[s.Start] = s
			}
			return len(seen) <= maxAnchorPairs
		})
		if len(seen) > maxAnchorPairs {
			return nil, false
		}
	}
	out := make([]linespan.Span, 0, len(seen))
	for _, s := range seen {
		out = append(out, s)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Start < out[b].Start })
	return out, true
}

// longestLines returns the indexes of the n lines with the longest
// distinct trimmed content (fewer when there are fewer non-blank lines).
func longestLines(lines []string, n int) []int {
	idx := make([]int, 0, len(lines))
	seen := map[string]bool{}
	for i, l := range lines {
		if t := linespan.TrimLine(l); t != "" && !seen[t] {
			seen[t] = true
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return len(linespan.TrimLine(lines[idx[a]])) > len(linespan.TrimLine(lines[idx[b]]))
	})
	return idx[:min(n, len(idx))]
}

// contextScore is the similarity of a same-length block to old, or 0 when
// it breaks a ContextAware rule or a line differs by a level of escaping
// (see escapeDifference).
func contextScore(old, region []string) float64 {
	if !sameStructure(old, region) || escapeDifference(old, region) {
		return 0
	}
	differ, agreeing := 0, 0
	for i := range old {
		switch {
		case linespan.TrimLine(old[i]) == linespan.TrimLine(region[i]):
			if len(linespan.TrimLine(old[i])) >= 3 {
				agreeing++
			}
		case lineSimilarity(old[i], region[i]) < contextMinLineSimilarity:
			return 0
		default:
			differ++
		}
	}
	if differ > len(old)/4 || agreeing < contextMinAgreeing {
		return 0
	}
	return weightedSimilarity(old, region)
}
