package engine

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

// Bounds and thresholds of the hybrid check, so that it stays a linear
// scan plus a bounded amount of scoring.
const (
	// maxRivalRegions is the number of other regions scored per match.
	maxRivalRegions = 64
	// maxRivalCells bounds the line comparisons of all scoring together.
	maxRivalCells = 1 << 22
	// tieMargin is how much less similar to old_string than the match a
	// rival region may be and still be as good a match.
	tieMargin = 0.02
	// borrowSimilarity is the least similarity of a line of old_string
	// to a rival's line for the rival to explain it while the match's
	// line, less similar, does not.
	borrowSimilarity = 0.8
)

// lineHit is a line of the text equal, up to whitespace, to line j of
// old_string: 0-based line number n at byte offset off.
type lineHit struct{ n, off, j int }

// rivalStart is a window start voted for by lineHits.
type rivalStart struct {
	start, votes int
	differ       bool // one vote came from a line the match does not explain
	hit          lineHit
}

// hybridError refuses a tolerant match that another region of the file
// explains comparably well. For each candidate, the lines of old_string
// its region does not explain are found; every other region of old's
// size that a line of old_string votes for is scored. A region that
// could be old's source (it shares half of old's lines, its first and
// last lines, or is similar line by line) and explains one of those lines
// (a borrowed line: equal after trimming, equal up to whitespace where
// the match is not, or clearly more similar than the match's line) makes
// old_string a hybrid of the two: ambiguous, naming both. Under
// block_anchor and context_aware a region explaining as many lines, about
// as similar, is a tie: ambiguous too. The regions are found by voting,
// so every plausible region is judged, whatever strategy matched.
func hybridError(text, old string, mode MatchMode, cands []Candidate) error {
	if mode == EscapeNormalized {
		old = unescape(old)
	}
	ob := linespan.SplitOld(old)
	if len(ob.Lines) < 2 {
		return nil
	}
	var hits []lineHit
	budget := maxRivalCells
	firsts := lineNumbers(text, cands)
	spans := make([][2]int, len(cands))
	for i, c := range cands {
		spans[i] = [2]int{firsts[i] - 1, firsts[i] - 2 + len(coveredLines(text, c))}
	}
	for i, c := range cands {
		r := newRivalScan(text, ob, coveredLines(text, c), firsts[i]-1, &budget)
		r.cands = spans
		if len(r.differT) == 0 {
			continue
		}
		if hits == nil {
			hits = oldLineHits(text, ob)
		}
		if e := r.find(hits, mode); e != nil {
			return e
		}
	}
	return nil
}

// coveredLines returns the lines of text that candidate c touches.
func coveredLines(text string, c Candidate) []linespan.Span {
	first := linespan.LineAround(text, c.Start)
	last := linespan.LineAround(text, max(c.Start, c.End-1))
	var w []linespan.Span
	for s, ok := first, true; ok && s.Start <= last.Start; s, ok = linespan.NextLine(text, s) {
		w = append(w, s)
	}
	return w
}

// unexplained returns the indexes of the non-blank lines of old that at
// does not align (see lcsMatch).
func unexplained(old []string, at []int) map[int]bool {
	out := map[int]bool{}
	for j, l := range old {
		if linespan.TrimLine(l) != "" && at[j] < 0 {
			out[j] = true
		}
	}
	return out
}

// loose is a line up to whitespace: trimmed, inner runs as one space.
func loose(s string) string {
	t := linespan.TrimLine(s)
	if strings.Contains(t, "  ") || strings.ContainsAny(t, "\t\f\v") {
		return collapse(t)
	}
	return t
}

// oldLineHits returns, in one pass over text, every line equal up to
// whitespace to a non-blank line of ob (each such line once per equal old
// line), at most maxAnchorPairs*16 of them.
func oldLineHits(text string, ob linespan.OldBlock) []lineHit {
	where := map[string][]int{}
	for j, l := range ob.Lines {
		if t := loose(l); t != "" {
			where[t] = append(where[t], j)
		}
	}
	var hits []lineHit
	for n, at := 0, 0; at <= len(text) && len(hits) < maxAnchorPairs*16; n++ {
		end := len(text)
		if i := strings.IndexByte(text[at:], '\n'); i >= 0 {
			end = at + i
		}
		for _, j := range where[loose(text[at:end])] {
			hits = append(hits, lineHit{n: n, off: at, j: j})
		}
		at = end + 1
	}
	return hits
}

