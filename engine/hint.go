package engine

import (
	"strconv"
	"strings"
)

// notFoundError builds the not_found error for old in text: it names the
// closest region of the file (line range, how many lines agree after
// trimming) and shows the first line that differs, with whitespace made
// visible. Error.Lines is [first, last] of that region (1-based), nil when
// no line of old_string occurs in the file.
func notFoundError(text, old string) *Error {
	e := &Error{Code: CodeNotFound, Message: "old_string not found in the file"}
	ob := splitOld(old)
	first, off, ok := closestRegion(text, ob)
	if !ok {
		return e
	}
	w := windowUpTo(text, lineAround(text, off), len(ob.lines))
	file := lineTexts(text, w)
	agree := 0
	for i := range file {
		if trimLine(file[i]) == trimLine(ob.lines[i]) {
			agree++
		}
	}
	last := first + len(w) - 1
	e.Lines = []int{first, last}
	e.Message += "; closest region: lines " + strconv.Itoa(first) + "-" + strconv.Itoa(last) +
		" (" + strconv.Itoa(agree) + " of " + strconv.Itoa(len(ob.lines)) + " lines agree after trimming whitespace)"
	e.Message += firstDifference(file, ob.lines, first)
	return e
}

// vote is the support for one window start: how many old lines occur at
// their place, and where one of them is (byte offset, index in old).
type vote struct{ count, off, j int }

// closestRegion returns the 1-based first line and byte offset of the
// window of text where most lines of ob occur at their place (ties: the
// first). Lines shorter than three characters after trimming do not vote.
// One pass over the lines of text.
func closestRegion(text string, ob oldBlock) (line, off int, ok bool) {
	where := map[string][]int{}
	for j, l := range ob.lines {
		if t := trimLine(l); len(t) >= 3 {
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
		for _, j := range where[trimLine(text[at:at+end])] {
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
	s, _ := linesBack(text, lineAround(text, best.off), best.j)
	return bestStart + 1, s.start, true
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
