package engine

import (
	"strings"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

// styleGuard returns the last step of a line-based match's Adapt when
// old_string is indented in the other style than the region it matched
// (tabs where the file uses spaces, or the reverse): every line of
// new_string still indented in the caller's style after re-indentation
// (a line the layout shift could not place, or a match whose layout did
// not fit) is rewritten in the file's, so that no written line mixes the
// two. nil when old_string has no line in the other style, or when the
// region itself mixes both (GNU style, say). skipFirst leaves the first
// line alone (it is inserted mid-line).
func styleGuard(text string, pos int, oldLines, fileLines []string, skipFirst bool) func(string) string {
	tabs, spaces := leadCounts(fileLines)
	if tabs > 0 && spaces > 0 {
		return nil
	}
	fileTab := tabs > 0 || (spaces == 0 && fileUnit(text, pos).tab)
	oldTabs, oldSpaces := leadCounts(oldLines)
	if (fileTab && oldSpaces == 0) || (!fileTab && oldTabs == 0) {
		return nil
	}
	w := tabWidth(oldLines, fileLines)
	if w == 0 {
		w = 4
		if u := fileUnit(text, pos); !fileTab && u.width >= 2 {
			w = u.width
		}
	}
	return func(s string) string {
		lines := strings.Split(s, "\n")
		prev := ""
		for i, l := range lines {
			ws, rest := linespan.SplitIndent(l)
			if rest == "" || (i == 0 && skipFirst) {
				continue
			}
			if fileTab {
				ws = tabStyle(ws, prev, w)
			} else {
				ws = strings.ReplaceAll(ws, "\t", strings.Repeat(" ", w))
			}
			lines[i], prev = ws+rest, ws
		}
		return strings.Join(lines, "\n")
	}
}

// leadCounts counts the non-blank lines that start with a tab, and
// those that start with two spaces or more.
func leadCounts(lines []string) (tabs, spaces int) {
	for _, l := range lines {
		switch ws, rest := linespan.SplitIndent(l); {
		case rest == "" || ws == "":
		case ws[0] == '\t':
			tabs++
		case strings.HasPrefix(ws, "  "):
			spaces++
		}
	}
	return tabs, spaces
}

// tabStyle rewrites ws, a line's indentation, for a file indented with
// tabs of w columns: unchanged when it starts with a tab or is shorter
// than a tab; aligned past the previous line's indentation prev (which
// holds a tab) by spaces that are not whole tabs, prev plus those
// spaces; else tabs, then the remaining spaces.
func tabStyle(ws, prev string, w int) string {
	if ws == "" || ws[0] == '\t' || columns(ws, w) < w {
		return ws
	}
	col, pc := columns(ws, w), columns(prev, w)
	if strings.Contains(prev, "\t") && col > pc && (col-pc)%w != 0 {
		return prev + strings.Repeat(" ", col-pc)
	}
	return strings.Repeat("\t", col/w) + strings.Repeat(" ", col%w)
}

// columns is the width of ws with tabs of w columns (a tab counts w,
// as old_string's writer converted a level).
func columns(ws string, w int) int {
	return len(ws) + strings.Count(ws, "\t")*(w-1)
}

// tabWidth infers how many spaces one tab stands for from corresponding
// lines of old and the file: the change of space columns over the change
// of tab count between two pairs (so that a different base level does not
// matter), else one pair's own ratio; 0 when nothing can be inferred.
func tabWidth(old, file []string) int {
	type cols struct{ tabs, spaces int }
	var ps []cols
	for i := range old {
		if i >= len(file) || linespan.TrimLine(old[i]) == "" || linespan.TrimLine(old[i]) != linespan.TrimLine(file[i]) {
			continue
		}
		o, _ := linespan.SplitIndent(old[i])
		f, _ := linespan.SplitIndent(file[i])
		t := strings.Count(o, "\t") - strings.Count(f, "\t")
		sp := strings.Count(f, " ") - strings.Count(o, " ")
		ps = append(ps, cols{t, sp})
	}
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			dt, ds := ps[i].tabs-ps[j].tabs, ps[i].spaces-ps[j].spaces
			if dt != 0 && ds%dt == 0 && ds/dt >= 2 {
				return ds / dt
			}
		}
	}
	for _, p := range ps {
		if p.tabs != 0 && p.spaces%p.tabs == 0 && p.spaces/p.tabs >= 2 {
			return p.spaces / p.tabs
		}
	}
	return 0
}