// rivalScan judges the regions other than one candidate's.
type rivalScan struct {
	text        string
	ob          linespan.OldBlock
	region      []string // the candidate's lines
	first, last int      // 0-based lines of the candidate's region
	agree       int      // old lines the region explains up to whitespace
	similarity  float64  // similarity of the region to old
	differT     map[int]bool
	differL     map[int]bool // lines the region does not explain up to whitespace
	content     int          // non-blank lines of old
	cands       [][2]int     // 0-based first and last lines of every candidate
	budget      *int
}

// newRivalScan compares old with the candidate's region w at 0-based
// line first.
func newRivalScan(text string, ob linespan.OldBlock, w []linespan.Span, first int, budget *int) rivalScan {
	region := linespan.LineTexts(text, w)
	_, atT := lcsMatch(ob.Lines, region, linespan.TrimLine)
	agree, atL := lcsMatch(ob.Lines, region, loose)
	r := rivalScan{text: text, ob: ob, region: region, first: first, last: first + len(region) - 1, agree: agree,
		similarity: similarity(ob.Lines, region), differT: unexplained(ob.Lines, atT),
		differL: unexplained(ob.Lines, atL), budget: budget}
	for _, l := range ob.Lines {
		if linespan.TrimLine(l) != "" {
			r.content++
		}
	}
	return r
}

// find returns the ambiguous error for the first rival region that
// explains old_string comparably well, or nil.
func (r rivalScan) find(hits []lineHit, mode MatchMode) error {
	for _, s := range r.starts(hits) {
		if r.sameRegion(s.start) {
			continue
		}
		w, wLine, core := r.window(s.hit)
		if *r.budget -= len(r.ob.Lines) * len(w); *r.budget < 0 {
			return nil
		}
		agree, at := lcsMatch(r.ob.Lines, linespan.LineTexts(r.text, w), loose)
		borrowed, fileLine := r.borrowed(w, wLine, at, core)
		sj, sLine := r.spliced(w, wLine)
		if borrowed < 0 {
			borrowed, fileLine = sj, sLine
		}
		if (borrowed < 0 && !r.tie(agree, core, mode)) || !(sj >= 0 || r.plausible(agree, at, core)) {
			continue
		}
		return r.errorFor(s.start, borrowed, fileLine, mode)
	}
	return nil
}

// borrowed returns the first line of old that the rival window w (at
// 0-based line wLine, aligned with old by at; core its own lines)
// explains and the candidate's region does not, and its 0-based line in
// the text; -1 when there is none.
func (r rivalScan) borrowed(w []linespan.Span, wLine int, at []int, core []linespan.Span) (int, int) {
	for j, l := range r.ob.Lines {
		switch {
		case at[j] < 0:
			if r.similarBorrow(j, core) {
				return j, wLine + (len(w) - len(core)) + j
			}
		case r.differL[j] || (r.differT[j] && linespan.TrimLine(l) == linespan.TrimLine(r.text[w[at[j]].Start:w[at[j]].End])):
			return j, wLine + at[j]
		}
	}
	return -1, -1
}

// similarBorrow reports whether line j of old, which neither region
// explains, is clearly closer to the rival's line at its place (core)
// than to the candidate's: a borrowed line misremembered as well.
func (r rivalScan) similarBorrow(j int, core []linespan.Span) bool {
	if core == nil || len(r.region) != len(r.ob.Lines) || !r.differL[j] {
		return false
	}
	sw := lineSimilarity(r.ob.Lines[j], r.text[core[j].Start:core[j].End])
	return sw >= borrowSimilarity && sw > lineSimilarity(r.ob.Lines[j], r.region[j])
}

