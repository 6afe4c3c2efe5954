package engine

import (
	"sort"
	"strconv"
	"strings"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

// notFoundError builds the not_found error for old in text: it names the
// closest region of the file (line range, how many lines agree after
// trimming) and shows the first line that differs, with whitespace made
// visible. Error.Lines is [first, last] of that region (1-based), nil when
// no region is close. The region is where most lines of old_string occur
// verbatim, else where its lines have a similar line (see nearLine); a
// one-line old_string gets its most similar line.
func notFoundError(text, old string) *Error {
	e := &Error{Code: CodeNotFound, Message: "old_string not found in the file"}
	ob := linespan.SplitOld(old)
	if len(ob.Lines) == 1 {
		return nearLineHint(e, text, ob.Lines[0])
	}
	first, w, ok := closestWindow(text, ob)
	if !ok {
		return e
	}
	file := linespan.LineTexts(text, w)
	agree := 0
	for i := range file {
		if linespan.TrimLine(file[i]) == linespan.TrimLine(ob.Lines[i]) {
			agree++
		}
	}
	last := first + len(w) - 1
	e.Lines = []int{first, last}
	e.Message += "; closest region: lines " + strconv.Itoa(first) + "-" + strconv.Itoa(last) +
		" (" + strconv.Itoa(agree) + " of " + strconv.Itoa(len(ob.Lines)) + " lines agree after trimming whitespace)"
	e.Message += firstDifference(file, ob.Lines, first)
	return e
}

// closestWindow is the closest region of text to ob's lines: its 1-based
// first line and its lines (up to len(ob.lines)); false when no region is
// close. The region is where most of ob's lines occur at their place,
// else where one of its longest lines has a similar line (nearLineRegion).
func closestWindow(text string, ob linespan.OldBlock) (int, []linespan.Span, bool) {
	first, off, ok := closestRegion(text, ob)
	if !ok {
		first, off, ok = nearLineRegion(text, ob)
	}
	if !ok {
		return 0, nil, false
	}
	return first, linespan.WindowUpTo(text, linespan.LineAround(text, off), len(ob.Lines)), true
}

// ClosestLines is the not_found hint's closest region for lines that are
// not text: the 1-based first and last line of lines closest to pattern
// (both without line endings), by the rule old_string's hint follows (a
// one-line pattern: the most similar line); false when none is close.
// Patches (git hunks, apply_patch chunks) name it when they do not apply.
func ClosestLines(lines, pattern []string) (first, last int, ok bool) {
	text := strings.Join(lines, "\n")
	if len(pattern) == 1 {
		_, n, ok := nearLine(text, pattern[0])
		return n, n, ok
	}
	first, w, ok := closestWindow(text, linespan.OldBlock{Lines: pattern})
	if !ok {
		return 0, 0, false
	}
	return first, first + len(w) - 1, true
}

// vote is the support for one window start: how many old lines occur at
// their place, and where one of them is (byte offset, index in old).
type vote struct{ count, off, j int }

// closestRegion returns the 1-based first line and byte offset of the
// window of text where most lines of ob occur at their place (ties: the
// first). Lines shorter than three characters after trimming do not vote.
// One pass over the lines of text.
func closestRegion(text string, ob linespan.OldBlock) (line, off int, ok bool) {
	where := map[string][]int{}
	for j, l := range ob.Lines {
		if t := linespan.TrimLine(l); len(t) >= 3 {
			where[t] = append(where[t], j)
		}
	}
	if len(where) == 0 {
		return 0, 0, false
	}
	votes := map[int]*vote{}
	best, bestStart := (*vote)(nil), 0
	for n, at := 0, 0; at <= len(text); n++ {
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text) - at
		}
		for _, j := range where[linespan.TrimLine(text[at:at+end])] {
			v := votes[n-j]
			if v == nil && n-j >= 0 {
				v = &vote{off: at, j: j}
				votes[n-j] = v
			}
			if v != nil {
				v.count++
				if best == nil || v.count > best.count || (v.count == best.count && n-j < bestStart) {
					best, bestStart = v, n-j
				}
			}
		}
		at += end + 1
	}
	if best == nil {
		return 0, 0, false
	}
	s, _ := linespan.LinesBack(text, linespan.LineAround(text, best.off), best.j)
	return bestStart + 1, s.Start, true
}

// firstDifference describes the first line of the region that differs
// from old_string's line at its place, with whitespace made visible.
func firstDifference(file, old []string, first int) string {
	for i := range old {
		f := ""
		if i < len(file) {
			f = file[i]
		}
		if f != old[i] {
			return "; first difference at line " + strconv.Itoa(first+i) +
				": file has " + visible(f) + ", old_string has " + visible(old[i])
		}
	}
	return ""
}

