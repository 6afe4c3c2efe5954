package patch

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// headerStarts are the header lines of a git or unified diff whose final
// CR git's parser takes as the blank that ends the line (C's isspace ends
// a name, a mode, a score): a patch pasted through a channel that turned
// its newlines into CRLF still names the same files and modes for git.
var headerStarts = []string{
	"diff --git ", "--- ", "+++ ", "old mode ", "new mode ", "deleted file mode ",
	"new file mode ", "similarity index ", "dissimilarity index ", "rename from ",
	"rename to ", "copy from ", "copy to ", "index ", "@@ ",
}

// hunkHeader reads the line counts of an @@ line (1 when a count is left
// out, as in "@@ -3 +3 @@").
var hunkHeader = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@`) })

// stripHeaderCRs removes the CR before the newline of each header line
// outside the hunks, as git reads them; a hunk's lines (counted from its
// @@ line, as git counts them), binary data and every other line keep
// their bytes.
func stripHeaderCRs(text string) string {
	if !strings.Contains(text, "\r\n") {
		return text
	}
	var b strings.Builder
	old, nw := 0, 0 // lines of the current hunk still to come
	for _, l := range strings.SplitAfter(text, "\n") {
		if old > 0 || nw > 0 {
			switch {
			case strings.HasPrefix(l, "+"):
				nw--
			case strings.HasPrefix(l, "-"):
				old--
			case !strings.HasPrefix(l, "\\"):
				old, nw = old-1, nw-1
			}
			b.WriteString(l)
			continue
		}
		if isHeaderLine(l) && strings.HasSuffix(l, "\r\n") {
			l = l[:len(l)-2] + "\n"
		}
		if m := hunkHeader().FindStringSubmatch(l); m != nil {
			old, nw = hunkCount(m[1]), hunkCount(m[2])
		}
		b.WriteString(l)
	}
	return b.String()
}

// isHeaderLine reports whether l starts as a header line does.
func isHeaderLine(l string) bool {
	for _, s := range headerStarts {
		if strings.HasPrefix(l, s) {
			return true
		}
	}
	return false
}

// hunkCount is an @@ line's count: 1 when left out.
func hunkCount(s string) int {
	if s == "" {
		return 1
	}
	n, _ := strconv.Atoi(s)
	return n
}