// spliced returns a middle line of old that the candidate's region does
// not explain and that the rival window w (at 0-based line wLine) holds
// verbatim within old's size and a tenth after a line equal to old's
// first, and its 0-based line in the text; -1 when there is none. Such a
// line makes old_string a splice of two blocks that start alike.
func (r rivalScan) spliced(w []linespan.Span, wLine int) (int, int) {
	k, line := len(r.ob.Lines), func(s linespan.Span) string { return linespan.TrimLine(r.text[s.Start:s.End]) }
	a := slices.IndexFunc(w, func(s linespan.Span) bool { return line(s) == linespan.TrimLine(r.ob.Lines[0]) })
	for i := a + 1; a >= 0 && i < min(len(w), a+k+k/10); i++ {
		for j := 1; j < k-1; j++ {
			if r.differT[j] && line(w[i]) == linespan.TrimLine(r.ob.Lines[j]) {
				return j, wLine + i
			}
		}
	}
	return -1, -1
}

// starts returns the window starts worth scoring: every start a line of
// old voted for, those a line the candidate does not explain voted for
// first (or that start with old's first line and hold such a line within
// old's size and a tenth, a splice), then by votes; at most
// maxRivalRegions.
func (r rivalScan) starts(hits []lineHit) []rivalStart {
	votes := map[int]*rivalStart{}
	var anchors []lineHit // the lines equal to old's first
	k := len(r.ob.Lines)
	for _, h := range hits {
		d := r.differT[h.j]
		for i := len(anchors) - 1; d && h.j < k-1 && i >= 0 && anchors[i].n > h.n-k-k/10; i-- {
			if a := anchors[i]; a.n < h.n && votes[a.n] == nil {
				votes[a.n] = &rivalStart{start: a.n, hit: a, differ: true}
			} else if a.n < h.n {
				votes[a.n].differ = true
			}
		}
		if h.j == 0 {
			anchors = append(anchors, h)
		}
		if !d && len(linespan.TrimLine(r.ob.Lines[h.j])) < 3 {
			continue
		}
		v := votes[h.n-h.j]
		if v == nil {
			v = &rivalStart{start: h.n - h.j, hit: h}
			votes[h.n-h.j] = v
		}
		v.votes++
		v.differ = v.differ || d
	}
	out := make([]rivalStart, 0, len(votes))
	for _, v := range votes {
		out = append(out, *v)
	}
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.differ != y.differ {
			return x.differ
		}
		if x.votes != y.votes {
			return x.votes > y.votes
		}
		return x.start < y.start
	})
	return out[:min(len(out), maxRivalRegions)]
}

// sameRegion reports whether the window of old's size at line start
// shares more than half its lines with the candidate's region or with
// another candidate's (a match of its own, which replace_all replaces
// and the count check otherwise refuses).
func (r rivalScan) sameRegion(start int) bool {
	k := len(r.ob.Lines)
	for _, c := range append(r.cands, [2]int{r.first, r.last}) {
		if shared := min(start+k-1, c[1]) - max(start, c[0]) + 1; 2*shared > k {
			return true
		}
	}
	return false
}

// window returns the lines around the window that hit votes for, widened
// by a tenth of old's size (at least one line) each way so that a rival
// with an inserted or dropped line is scored fairly, and the window's own
// lines (nil when the text ends first); wLine is the 0-based line of w's
// first line.
func (r rivalScan) window(h lineHit) (w []linespan.Span, wLine int, core []linespan.Span) {
	k := len(r.ob.Lines)
	t := max(1, k/10)
	first, back := linespan.LineAround(r.text, h.off), 0
	for ; back < h.j+t; back++ {
		p, ok := linespan.PrevLine(r.text, first)
		if !ok {
			break
		}
		first = p
	}
	w = linespan.WindowUpTo(r.text, first, back-h.j+k+t)
	if lead := back - h.j; lead >= 0 && lead+k <= len(w) {
		core = w[lead : lead+k]
	}
	return w, h.n - back, core
}

