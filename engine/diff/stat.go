package diff

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// FileStat is one file's line of a diffstat, as git diff --stat and git
// format-patch write it.
type FileStat struct {
	// Name is the file's path as git shows it (quoted where git quotes).
	Name string
	// Added and Deleted count the "+" and "-" lines of its hunks.
	Added, Deleted int
	// Binary files show their sizes instead of a graph.
	Binary           bool
	OldSize, NewSize int
	// Summary is the --summary line ("create mode 100644 a"), or "".
	Summary string
}

// StatWidth is the width git format-patch gives the diffstat;
// StatWidthDiff is git diff --stat's when its output is not a terminal.
const (
	StatWidth     = 72
	StatWidthDiff = 80
)

// FormatStat renders the diffstat of stats, its total line and the
// summary lines, as git format-patch does at StatWidth columns.
func FormatStat(stats []FileStat) string { return FormatStatWidth(stats, StatWidth) }

// FormatStatWidth renders the diffstat at width columns as git's diff.c
// (show_stats) lays it out: the graph gets what the names leave, at most
// 3/8 of the width when both do not fit, and a name too long for its
// column keeps its end, cut at a slash, behind "...".
func FormatStatWidth(stats []FileStat, width int) string {
	l := statLayout(stats, width)
	var b strings.Builder
	for _, s := range stats {
		b.WriteString(l.line(s))
	}
	b.WriteString(statTotal(stats))
	for _, s := range stats {
		if s.Summary != "" {
			b.WriteString(" " + s.Summary + "\n")
		}
	}
	return b.String()
}

// layout is the column widths of one diffstat.
type layout struct{ name, number, graph, maxChange int }

// statLayout sizes the columns as show_stats does.
func statLayout(stats []FileStat, width int) layout {
	var l layout
	maxLen, binWidth := 0, 0
	for _, s := range stats {
		maxLen = max(maxLen, utf8.RuneCountInString(s.Name))
		if s.Binary {
			binWidth = max(binWidth, 14+decimalWidth(s.OldSize)+decimalWidth(s.NewSize))
			l.number = 3
			continue
		}
		l.maxChange = max(l.maxChange, s.Added+s.Deleted)
	}
	l.number = max(l.number, decimalWidth(l.maxChange))
	width = max(width, 16+6+l.number)
	l.graph = l.maxChange
	if l.maxChange+4 <= binWidth {
		l.graph = binWidth - 4
	}
	l.name = maxLen
	if l.name+l.number+6+l.graph > width {
		if l.graph > width*3/8-l.number-6 {
			l.graph = max(width*3/8-l.number-6, 6)
		}
		if l.name > width-l.number-6-l.graph {
			l.name = width - l.number - 6 - l.graph
		} else {
			l.graph = width - l.number - 6 - l.name
		}
	}
	return l
}

// line renders one file's diffstat line.
func (l layout) line(s FileStat) string {
	name := l.fit(s.Name)
	head := " " + padRight(name, l.name) + " | "
	if s.Binary {
		return head + padLeft("Bin", l.number) + " " + strconv.Itoa(s.OldSize) + " -> " + strconv.Itoa(s.NewSize) + " bytes\n"
	}
	add, del := l.scale(s.Added, s.Deleted)
	line := head + padLeft(strconv.Itoa(s.Added+s.Deleted), l.number) + " " + strings.Repeat("+", add) + strings.Repeat("-", del)
	return strings.TrimRight(line, " ") + "\n"
}

// fit shortens a name wider than its column as git does: "..." and the
// name's end, from a slash when the end holds one.
func (l layout) fit(name string) string {
	runes := []rune(name)
	if len(runes) <= l.name {
		return name
	}
	keep := max(l.name-3, 0)
	tail := string(runes[len(runes)-keep:])
	if i := strings.IndexByte(tail, '/'); i >= 0 {
		tail = tail[i:]
	}
	return "..." + tail
}

// scale shrinks a file's + and - counts to the graph's width as git's
// show_stats does: the total scaled, then the smaller side.
func (l layout) scale(add, del int) (int, int) {
	if l.graph > l.maxChange {
		return add, del
	}
	total := scaleStat(add+del, l.graph, l.maxChange)
	if total < 2 && add > 0 && del > 0 {
		total = 2
	}
	if add < del {
		add = scaleStat(add, l.graph, l.maxChange)
		return add, total - add
	}
	del = scaleStat(del, l.graph, l.maxChange)
	return total - del, del
}

// padRight and padLeft pad s with spaces to width characters, as %-*s and %*s.
func padRight(s string, width int) string {
	return s + strings.Repeat(" ", max(width-utf8.RuneCountInString(s), 0))
}
func padLeft(s string, width int) string { return strings.Repeat(" ", max(width-len(s), 0)) + s }

// decimalWidth is the number of digits of n.
func decimalWidth(n int) int { return len(strconv.Itoa(n)) }

// scaleStat is git's scale_linear.
func scaleStat(n, width, maxChange int) int {
	if n == 0 || maxChange == 0 {
		return 0
	}
	return 1 + n*(width-1)/maxChange
}

// statTotal is git's " N files changed, I insertions(+), D deletions(-)".
func statTotal(stats []FileStat) string {
	if len(stats) == 0 {
		return " 0 files changed\n"
	}
	ins, del := 0, 0
	for _, s := range stats {
		ins, del = ins+s.Added, del+s.Deleted
	}
	line := " " + counted(len(stats), "file") + " changed"
	if ins > 0 || del == 0 {
		line += ", " + counted(ins, "insertion") + "(+)"
	}
	if del > 0 || ins == 0 {
		line += ", " + counted(del, "deletion") + "(-)"
	}
	return line + "\n"
}

// counted is "1 file", "2 files".
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// StatOfUnified reads the diffstat of a unified diff as gitedit's results
// carry it: one "--- a/PATH" / "+++ b/PATH" header per file, hunks, and
// "Binary files A and B differ" lines. A file is named by its "+++" side,
// or its "---" side when it was deleted.
func StatOfUnified(text string) []FileStat {
	var stats []FileStat
	var cur *FileStat
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "--- ") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "+++ "):
			stats = append(stats, FileStat{Name: statName(l[4:], lines[i+1][4:])})
			cur = &stats[len(stats)-1]
			i++
		case strings.HasPrefix(l, "Binary files "):
			stats = append(stats, FileStat{Name: binaryLineName(l), Binary: true})
			cur = nil
		case cur != nil && strings.HasPrefix(l, "+"):
			cur.Added++
		case cur != nil && strings.HasPrefix(l, "-"):
			cur.Deleted++
		}
	}
	return stats
}

// statName is the path of a file's "---"/"+++" header pair, without its
// a/ or b/ prefix (kept inside git's quotes) and the tab git writes after
// a name with a space.
func statName(from, to string) string {
	if to == "/dev/null" {
		to = from
	}
	to = strings.TrimSuffix(to, "\t")
	if strings.HasPrefix(to, `"`) && len(to) > 3 {
		return `"` + to[3:]
	}
	_, name, _ := strings.Cut(to, "/")
	return name
}

// binaryLineName is the path of a "Binary files a/X and b/Y differ" line.
func binaryLineName(l string) string {
	body := strings.TrimSuffix(strings.TrimPrefix(l, "Binary files "), " differ")
	from, to, _ := strings.Cut(body, " and ")
	return statName(from, to)
}
