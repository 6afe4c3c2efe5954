package engine

import "strings"

// LineFile is a file's content split into lines for line-based patching
// (the "*** Begin Patch" envelope), on the document model: the byte-order
// mark is split off, a line ends at LF (a CR right before it belongs to the
// ending, a lone CR is content), and every line keeps its own ending, so a
// line that a change does not touch keeps its bytes exactly. Inserted lines
// take the ending of their place (the file's ending when it is uniform,
// else the ending of the line they replace or go before, or of the last
// line break above), and the file keeps its final-newline state.
type LineFile struct {
	doc *document
	// lines are the lines without their endings; ends their endings:
	// "\r\n", "\n", or "" for a last line without one.
	lines, ends []string
	// finalNL is whether the file ends with a line break (an empty file
	// counts as ending with one).
	finalNL bool
}

// LineChange is one line of a change: Op ' ' keeps the next line of the
// file (its bytes as they are), '-' drops it, '+' inserts Text. A CR at
// the end of inserted text is taken for a line ending written as text (a
// CRLF copied from the file) and dropped, unless the line gets no ending
// (the last line of a file without a final newline keeps it).
type LineChange struct {
	Op   byte
	Text string
}

// SplitLineFile splits content into lines.
func SplitLineFile(content string) *LineFile {
	d := decode(content)
	f := &LineFile{doc: d, finalNL: true}
	for off := 0; off < len(d.text); {
		i := strings.IndexByte(d.text[off:], '\n')
		if i < 0 {
			f.lines, f.ends = append(f.lines, d.text[off:]), append(f.ends, "")
			f.finalNL = false
			break
		}
		end := eolLF
		if d.isCRLF(off + i) {
			end = eolCRLF
		}
		f.lines, f.ends = append(f.lines, d.text[off:off+i]), append(f.ends, end)
		off += i + 1
	}
	return f
}

// Lines returns the current lines without their endings. The slice must
// not be modified.
func (f *LineFile) Lines() []string { return f.lines }

// Splice applies change at line start (0-based): the lines it keeps or
// drops are the file's lines from start on, in order. An inserted line
// takes the ending of the first line dropped since the last kept one (the
// line it replaces), else that of the line it goes before (see eolAt). It
// returns the index of the line after the last one kept or inserted.
func (f *LineFile) Splice(start int, change []LineChange) int {
	var lines, ends []string
	var inserted []int
	j, replaced := start, ""
	for _, c := range change {
		switch c.Op {
		case ' ':
			lines, ends = append(lines, f.lines[j]), append(ends, f.ends[j])
			j, replaced = j+1, ""
		case '-':
			if replaced == "" {
				replaced = f.eolAt(j)
			}
			j++
		default:
			eol := replaced
			if eol == "" {
				eol = f.eolAt(j)
			}
			lines, ends = append(lines, c.Text), append(ends, eol)
			inserted = append(inserted, start+len(lines)-1)
		}
	}
	f.lines = splice(f.lines, start, j, lines)
	f.ends = splice(f.ends, start, j, ends)
	f.fixEndings(f.eolAt(start))
	for _, i := range inserted {
		if f.ends[i] != "" {
			f.lines[i] = strings.TrimSuffix(f.lines[i], "\r")
		}
	}
	return start + len(lines)
}

// splice returns s with s[from:to] replaced by repl, in a new slice.
func splice(s []string, from, to int, repl []string) []string {
	out := make([]string, 0, len(s)-(to-from)+len(repl))
	return append(append(append(out, s[:from]...), repl...), s[to:]...)
}

// fixEndings gives a line that ended the file without a line break, and
// is no longer last, the ending eol, and gives the last line the file's
// final-newline state.
func (f *LineFile) fixEndings(eol string) {
	n := len(f.ends)
	for i := 0; i < n-1; i++ {
		if f.ends[i] == "" {
			f.ends[i] = eol
		}
	}
	switch {
	case n == 0:
	case !f.finalNL:
		f.ends[n-1] = ""
	case f.ends[n-1] == "":
		f.ends[n-1] = eol
	}
}

// eolAt is the ending of lines inserted before line i (see the type's
// policy); LF when the file has no line break.
func (f *LineFile) eolAt(i int) string {
	if eol, ok := f.doc.uniform(); ok {
		return eol
	}
	for k := min(i, len(f.ends)-1); k >= 0; k-- {
		if f.ends[k] != "" {
			return f.ends[k]
		}
	}
	return eolLF
}

// String returns the content: the BOM if the file had one, then every
// line with its ending.
func (f *LineFile) String() string {
	var b strings.Builder
	for i, l := range f.lines {
		b.WriteString(l)
		b.WriteString(f.ends[i])
	}
	return f.doc.withBOM(b.String())
}