// plausible reports whether a region that explains agree lines (at, see
// lcsMatch) could be old_string's source: it explains half of old's
// non-blank lines or its first and last ones, or its own lines are
// similar to old's (contextMinSimilarity, character-weighted).
func (r rivalScan) plausible(agree int, at []int, core []linespan.Span) bool {
	if 2*agree >= r.content {
		return true
	}
	f, l := -1, -1
	for j, line := range r.ob.Lines {
		if linespan.TrimLine(line) != "" {
			if f < 0 {
				f = j
			}
			l = j
		}
	}
	if f >= 0 && f != l && at[f] >= 0 && at[l] >= 0 {
		return true
	}
	return core != nil && weightedSimilarity(r.ob.Lines, linespan.LineTexts(r.text, core)) >= contextMinSimilarity
}

// tie reports whether a rival region that explains agree lines of
// old_string (none of those the match leaves unexplained), with core its
// own lines, is as good a match as the match: under the strategies that
// accept lines differing in content, when it explains as many lines and
// is about as similar. Under the others every line of the match is
// explained up to whitespace, typography or escaping, so a rival is only
// as good when it borrows (see find).
func (r rivalScan) tie(agree int, core []linespan.Span, mode MatchMode) bool {
	if (mode != BlockAnchor && mode != ContextAware) || agree < r.agree || core == nil {
		return false
	}
	return similarity(r.ob.Lines, linespan.LineTexts(r.text, core)) >= r.similarity-tieMargin
}

// similarity compares old with a region: line by line when they have
// the same length, by common lines otherwise.
func similarity(old, region []string) float64 {
	if len(old) == len(region) {
		return weightedSimilarity(old, region)
	}
	return lcsSimilarity(old, region)
}

// errorFor is the ambiguous error naming the candidate's region and the
// rival at 0-based line start; borrowed is the first line of old the
// rival explains and the candidate does not (-1: none), at 0-based line
// fileLine of the text.
func (r rivalScan) errorFor(start, borrowed, fileLine int, mode MatchMode) *Error {
	k := len(r.ob.Lines)
	a, b := r.first+1, max(start, 0)+1
	rng := func(f, n int) string { return "lines " + strconv.Itoa(f) + "-" + strconv.Itoa(f+n-1) }
	msg := "old_string mixes two similar regions of the file: " + rng(a, r.last-r.first+1) +
		" match it (" + string(mode) + ")"
	if borrowed >= 0 {
		msg += " except for line " + strconv.Itoa(borrowed+1) + " of old_string, " + visible(linespan.TrimLine(r.ob.Lines[borrowed])) +
			", which is line " + strconv.Itoa(fileLine+1) + " of the similar region at " + rng(b, k)
	} else {
		msg += ", and the region at " + rng(b, k) + " matches it as well"
	}
	return &Error{Code: CodeAmbiguous, Count: 2, Lines: []int{min(a, b), max(a, b)}, Message: msg +
		"; copy old_string from the one region you mean, or add context only that region has"}
}

// lcsMatch aligns the non-blank lines of old with the lines of region
// (equal once norm is applied) by a longest common subsequence; it
// returns its length and, for each line of old, the index of the region
// line it is aligned with (-1: none).
func lcsMatch(old, region []string, norm func(string) string) (int, []int) {
	o, f := normAll(old, norm), normAll(region, norm)
	dp := make([][]int, len(o)+1)
	for i := range dp {
		dp[i] = make([]int, len(f)+1)
	}
	for i := len(o) - 1; i >= 0; i-- {
		for j := len(f) - 1; j >= 0; j-- {
			dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			if o[i] != "" && o[i] == f[j] {
				dp[i][j] = max(dp[i][j], dp[i+1][j+1]+1)
			}
		}
	}
	at := make([]int, len(o))
	for i := range at {
		at[i] = -1
	}
	for i, j := 0, 0; i < len(o) && j < len(f); {
		switch {
		case o[i] != "" && o[i] == f[j] && dp[i][j] == dp[i+1][j+1]+1:
			at[i] = j
			i, j = i+1, j+1
		case dp[i+1][j] >= dp[i][j+1]:
			i++
		default:
			j++
		}
	}
	return dp[0][0], at
}

// normAll applies norm to every line.
func normAll(lines []string, norm func(string) string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = norm(l)
	}
	return out
}
