package engine

import (
	"strings"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

// maxLevenshtein bounds the length of strings compared by edit distance,
// so that the work per compared line pair is at most maxLevenshtein².
const maxLevenshtein = 256

// levenshtein is the edit distance of a and b in bytes. Inputs longer
// than maxLevenshtein are compared by common prefix and suffix only (an
// upper bound of the distance).
func levenshtein(a, b string) int {
	if len(a) > maxLevenshtein || len(b) > maxLevenshtein {
		p := bytePrefix(a, b)
		s := byteSuffix(a[p:], b[p:])
		return max(len(a), len(b)) - p - s
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// bytePrefix is the length of the common prefix of a and b.
func bytePrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// byteSuffix is the length of the common suffix of a and b.
func byteSuffix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

// lineSimilarity is 1 - distance/longer length of the trimmed lines:
// 1 for equal lines, 0 for unrelated ones.
func lineSimilarity(a, b string) float64 {
	a, b = linespan.TrimLine(a), linespan.TrimLine(b)
	if a == b {
		return 1
	}
	return 1 - float64(levenshtein(a, b))/float64(max(len(a), len(b)))
}

// weightedSimilarity compares two equally long line lists pairwise; each
// pair weighs its longer trimmed length, so that braces and blank lines
// cannot carry the score.
func weightedSimilarity(a, b []string) float64 {
	var sum, total float64
	for i := range a {
		w := float64(max(len(linespan.TrimLine(a[i])), len(linespan.TrimLine(b[i])), 1))
		sum += w * lineSimilarity(a[i], b[i])
		total += w
	}
	if total == 0 {
		return 1
	}
	return sum / total
}

// lcsSimilarity compares line lists of different lengths: twice the
// trimmed length of the lines of a longest common subsequence of equal
// trimmed lines, over the total trimmed length (Dice).
func lcsSimilarity(a, b []string) float64 {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	total := 0
	for i := len(a) - 1; i >= 0; i-- {
		total += len(linespan.TrimLine(a[i]))
		for j := len(b) - 1; j >= 0; j-- {
			dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			if t := linespan.TrimLine(a[i]); t == linespan.TrimLine(b[j]) {
				dp[i][j] = max(dp[i][j], dp[i+1][j+1]+len(t))
			}
		}
	}
	for _, l := range b {
		total += len(linespan.TrimLine(l))
	}
	if total == 0 {
		return 1
	}
	return 2 * float64(dp[0][0]) / float64(total)
}

// lcsLines is the length of a longest common subsequence of equal
// trimmed lines of a and b.
func lcsLines(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			cur[j+1] = max(prev[j+1], cur[j])
			if linespan.TrimLine(a[i]) == linespan.TrimLine(b[j]) {
				cur[j+1] = max(cur[j+1], prev[j]+1)
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// bracketBalance counts opening minus closing brackets over lines.
func bracketBalance(lines []string) int {
	n := 0
	for _, l := range lines {
		n += strings.Count(l, "{") + strings.Count(l, "(") + strings.Count(l, "[")
		n -= strings.Count(l, "}") + strings.Count(l, ")") + strings.Count(l, "]")
	}
	return n
}

// relativeDepth is the indentation of the last line minus that of the
// first, in levels of the unit the lines use.
func relativeDepth(lines []string) int {
	var wss []string
	for _, l := range lines {
		if ws, rest := linespan.SplitIndent(l); rest != "" {
			wss = append(wss, ws)
		}
	}
	u, ok := unitOf(wss)
	if !ok {
		u = indentUnit{width: 4}
	}
	f, _ := levels(firstIndent(lines), u)
	l, _ := levels(lastIndent(lines), u)
	return l - f
}

// firstIndent is the indentation of the first line.
func firstIndent(lines []string) string {
	ws, _ := linespan.SplitIndent(lines[0])
	return ws
}

// lastIndent is the indentation of the last line.
func lastIndent(lines []string) string {
	ws, _ := linespan.SplitIndent(lines[len(lines)-1])
	return ws
}

// sameStructure reports whether a region keeps old_string's block
// structure: the same bracket balance and the same depth of its last line
// relative to its first, so a block can never end at an inner closing
// line.
func sameStructure(old, region []string) bool {
	return bracketBalance(old) == bracketBalance(region) && relativeDepth(old) == relativeDepth(region)
}

// equalPairs keeps the corresponding lines of equally long old and file
// line lists that are equal after trimming (the others are blanked), so
// that a layout shift is computed from agreeing lines only.
func equalPairs(old, file []string) (o, f []string) {
	o, f = make([]string, len(old)), make([]string, len(file))
	for i := range old {
		if linespan.TrimLine(old[i]) == linespan.TrimLine(file[i]) {
			o[i], f[i] = old[i], file[i]
		}
	}
	return o, f
}

// escapeDifference reports whether a line of old that is not a line of
// region (after trimming) differs from the region by a level of escaping:
// decoded one level it is a region line (old over-escaped), or it is part
// of a region line decoded one level or cut at its \n escapes (old
// under-escaped, a \n written as a line break). Such a block is not a misremembered one: the
// caller wrote the file's escapes at another level, and new_string would
// be written at that level too, so the fuzzy strategies leave it alone.
func escapeDifference(old, region []string) bool {
	lines, pieces := map[string]bool{}, map[string]bool{}
	var decoded []string
	for _, f := range region {
		t := linespan.TrimLine(f)
		lines[t] = true
		if d := unescape(t); d != t {
			decoded = append(decoded, d, strings.ReplaceAll(t, `\t`, "\t"), strings.ReplaceAll(t, `\\`, `\`))
			for _, p := range strings.Split(t, `\n`) {
				pieces[linespan.TrimLine(p)] = true
			}
		}
	}
	for _, o := range old {
		t := linespan.TrimLine(o)
		switch {
		case t == "" || lines[t]:
			continue
		case pieces[t]:
			return true
		case len(t) < 3:
			continue
		}
		if d := unescape(t); d != t && lines[linespan.TrimLine(d)] {
			return true
		}
		for _, d := range decoded {
			if strings.Contains(d, t) {
				return true
			}
		}
	}
	return false
}
