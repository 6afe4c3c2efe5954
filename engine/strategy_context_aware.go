package engine

import "sort"

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
	ob := splitOld(old)
	k := len(ob.lines)
	if k < 4 {
		return nil
	}
	starts, ok := contextStarts(text, ob, k/4+1)
	if !ok {
		return nil
	}
	var found [][]span
	for _, s := range starts {
		w, ok := window(text, s, k)
		if ok && (len(found) == 0 || w[0].start != found[len(found)-1][0].start) &&
			contextScore(ob.lines, lineTexts(text, w)) >= contextMinSimilarity {
			found = append(found, w)
		}
	}
	return anchoredCandidates(text, ob, found)
}

// contextStarts returns the candidate first lines of blocks, in order: a
// passing block has at most k/4 differing lines, so it contains at least
// one of the n longest old lines at its place. false when there are more
// than maxAnchorPairs.
func contextStarts(text string, ob oldBlock, n int) ([]span, bool) {
	idx := longestLines(ob.lines, n)
	if len(idx) < n {
		return nil, false
	}
	seen := map[int]span{}
	for _, j := range idx {
		wholeLineHits(text, trimLine(ob.lines[j]), func(ln span) bool {
			if s, ok := linesBack(text, ln, j); ok {
				seen[s.start] = s
			}
			return len(seen) <= maxAnchorPairs
		})
		if len(seen) > maxAnchorPairs {
			return nil, false
		}
	}
	out := make([]span, 0, len(seen))
	for _, s := range seen {
		out = append(out, s)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].start < out[b].start })
	return out, true
}

// longestLines returns the indexes of the n lines with the longest
// distinct trimmed content (fewer when there are fewer non-blank lines).
func longestLines(lines []string, n int) []int {
	idx := make([]int, 0, len(lines))
	seen := map[string]bool{}
	for i, l := range lines {
		if t := trimLine(l); t != "" && !seen[t] {
			seen[t] = true
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return len(trimLine(lines[idx[a]])) > len(trimLine(lines[idx[b]])) })
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
		case trimLine(old[i]) == trimLine(region[i]):
			if len(trimLine(old[i])) >= 3 {
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
