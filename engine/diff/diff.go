package diff

import (
	"strconv"
	"strings"

	"github.com/gitedit/gitedit/engine/quote"
)

// diffContext is the number of unchanged lines around each change.
const diffContext = 3

// UnifiedDiff returns the unified diff from before to after with 3 lines
// of context, as git writes it: "--- a/PATH" and "+++ b/PATH" headers (an
// empty path is /dev/null, for a created or deleted file; a path with
// unusual bytes is C-quoted, one with a space gets git's trailing tab),
// "@@ -l,n +l,n @@" hunks, and "\ No newline at end of file" after a last
// line without one. Every changed byte shows: when both sides end every
// line with CRLF the diff is written with LF endings, otherwise a CR before
// a line's LF is part of the line, as in git's own diff (so a change of
// line ending alone shows as a changed line). The diff is empty only when
// before and after are equal.
//
// The line diff is Myers' linear-space algorithm after stripping the
// common prefix and suffix; when a region would cost too much it is split
// at lines unique to both sides (patience anchors), so large inputs stay
// fast and memory stays linear.
func UnifiedDiff(oldPath, newPath, before, after string) string {
	if before == after {
		return ""
	}
	a, b := before, after
	if !hasBareLF(a) && !hasBareLF(b) {
		a, b = strings.ReplaceAll(a, "\r\n", "\n"), strings.ReplaceAll(b, "\r\n", "\n")
	}
	var out strings.Builder
	out.WriteString("--- " + DiffName("a/", oldPath) + "\n")
	out.WriteString("+++ " + DiffName("b/", newPath) + "\n")
	writeHunks(&out, a, b)
	return out.String()
}

// GitHunks returns the hunks of the unified diff from before to after
// (without the "---"/"+++" header), byte for byte as git diff writes them:
// a CR before a line's LF is part of the line whatever the other lines
// end with, so the hunks apply with git apply to before. added and
// deleted count the "+" and "-" lines, as git's diffstat does.
func GitHunks(before, after string) (hunks string, added, deleted int) {
	var out strings.Builder
	added, deleted = writeHunks(&out, before, after)
	return out.String(), added, deleted
}

// writeHunks writes the hunks from a to b and counts the lines added and
// deleted.
func writeHunks(out *strings.Builder, a, b string) (added, deleted int) {
	skip, al, bl := diffWindow(a, b)
	blocks := changeBlocks(diffLines(al, bl), len(al), len(bl))
	for _, h := range groupHunks(blocks, len(al)) {
		h.write(out, al, bl, skip)
	}
	for _, c := range blocks {
		added, deleted = added+c.b1-c.b0, deleted+c.a1-c.a0
	}
	return added, deleted
}

// hasBareLF reports whether s holds an LF not preceded by a CR.
func hasBareLF(s string) bool {
	return strings.Count(s, "\n") != strings.Count(s, "\r\n")
}

// DiffName is path with prefix as a "---" or "+++" line names it: C-quoted
// as git quotes it, with git's trailing tab when it holds a space, or
// /dev/null for an empty path (the missing side of a created or deleted
// file).
func DiffName(prefix, path string) string {
	if path == "" {
		return "/dev/null"
	}
	name := quote.QuotePath(prefix + path)
	if strings.ContainsRune(name, ' ') {
		name += "\t"
	}
	return name
}

// diffWindow strips the common leading and trailing lines of a and b,
// keeping diffContext of them on each side for context, and returns the
// number of lines stripped at the top and the remaining lines of each
// side (each with its LF, the last one maybe without).
func diffWindow(a, b string) (int, []string, []string) {
	p := commonPrefix(a, b)
	s := commonSuffix(a, b, p)
	p = backLines(a, p, diffContext)
	s = len(a) - forwardLines(a, len(a)-s, diffContext)
	return strings.Count(a[:p], "\n"), SplitLines(a[p : len(a)-s]), SplitLines(b[p : len(b)-s])
}

// commonPrefix is the length of the longest run of whole lines that
// starts both a and b.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+64 <= n && a[i:i+64] == b[i:i+64] {
		i += 64
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return strings.LastIndexByte(a[:i], '\n') + 1
}

// commonSuffix is the length of the longest run of whole lines that ends
// both a and b without reaching into their common prefix of p bytes.
func commonSuffix(a, b string, p int) int {
	n := min(len(a), len(b)) - p
	j := 0
	for j+64 <= n && a[len(a)-j-64:len(a)-j] == b[len(b)-j-64:len(b)-j] {
		j += 64
	}
	for j < n && a[len(a)-1-j] == b[len(b)-1-j] {
		j++
	}
	for j > 0 && !(lineStart(a, len(a)-j) && lineStart(b, len(b)-j)) {
		k := strings.IndexByte(a[len(a)-j:], '\n')
		if k < 0 {
			return 0
		}
		j -= k + 1
	}
	return j
}

