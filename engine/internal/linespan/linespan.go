package linespan

import "strings"

// Span is one line of the searched text: the byte range [start, end) of its
// content, without the line feed that ends it.
type Span struct{ Start, End int }

// OldBlock is old_string cut into lines for the line-based strategies.
type OldBlock struct {
	Lines []string
	// TrailingNL is true when old_string ends with a line feed, so the
	// match includes the line feed of its last line.
	TrailingNL bool
}

// SplitOld cuts old into lines; a final line feed is recorded, not kept as
// an empty last line.
func SplitOld(old string) OldBlock {
	ob := OldBlock{TrailingNL: strings.HasSuffix(old, "\n")}
	if ob.TrailingNL {
		old = old[:len(old)-1]
	}
	ob.Lines = strings.Split(old, "\n")
	return ob
}

// PartialFirst reports whether old's first line has no indentation: it
// may then begin after the indentation of the file line it matches, as an
// exact match of a line tail does, and the region starts there.
func (ob OldBlock) PartialFirst() bool {
	ws, _ := SplitIndent(ob.Lines[0])
	return ws == ""
}

// IsHSpace reports whether b is horizontal whitespace.
func IsHSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\f' || b == '\v' }

// TrimLine removes the horizontal whitespace around s.
func TrimLine(s string) string { return strings.Trim(s, " \t\f\v") }

// SplitIndent returns the leading whitespace of s and the rest.
func SplitIndent(s string) (ws, rest string) {
	i := 0
	for i < len(s) && IsHSpace(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

// TrailingSpace returns the trailing horizontal whitespace of s.
func TrailingSpace(s string) string {
	i := len(s)
	for i > 0 && IsHSpace(s[i-1]) {
		i--
	}
	return s[i:]
}

// LineAround returns the line of text that contains byte offset p.
func LineAround(text string, p int) Span {
	start := strings.LastIndexByte(text[:p], '\n') + 1
	end := strings.IndexByte(text[p:], '\n')
	if end < 0 {
		return Span{start, len(text)}
	}
	return Span{start, p + end}
}

// NextLine returns the line after s; false at the end of text.
func NextLine(text string, s Span) (Span, bool) {
	if s.End >= len(text) {
		return Span{}, false
	}
	return LineAround(text, s.End+1), true
}

// PrevLine returns the line before s; false at the start of text.
func PrevLine(text string, s Span) (Span, bool) {
	if s.Start == 0 {
		return Span{}, false
	}
	return LineAround(text, s.Start-1), true
}

// LinesBack moves n lines up from s; false when text has too few lines.
func LinesBack(text string, s Span, n int) (Span, bool) {
	for ; n > 0; n-- {
		var ok bool
		if s, ok = PrevLine(text, s); !ok {
			return Span{}, false
		}
	}
	return s, true
}

// Window returns the k lines of text starting with line s; false when text
// ends first.
func Window(text string, s Span, k int) ([]Span, bool) {
	w := make([]Span, 0, k)
	for len(w) < k {
		w = append(w, s)
		if len(w) == k {
			break
		}
		var ok bool
		if s, ok = NextLine(text, s); !ok {
			return nil, false
		}
	}
	return w, true
}

// WindowUpTo returns at most n lines of text starting with line s.
func WindowUpTo(text string, s Span, n int) []Span {
	w := []Span{s}
	for len(w) < n {
		var ok bool
		if s, ok = NextLine(text, s); !ok {
			break
		}
		w = append(w, s)
	}
	return w
}

// LineTexts returns the text of each line of w.
func LineTexts(text string, w []Span) []string {
	out := make([]string, len(w))
	for i, s := range w {
		out[i] = text[s.Start:s.End]
	}
	return out
}

// WholeLineHits calls fn for every line of text whose trimmed content
// equals anchor (non-empty), in order; fn returns false to stop. The lines
// are found with strings.Index, so the cost is that of a substring scan.
func WholeLineHits(text, anchor string, fn func(line Span) bool) {
	if anchor == "" {
		return
	}
	for at := 0; at < len(text); {
		i := strings.Index(text[at:], anchor)
		if i < 0 {
			return
		}
		hit := at + i
		ln := LineAround(text, hit)
		at = ln.End + 1
		if TrimLine(text[ln.Start:ln.End]) == anchor && !fn(ln) {
			return
		}
	}
}

// longestLine returns the index of the longest trimmed line of lines, and
// that trimmed line; "" when every line is blank.
func longestLine(lines []string) (int, string) {
	best, bestText := -1, ""
	for i, l := range lines {
		if t := TrimLine(l); len(t) > len(bestText) {
			best, bestText = i, t
		}
	}
	return best, bestText
}

// LineAnchor locates candidate windows: every line of text that contains
// needle (whole: whose trimmed content equals needle) is taken to be line j
// of a window.
type LineAnchor struct {
	J      int
	Needle string
	Whole  bool
}

// TrimmedAnchor anchors on the longest trimmed line of ob; ok is false
// when every line is blank.
func TrimmedAnchor(ob OldBlock) (LineAnchor, bool) {
	j, t := longestLine(ob.Lines)
	return LineAnchor{J: j, Needle: t, Whole: true}, j >= 0
}

// Hits calls fn for every line the anchor selects, in order, each once.
func (a LineAnchor) Hits(text string, fn func(line Span) bool) {
	if a.Whole {
		WholeLineHits(text, a.Needle, fn)
		return
	}
	for at := 0; at < len(text) && a.Needle != ""; {
		i := strings.Index(text[at:], a.Needle)
		if i < 0 {
			return
		}
		ln := LineAround(text, at+i)
		at = ln.End + 1
		if !fn(ln) {
			return
		}
	}
}

// FindWindows returns every window of len(ob.lines) lines of text in
// which line j satisfies eq(j, line) for every j and that accept (when
// non-nil) takes, in order of their first line. Windows are found from
// the lines the anchor selects, so the cost is that of a substring scan
// plus one check per anchor hit. Windows that overlap (a periodic block)
// are all returned; the driver refuses them as ambiguous.
func FindWindows(text string, ob OldBlock, a LineAnchor, eq func(j int, line string) bool, accept func([]Span) bool) [][]Span {
	var out [][]Span
	a.Hits(text, func(ln Span) bool {
		first, ok := LinesBack(text, ln, a.J)
		if !ok || (len(out) > 0 && first.Start == out[len(out)-1][0].Start) {
			return true
		}
		w, ok := Window(text, first, len(ob.Lines))
		if ok && windowMatches(text, w, eq) && (accept == nil || accept(w)) {
			out = append(out, w)
		}
		return true
	})
	return out
}

// windowMatches reports whether every line of w satisfies eq.
func windowMatches(text string, w []Span, eq func(j int, line string) bool) bool {
	for j, s := range w {
		if !eq(j, text[s.Start:s.End]) {
			return false
		}
	}
	return true
}

// RegionOf returns the byte range a window covers for ob: whole lines,
// plus the final line feed when old_string ends with one. When partial
// (old's first line is the tail of the file's first line), the region
// starts after the first file line's indentation, as an exact match would.
func RegionOf(text string, w []Span, ob OldBlock, partial bool) (start, end int) {
	start, end = w[0].Start, w[len(w)-1].End
	if partial {
		fws, _ := SplitIndent(text[start:w[0].End])
		start += len(fws)
	}
	if ob.TrailingNL && end < len(text) {
		end++
	}
	return start, end
}
