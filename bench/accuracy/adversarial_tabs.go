package main

import (
	"strings"
)

// style is a file's indentation: tabs (with spaces only for alignment),
// or spaces in steps of width.
type style struct {
	tab   bool
	width int
}

// styleOf classifies a file: tabs when its indented lines start with a
// tab (a line led by two spaces or more in fifty at most, for comments),
// spaces when none does; ok is false for mixed files (GNU C style, say),
// where the right indentation of a new line is not defined.
func styleOf(text string) (style, bool) {
	tabs, spaces := 0, 0
	var spaced []string
	for _, l := range strings.Split(text, "\n") {
		ws := leadingWS(l)
		switch {
		case ws == "" || strings.TrimSpace(l) == "":
		case ws[0] == '\t':
			tabs++
		case strings.HasPrefix(ws, "  "):
			spaces++
			spaced = append(spaced, l)
		}
		if strings.Contains(ws, " \t") {
			return style{}, false
		}
	}
	switch {
	case tabs >= 10 && spaces*50 <= tabs:
		return style{tab: true}, true
	case tabs == 0 && spaces >= 10:
		w := step(spaced)
		return style{width: w}, w >= 2 && w <= 8
	}
	return style{}, false
}

// step is the most common increase of indentation, 2 to 8 columns,
// between consecutive lines (4 when there is none).
func step(lines []string) int {
	count := map[int]int{}
	for i := 1; i < len(lines); i++ {
		if d := len(leadingWS(lines[i])) - len(leadingWS(lines[i-1])); d >= 2 && d <= 8 {
			count[d]++
		}
	}
	best := 4
	for d, n := range count {
		if n > count[best] || (n == count[best] && d < best) {
			best = d
		}
	}
	return best
}

// alignAfter returns the offset, within the content of line (after its
// indentation), just past its last unclosed opening bracket when some
// content follows it; false when there is none.
func alignAfter(content string) (int, bool) {
	var open []int
	for i := 0; i < len(content); i++ {
		switch content[i] {
		case '(', '[', '{':
			open = append(open, i)
		case ')', ']', '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	if len(open) == 0 {
		return 0, false
	}
	p := open[len(open)-1] + 1
	return p, strings.TrimSpace(content[p:]) != "" && !strings.ContainsAny(content[:p], "\t\"'`")
}

// perturbTabsAlign writes old_string and new_string in the other
// indentation style than the file's (a space file's steps as tabs, a tab
// file's tabs as 4 or 8 spaces), where new_string adds an aligned
// continuation line (under the open bracket of a line, in the file's
// style: spaces, or the line's tabs then spaces) and, when the first line
// opens nothing, a line one level deeper. The written lines must be in the
// file's style.
func perturbTabsAlign(g *generator, t target) (testCase, bool) {
	st, ok := styleOf(t.file.text)
	if !ok {
		return testCase{}, false
	}
	x := g.rng.IntN(len(t.lines))
	ws := leadingWS(t.lines[x])
	p, ok := alignAfter(t.lines[x][len(ws):])
	if !ok || !pureIndent(ws, st) {
		return testCase{}, false
	}
	lines := append([]string(nil), t.lines[:x+1]...)
	lines = append(lines, alignIndent(ws, p, st)+"edited_argument,")
	lines = append(lines, t.lines[x+1:]...)
	ws0 := leadingWS(t.lines[0])
	if _, opens := alignAfter(t.lines[0][len(ws0):]); !opens && x > 0 && pureIndent(ws0, st) {
		deeper := ws0 + "\t"
		if !st.tab {
			deeper = ws0 + strings.Repeat(" ", st.width)
		}
		lines = append(lines[:1], append([]string{deeper + "edited_deeper = 1"}, lines[1:]...)...)
	}
	newText := strings.Join(lines, "\n")
	conv := toTabs(st.width)
	if w := 4 + 4*g.rng.IntN(2); st.tab {
		// Alignment by a tab's width or more after tabs is written
		// with spaces by gofmt and with tabs by kernel and GNU style:
		// the file's convention is not in the lines, so such cases
		// are not generated.
		if p >= w {
			return testCase{}, false
		}
		conv = toSpaces(w)
	}
	want := t.file.text[:t.start] + newText + t.file.text[t.start+len(t.old):]
	old := conv(t.old)
	// A tab of old must stand for some of the file's spaces, else the
	// width of a tab of new_string is unknowable.
	return testCase{content: t.file.text, old: old, new: conv(newText), want: want},
		st.tab || strings.Contains(old, "\n\t") || strings.HasPrefix(old, "\t")
}

// pureIndent reports whether ws is written in style st only.
func pureIndent(ws string, st style) bool {
	if st.tab {
		return strings.Trim(ws, "\t") == ""
	}
	return strings.Trim(ws, " ") == ""
}

// alignIndent is the indentation of a line aligned p columns past
// indentation ws, in style st.
func alignIndent(ws string, p int, st style) string {
	return ws + strings.Repeat(" ", p)
}

// toTabs rewrites the leading spaces of every line as tabs of w spaces
// (the remainder stays spaces).
func toTabs(w int) func(string) string {
	return func(s string) string {
		return mapLines(s, func(l string) string {
			ws := leadingWS(l)
			return strings.Repeat("\t", len(ws)/w) + strings.Repeat(" ", len(ws)%w) + l[len(ws):]
		})
	}
}

// toSpaces rewrites every leading tab as w spaces.
func toSpaces(w int) func(string) string {
	return func(s string) string {
		return mapLines(s, func(l string) string {
			ws := leadingWS(l)
			return strings.ReplaceAll(ws, "\t", strings.Repeat(" ", w)) + l[len(ws):]
		})
	}
}