// lineStart reports whether offset i of s starts a line.
func lineStart(s string, i int) bool { return i == 0 || s[i-1] == '\n' }

// backLines moves the line start p of s up by n lines.
func backLines(s string, p, n int) int {
	for ; n > 0 && p > 0; n-- {
		p = strings.LastIndexByte(s[:p-1], '\n') + 1
	}
	return p
}

// forwardLines moves the line start i of s down by n lines.
func forwardLines(s string, i, n int) int {
	for ; n > 0 && i < len(s); n-- {
		k := strings.IndexByte(s[i:], '\n')
		if k < 0 {
			return len(s)
		}
		i += k + 1
	}
	return i
}

// SplitLines splits s after each LF, keeping the LFs; the last line may
// lack one. "" has no lines.
func SplitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// block is one change: lines [a0, a1) of the old side replaced by lines
// [b0, b1) of the new side.
type block struct{ a0, a1, b0, b1 int }

// changeBlocks turns the equal runs of a diff of na and nb lines into the
// changes between them.
func changeBlocks(runs []run, na, nb int) []block {
	var blocks []block
	pa, pb := 0, 0
	for _, r := range append(runs, run{a: na, b: nb}) {
		if r.a > pa || r.b > pb {
			blocks = append(blocks, block{pa, r.a, pb, r.b})
		}
		pa, pb = r.a+r.n, r.b+r.n
	}
	return blocks
}

// hunk is a group of changes close enough to share their context.
type hunk struct{ blocks []block }

// groupHunks gathers blocks into hunks: two changes separated by at most
// twice the context share a hunk, as in git.
func groupHunks(blocks []block, na int) []hunk {
	var hunks []hunk
	for _, bl := range blocks {
		if n := len(hunks); n > 0 && bl.a0-hunks[n-1].last().a1 <= 2*diffContext {
			hunks[n-1].blocks = append(hunks[n-1].blocks, bl)
			continue
		}
		hunks = append(hunks, hunk{blocks: []block{bl}})
	}
	return hunks
}

func (h hunk) first() block { return h.blocks[0] }
func (h hunk) last() block  { return h.blocks[len(h.blocks)-1] }

// bounds is the hunk's range on both sides, context included, for sides
// of na lines.
func (h hunk) bounds(na int) block {
	f, l := h.first(), h.last()
	a0, a1 := max(0, f.a0-diffContext), min(na, l.a1+diffContext)
	return block{a0, a1, f.b0 - (f.a0 - a0), l.b1 + (a1 - l.a1)}
}

// write prints the hunk; skip is the number of lines above al and bl.
func (h hunk) write(out *strings.Builder, al, bl []string, skip int) {
	r := h.bounds(len(al))
	out.WriteString("@@ -" + hunkRange(skip+r.a0, r.a1-r.a0) + " +" + hunkRange(skip+r.b0, r.b1-r.b0) + " @@\n")
	i := r.a0
	for _, c := range h.blocks {
		writeLines(out, ' ', al[i:c.a0])
		writeLines(out, '-', al[c.a0:c.a1])
		writeLines(out, '+', bl[c.b0:c.b1])
		i = c.a1
	}
	writeLines(out, ' ', al[i:r.a1])
}

// hunkRange writes a hunk side starting after line start (0-based) and n
// lines long, in git's form ("5", "5,3", "4,0").
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return strconv.Itoa(start) + ",0"
	case 1:
		return strconv.Itoa(start + 1)
	}
	return strconv.Itoa(start+1) + "," + strconv.Itoa(n)
}

// writeLines prints lines with prefix, marking a last line without LF.
func writeLines(out *strings.Builder, prefix byte, lines []string) {
	for _, l := range lines {
		out.WriteByte(prefix)
		out.WriteString(l)
		if !strings.HasSuffix(l, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// BinaryDiff is git's line for a change it does not show as text:
// "Binary files a/OLD and b/NEW differ", with /dev/null for the missing
// side of a created or deleted file and names C-quoted as in UnifiedDiff.
func BinaryDiff(oldPath, newPath string) string {
	return "Binary files " + binaryName("a/", oldPath) + " and " + binaryName("b/", newPath) + " differ\n"
}

// binaryName is a side's name in the Binary files line (git adds no tab
// after a name with a space there).
func binaryName(prefix, path string) string {
	if path == "" {
		return "/dev/null"
	}
	return quote.QuotePath(prefix + path)
}
