package engine

import "strings"

// span is one line of the searched text: the byte range [start, end) of its
// content, without the line feed that ends it.
type span struct{ start, end int }

// oldBlock is old_string cut into lines for the line-based strategies.
type oldBlock struct {
	lines []string
	// trailingNL is true when old_string ends with a line feed, so the
	// match includes the line feed of its last line.
	trailingNL bool
}

// splitOld cuts old into lines; a final line feed is recorded, not kept as
// an empty last line.
func splitOld(old string) oldBlock {
	ob := oldBlock{trailingNL: strings.HasSuffix(old, "\n")}
	if ob.trailingNL {
		old = old[:len(old)-1]
	}
	ob.lines = strings.Split(old, "\n")
	return ob
}

// partialFirst reports whether old's first line has no indentation: it
// may then begin after the indentation of the file line it matches, as an
// exact match of a line tail does, and the region starts there.
func (ob oldBlock) partialFirst() bool {
	ws, _ := splitIndent(ob.lines[0])
	return ws == ""
}

// isHSpace reports whether b is horizontal whitespace.
func isHSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\f' || b == '\v' }

// trimLine removes the horizontal whitespace around s.
func trimLine(s string) string { return strings.Trim(s, " \t\f\v") }

// splitIndent returns the leading whitespace of s and the rest.
func splitIndent(s string) (ws, rest string) {
	i := 0
	for i < len(s) && isHSpace(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

// trailingSpace returns the trailing horizontal whitespace of s.
func trailingSpace(s string) string {
	i := len(s)
	for i > 0 && isHSpace(s[i-1]) {
		i--
	}
	return s[i:]
}

// lineAround returns the line of text that contains byte offset p.
func lineAround(text string, p int) span {
	start := strings.LastIndexByte(text[:p], '\n') + 1
	end := strings.IndexByte(text[p:], '\n')
	if end < 0 {
		return span{start, len(text)}
	}
	return span{start, p + end}
}

// nextLine returns the line after s; false at the end of text.
func nextLine(text string, s span) (span, bool) {
	if s.end >= len(text) {
		return span{}, false
	}
	return lineAround(text, s.end+1), true
}

// prevLine returns the line before s; false at the start of text.
func prevLine(text string, s span) (span, bool) {
	if s.start == 0 {
		return span{}, false
	}
	return lineAround(text, s.start-1), true
}

// linesBack moves n lines up from s; false when text has too few lines.
func linesBack(text string, s span, n int) (span, bool) {
	for ; n > 0; n-- {
		var ok bool
		if s, ok = prevLine(text, s); !ok {
			return span{}, false
		}
	}
	return s, true
}

// window returns the k lines of text starting with line s; false when text
// ends first.
func window(text string, s span, k int) ([]span, bool) {
	w := make([]span, 0, k)
	for len(w) < k {
		w = append(w, s)
		if len(w) == k {
			break
		}
		var ok bool
		if s, ok = nextLine(text, s); !ok {
			return nil, false
		}
	}
	return w, true
}

// windowUpTo returns at most n lines of text starting with line s.
func windowUpTo(text string, s span, n int) []span {
	w := []span{s}
	for len(w) < n {
		var ok bool
		if s, ok = nextLine(text, s); !ok {
			break
		}
		w = append(w, s)
	}
	return w
}

// lineTexts returns the text of each line of w.
func lineTexts(text string, w []span) []string {
	out := make([]string, len(w))
	for i, s := range w {
		out[i] = text[s.start:s.end]
	}
	return out
}

// wholeLineHits calls fn for every line of text whose trimmed content
// equals anchor (non-empty), in order; fn returns false to stop. The lines
// are found with strings.Index, so the cost is that of a substring scan.
func wholeLineHits(text, anchor string, fn func(line span) bool) {
	if anchor == "" {
		return
	}
	for at := 0; at < len(text); {
		i := strings.Index(text[at:], anchor)
		if i < 0 {
			return
		}
		hit := at + i
		ln := lineAround(text, hit)
		at = ln.end + 1
		if trimLine(text[ln.start:ln.end]) == anchor && !fn(ln) {
			return
		}
	}
}

// longestLine returns the index of the longest trimmed line of lines, and
// that trimmed line; "" when every line is blank.
func longestLine(lines []string) (int, string) {
	best, bestText := -1, ""
	for i, l := range lines {
		if t := trimLine(l); len(t) > len(bestText) {
			best, bestText = i, t
		}
	}
	return best, bestText
}

// lineAnchor locates candidate windows: every line of text that contains
// needle (whole: whose trimmed content equals needle) is taken to be line j
// of a window.
type lineAnchor struct {
	j      int
	needle string
	whole  bool
}

// trimmedAnchor anchors on the longest trimmed line of ob; ok is false
// when every line is blank.
func trimmedAnchor(ob oldBlock) (lineAnchor, bool) {
	j, t := longestLine(ob.lines)
	return lineAnchor{j: j, needle: t, whole: true}, j >= 0
}

// hits calls fn for every line the anchor selects, in order, each once.
func (a lineAnchor) hits(text string, fn func(line span) bool) {
	if a.whole {
		wholeLineHits(text, a.needle, fn)
		return
	}
	for at := 0; at < len(text) && a.needle != ""; {
		i := strings.Index(text[at:], a.needle)
		if i < 0 {
			return
		}
		ln := lineAround(text, at+i)
		at = ln.end + 1
		if !fn(ln) {
			return
		}
	}
}

// findWindows returns every window of len(ob.lines) lines of text in
// which line j satisfies eq(j, line) for every j and that accept (when
// non-nil) takes, in order of their first line. Windows are found from
// the lines the anchor selects, so the cost is that of a substring scan
// plus one check per anchor hit. Windows that overlap (a periodic block)
// are all returned; the driver refuses them as ambiguous.
func findWindows(text string, ob oldBlock, a lineAnchor, eq func(j int, line string) bool, accept func([]span) bool) [][]span {
	var out [][]span
	a.hits(text, func(ln span) bool {
		first, ok := linesBack(text, ln, a.j)
		if !ok || (len(out) > 0 && first.start == out[len(out)-1][0].start) {
			return true
		}
		w, ok := window(text, first, len(ob.lines))
		if ok && windowMatches(text, w, eq) && (accept == nil || accept(w)) {
			out = append(out, w)
		}
		return true
	})
	return out
}

// windowMatches reports whether every line of w satisfies eq.
func windowMatches(text string, w []span, eq func(j int, line string) bool) bool {
	for j, s := range w {
		if !eq(j, text[s.start:s.end]) {
			return false
		}
	}
	return true
}

// regionOf returns the byte range a window covers for ob: whole lines,
// plus the final line feed when old_string ends with one. When partial
// (old's first line is the tail of the file's first line), the region
// starts after the first file line's indentation, as an exact match would.
func regionOf(text string, w []span, ob oldBlock, partial bool) (start, end int) {
	start, end = w[0].start, w[len(w)-1].end
	if partial {
		fws, _ := splitIndent(text[start:w[0].end])
		start += len(fws)
	}
	if ob.trailingNL && end < len(text) {
		end++
	}
	return start, end
}
