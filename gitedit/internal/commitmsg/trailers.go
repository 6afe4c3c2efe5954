package commitmsg

import (
	"strings"
)

// gitGeneratedPrefixes are the trailer prefixes git recognises even in a
// paragraph that is only 25% trailers.
var gitGeneratedPrefixes = []string{"Signed-off-by: ", "(cherry picked from commit "}

// Parse returns the trailers of a commit message as
// `git interpret-trailers --parse` reads them: the message is cut at a
// patch divider line ("---" followed by whitespace), trailing blank and
// comment lines are ignored, and the last paragraph (never the title) is
// the trailer block when all its lines are trailers, or at least 25% are
// and one is git-generated (Signed-off-by). Continuation lines are
// unfolded into one space; lines that are not "Token: value" are left out.
func Parse(message string) []Trailer {
	lines := messageLines(message)
	start := trailerStart(lines)
	if start < 0 {
		return nil
	}
	return collectTrailers(lines[start:])
}

// messageLines splits the part of message trailers are searched in: up to
// the patch divider, without trailing blank and comment lines.
func messageLines(message string) []string {
	lines := strings.Split(message, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "---") && (len(l) == 3 || isTrailerSpace(l[3])) {
			lines = lines[:i]
			break
		}
	}
	end := len(lines)
	for end > 0 && (lines[end-1] == "" || strings.HasPrefix(lines[end-1], "#")) {
		end--
	}
	return lines[:end]
}

// trailerStart returns the index of the first line of the trailer block,
// or -1 when there is none (git's find_trailer_start).
func trailerStart(lines []string) int {
	title := 0
	for title < len(lines) && (strings.HasPrefix(lines[title], "#") || !isBlankLine(lines[title])) {
		title++
	}
	var b blockCount
	for i := len(lines) - 1; i >= title; i-- {
		if done, start := b.add(lines[i], i); done {
			return start
		}
	}
	return -1
}

// blockCount tallies the last paragraph's lines, read from the end.
type blockCount struct {
	started                      bool
	recognized                   bool
	trailers, others, possibleCo int
}

// add counts line i; at the paragraph's blank line it reports whether the
// paragraph is a trailer block and where it starts (-1: it is not).
func (b *blockCount) add(line string, i int) (done bool, start int) {
	switch {
	case strings.HasPrefix(line, "#"):
		b.others, b.possibleCo = b.others+b.possibleCo, 0
	case isBlankLine(line):
		if !b.started {
			return false, 0
		}
		b.others += b.possibleCo
		if (b.recognized && b.trailers*3 >= b.others) || (b.trailers > 0 && b.others == 0) {
			return true, i + 1
		}
		return true, -1
	default:
		b.started = true
		b.addText(line)
	}
	return false, 0
}

// addText counts a non-blank, non-comment line.
func (b *blockCount) addText(line string) {
	for _, p := range gitGeneratedPrefixes {
		if strings.HasPrefix(line, p) {
			b.trailers, b.possibleCo, b.recognized = b.trailers+1, 0, true
			return
		}
	}
	switch {
	case findSeparator(line) >= 1 && !isTrailerSpace(line[0]):
		b.trailers, b.possibleCo = b.trailers+1, 0
	case isTrailerSpace(line[0]):
		b.possibleCo++
	default:
		b.others, b.possibleCo = b.others+1+b.possibleCo, 0
	}
}

// collectTrailers parses the block's "Token: value" lines, joining
// continuation lines (starting with whitespace) to the trailer above.
func collectTrailers(block []string) []Trailer {
	var out []Trailer
	last := -1
	for _, line := range block {
		if last >= 0 && line != "" && isTrailerSpace(line[0]) {
			out[last].Value += "\n" + line
			continue
		}
		last = -1
		if strings.HasPrefix(line, "#") {
			continue
		}
		if sep := findSeparator(line); sep >= 1 {
			out = append(out, Trailer{Key: strings.TrimSpace(line[:sep]), Value: line[sep+1:]})
			last = len(out) - 1
		}
	}
	for i := range out {
		out[i].Value = unfold(out[i].Value)
	}
	return out
}

// findSeparator returns the index of the ':' ending a trailer token
// (letters, digits and '-', then optional blanks), or -1.
func findSeparator(line string) int {
	blank := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ':':
			return i
		case !blank && (isTrailerAlnum(c) || c == '-'):
		case i > 0 && (c == ' ' || c == '\t'):
			blank = true
		default:
			return -1
		}
	}
	return -1
}

// unfold collapses each newline and the whitespace after it into one
// space and trims the value, as git's unfold_value does.
func unfold(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '\n' {
			b.WriteByte(v[i])
			continue
		}
		for i+1 < len(v) && isTrailerSpace(v[i+1]) {
			i++
		}
		b.WriteByte(' ')
	}
	return strings.TrimSpace(b.String())
}

func isTrailerSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isTrailerAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// isBlankLine reports whether line holds only whitespace.
func isBlankLine(line string) bool { return strings.TrimLeft(line, " \t\r\v\f") == "" }
