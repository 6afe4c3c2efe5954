package diff

import "strings"

// mergeHunk replaces base lines [start, end) with lines.
type mergeHunk struct {
	start, end int
	lines      []string
}

// Merge3 applies the line changes base→ours and base→theirs to base (a
// 3-way line merge, as git's revert does with the commit's inverse). When
// changes of the two sides overlap or touch and are not identical, it
// returns no content and the 1-based base lines in conflict. Lines are
// split after each LF, so CRs, a BOM and a missing final newline are
// bytes of their lines and kept.
func Merge3(base, ours, theirs string) (string, []int) {
	baseLines := SplitLines(base)
	a, b := lineHunks(baseLines, ours), lineHunks(baseLines, theirs)
	var all []mergeHunk
	var conflict []int
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0].end < b[0].start:
			all, a = append(all, a[0]), a[1:]
		case len(a) == 0 || b[0].end < a[0].start:
			all, b = append(all, b[0]), b[1:]
		case sameHunk(a[0], b[0]):
			all, a, b = append(all, a[0]), a[1:], b[1:]
		default:
			conflict = append(conflict, min(a[0].start, b[0].start)+1)
			a, b = a[1:], b[1:]
		}
	}
	if conflict != nil {
		return "", conflict
	}
	return applyMergeHunks(baseLines, all), nil
}

// sameHunk reports whether two hunks make the same change.
func sameHunk(x, y mergeHunk) bool {
	return x.start == y.start && x.end == y.end && strings.Join(x.lines, "") == strings.Join(y.lines, "")
}

// applyMergeHunks applies ordered, disjoint hunks to base.
func applyMergeHunks(base []string, hunks []mergeHunk) string {
	var b strings.Builder
	at := 0
	for _, h := range hunks {
		b.WriteString(strings.Join(base[at:h.start], ""))
		b.WriteString(strings.Join(h.lines, ""))
		at = h.end
	}
	b.WriteString(strings.Join(base[at:], ""))
	return b.String()
}

// lineHunks returns the line changes from base to other (the same diff as
// UnifiedDiff's) as hunks over base's lines.
func lineHunks(base []string, other string) []mergeHunk {
	ol := SplitLines(other)
	var hunks []mergeHunk
	for _, c := range changeBlocks(diffLines(base, ol), len(base), len(ol)) {
		hunks = append(hunks, mergeHunk{start: c.a0, end: c.a1, lines: ol[c.b0:c.b1]})
	}
	return hunks
}