// visible quotes s with tabs shown as → and spaces as ·.
func visible(s string) string {
	return `"` + strings.NewReplacer("\t", "→", " ", "·").Replace(s) + `"`
}

// Bounds of the near-line search.
const (
	// nearMinSimilarity is the least similarity of a line worth naming.
	nearMinSimilarity = 0.6
	// maxNearCandidates bounds the lines scanned for shared words.
	maxNearCandidates = 4096
	// maxNearScored bounds the lines compared by edit distance.
	maxNearScored = 32
)

// nearLineHint adds to e the file line most similar to the one-line
// old_string, when one is close enough: its number and the first
// difference, word against word.
func nearLineHint(e *Error, text, old string) *Error {
	ln, n, ok := nearLine(text, old)
	if !ok {
		return e
	}
	f := text[ln.Start:ln.End]
	e.Lines = []int{n, n}
	fw, ow := differingWords(linespan.TrimLine(f), linespan.TrimLine(old))
	e.Message += "; closest: line " + strconv.Itoa(n) + ", " + visible(f) + " (first difference: file has " +
		strconv.Quote(fw) + ", old_string has " + strconv.Quote(ow) + ")"
	return e
}

// nearLineRegion is the region of old's lines (1-based first line and
// byte offset) placed by the line of the file most similar to one of
// old's three longest lines; false when none is close enough.
func nearLineRegion(text string, ob linespan.OldBlock) (line, off int, ok bool) {
	for _, j := range longestLines(ob.Lines, 3) {
		ln, n, found := nearLine(text, ob.Lines[j])
		if !found || n-j < 1 {
			continue
		}
		s, _ := linespan.LinesBack(text, ln, j)
		return n - j, s.Start, true
	}
	return 0, 0, false
}

// nearLine returns the line of text most similar to old (trimmed, at
// least nearMinSimilarity) and its 1-based number. Candidates are the
// lines holding one of old's three longest words; the ones sharing most
// of old's words are compared by edit distance. Ties go to the first.
func nearLine(text, old string) (linespan.Span, int, bool) {
	words := wordsOf(old)
	if len(words) == 0 {
		return linespan.Span{}, 0, false
	}
	cands := linesWith(text, words[:min(3, len(words))])
	shared := make(map[int]int, len(cands))
	for _, c := range cands {
		shared[c.Start] = sharedWords(text[c.Start:c.End], words)
	}
	sort.SliceStable(cands, func(a, b int) bool { return shared[cands[a].Start] > shared[cands[b].Start] })
	best, bestSim := linespan.Span{}, nearMinSimilarity
	found := false
	for _, c := range cands[:min(len(cands), maxNearScored)] {
		if sim := lineSimilarity(text[c.Start:c.End], old); sim > bestSim || (sim == bestSim && (!found || c.Start < best.Start)) {
			best, bestSim, found = c, sim, true
		}
	}
	if !found {
		return linespan.Span{}, 0, false
	}
	return best, strings.Count(text[:best.Start], "\n") + 1, true
}

// wordsOf returns the distinct words of s (letters, digits, _) of at
// least three bytes, longest first.
func wordsOf(s string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !isWordRune(r) }) {
		if len(w) >= 3 && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return len(out[a]) > len(out[b]) })
	return out
}

// isWordRune reports whether r belongs to a word.
func isWordRune(r rune) bool {
	return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80
}

// linesWith returns the lines of text holding one of words, in order,
// each once, at most maxNearCandidates.
func linesWith(text string, words []string) []linespan.Span {
	seen := map[int]bool{}
	var out []linespan.Span
	for _, w := range words {
		for at := 0; at < len(text) && len(out) < maxNearCandidates; {
			i := strings.Index(text[at:], w)
			if i < 0 {
				break
			}
			ln := linespan.LineAround(text, at+i)
			if !seen[ln.Start] {
				seen[ln.Start] = true
				out = append(out, ln)
			}
			at = ln.End + 1
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Start < out[b].Start })
	return out
}

// sharedWords counts the words that occur in line.
func sharedWords(line string, words []string) int {
	n := 0
	for _, w := range words {
		if strings.Contains(line, w) {
			n++
		}
	}
	return n
}

// differingWords returns the first differing stretch of f and o,
// widened to whole words.
func differingWords(f, o string) (string, string) {
	p := bytePrefix(f, o)
	sfx := byteSuffix(f[p:], o[p:])
	start := p
	for start > 0 && isWordRune(rune(f[start-1])) {
		start--
	}
	return f[start:wordEnd(f, len(f)-sfx)], o[start:wordEnd(o, len(o)-sfx)]
}

// wordEnd extends end to the end of the word it falls in.
func wordEnd(s string, end int) int {
	for end < len(s) && end > 0 && isWordRune(rune(s[end-1])) && isWordRune(rune(s[end])) {
		end++
	}
	return end
}
