package diff

import (
	"strconv"
	"strings"
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

// StatWidth is the width git format-patch gives the diffstat.
const StatWidth = 72

// FormatStat renders the diffstat of stats, its total line and the
// summary lines, as git format-patch does at StatWidth columns.
func FormatStat(stats []FileStat) string {
	nameW, numW, maxChange := 0, 1, 0
	for _, s := range stats {
		nameW = max(nameW, len(s.Name))
		maxChange = max(maxChange, s.Added+s.Deleted)
		if s.Binary {
			numW = max(numW, len("Bin"))
		}
	}
	numW = max(numW, len(strconv.Itoa(maxChange)))
	graphW := max(StatWidth-nameW-numW-6, 6)
	var b strings.Builder
	for _, s := range stats {
		b.WriteString(statLine(s, nameW, numW, graphW, maxChange))
	}
	b.WriteString(statTotal(stats))
	for _, s := range stats {
		if s.Summary != "" {
			b.WriteString(" " + s.Summary + "\n")
		}
	}
	return b.String()
}

// statLine renders one file's diffstat line.
func statLine(s FileStat, nameW, numW, graphW, maxChange int) string {
	if s.Binary {
		return " " + padRight(s.Name, nameW) + " | " + padLeft("Bin", numW) + " " +
			strconv.Itoa(s.OldSize) + " -> " + strconv.Itoa(s.NewSize) + " bytes\n"
	}
	add, del := s.Added, s.Deleted
	if maxChange > graphW {
		add, del = scaleStat(add, graphW, maxChange), scaleStat(del, graphW, maxChange)
	}
	graph := strings.Repeat("+", add) + strings.Repeat("-", del)
	line := " " + padRight(s.Name, nameW) + " | " + padLeft(strconv.Itoa(s.Added+s.Deleted), numW) + " " + graph
	return strings.TrimRight(line, " ") + "\n"
}

// padRight and padLeft pad s with spaces to width bytes, as %-*s and %*s.
func padRight(s string, width int) string { return s + strings.Repeat(" ", max(width-len(s), 0)) }
func padLeft(s string, width int) string  { return strings.Repeat(" ", max(width-len(s), 0)) + s }

// scaleStat is git's scale_linear.
func scaleStat(n, width, maxChange int) int {
	if n == 0 {
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
