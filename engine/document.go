package engine

import (
	"sort"
	"strings"
)

// utf8BOM is the UTF-8 byte-order mark.
const utf8BOM = "\uFEFF"

// Line endings.
const (
	eolLF   = "\n"
	eolCRLF = "\r\n"
)

// document is a file's content decoded for matching: the byte-order mark
// split off and every CRLF turned into LF, together with what it takes to
// map a position back to the raw bytes and to write new text in the
// file's own style.
//
// Policy (see the README): matching always runs on the LF text, so an LF
// old_string matches CRLF lines and the reverse, in every file. Bytes
// outside a replaced region are never touched. Text inserted into a
// uniform file takes the file's ending; in a mixed file it takes the
// ending of the line the region starts on (or of the last line break
// before it); in a file without any line break it keeps new_string's own
// style. A CRLF is never split: a region boundary at an LF that was a CRLF
// falls before its CR.
type document struct {
	bom      bool   // the content started with a UTF-8 BOM
	raw      string // the content without the BOM, endings as in the file
	text     string // raw with every CRLF turned into LF
	crlfs    []int  // ascending offsets in text of the LFs that are CRLFs in raw
	newlines int    // number of LFs in text
}

// decode splits content into a document.
func decode(content string) *document {
	d := &document{}
	if strings.HasPrefix(content, utf8BOM) {
		d.bom = true
		content = content[len(utf8BOM):]
	}
	d.raw, d.text = content, content
	d.newlines = strings.Count(content, eolLF)
	if strings.Contains(content, eolCRLF) {
		d.text, d.crlfs = stripCR(content)
	}
	return d
}

// stripCR turns every CRLF of raw into LF and returns the offsets, in the
// result, of the LFs that were CRLFs.
func stripCR(raw string) (string, []int) {
	var b strings.Builder
	b.Grow(len(raw))
	var at []int
	for {
		i := strings.Index(raw, eolCRLF)
		if i < 0 {
			break
		}
		b.WriteString(raw[:i])
		at = append(at, b.Len())
		b.WriteByte('\n')
		raw = raw[i+2:]
	}
	b.WriteString(raw)
	return b.String(), at
}

// toLF turns every CRLF of s into LF.
func toLF(s string) string {
	if !strings.Contains(s, eolCRLF) {
		return s
	}
	return strings.ReplaceAll(s, eolCRLF, eolLF)
}

// styleOf is the line ending s is written with: CRLF when it holds one,
// else LF.
func styleOf(s string) string {
	if strings.Contains(s, eolCRLF) {
		return eolCRLF
	}
	return eolLF
}

// encode writes the LF text s with line ending eol.
func encode(s, eol string) string {
	if eol == eolLF {
		return s
	}
	return strings.ReplaceAll(s, eolLF, eol)
}

// rawOffset maps offset p of d.text to the offset of the same byte in
// d.raw. An LF that was a CRLF maps to its CR.
func (d *document) rawOffset(p int) int {
	return p + sort.SearchInts(d.crlfs, p)
}

// isCRLF reports whether the LF at offset p of d.text was a CRLF.
func (d *document) isCRLF(p int) bool {
	i := sort.SearchInts(d.crlfs, p)
	return i < len(d.crlfs) && d.crlfs[i] == p
}

// uniform returns the file's single line ending and true, or false when
// the file mixes CRLF and LF or has no line break at all.
func (d *document) uniform() (string, bool) {
	switch {
	case d.newlines == 0:
		return "", false
	case len(d.crlfs) == 0:
		return eolLF, true
	case len(d.crlfs) == d.newlines:
		return eolCRLF, true
	}
	return "", false
}

// eolAt is the line ending for text inserted at offset p of d.text (see
// the type's policy); fallback is used when the file has no line break.
func (d *document) eolAt(p int, fallback string) string {
	if eol, ok := d.uniform(); ok {
		return eol
	}
	if d.newlines == 0 {
		return fallback
	}
	n := strings.IndexByte(d.text[p:], '\n')
	if n >= 0 {
		n += p
	} else {
		n = strings.LastIndexByte(d.text[:p], '\n')
	}
	if d.isCRLF(n) {
		return eolCRLF
	}
	return eolLF
}

// dominant is the file's majority line ending (LF on a tie), or fallback
// when the file has no line break.
func (d *document) dominant(fallback string) string {
	switch {
	case d.newlines == 0:
		return fallback
	case 2*len(d.crlfs) > d.newlines:
		return eolCRLF
	}
	return eolLF
}

// withBOM puts the file's byte-order mark back in front of body.
func (d *document) withBOM(body string) string {
	if d.bom {
		return utf8BOM + body
	}
	return body
}

// keepFinalNewline gives the LF text s, which is to end the file, the
// file's final-newline state: a line break is added when the file ended
// with one and s does not, and dropped in the reverse case. An empty s
// is left as is (a deletion at the end of the file is taken literally).
func (d *document) keepFinalNewline(s string) string {
	if s == "" {
		return s
	}
	had, has := strings.HasSuffix(d.text, eolLF), strings.HasSuffix(s, eolLF)
	switch {
	case had && !has:
		return s + eolLF
	case !had && has:
		return strings.TrimSuffix(s, eolLF)
	}
	return s
}

// replace returns d.raw with every candidate region (offsets in d.text)
// replaced by repl (LF text, passed through the candidate's Adapt), each
// insertion written with the line ending of its place. A non-empty
// insertion that ends the file takes the file's final-newline state. fallback is the
// ending used when the file has no line break. cands must be ordered and
// non-overlapping.
func (d *document) replace(cands []Candidate, repl, fallback string) string {
	var b strings.Builder
	b.Grow(len(d.raw) + len(repl))
	prev := 0
	for _, c := range cands {
		start, end := d.rawOffset(c.Start), d.rawOffset(c.End)
		b.WriteString(d.raw[prev:start])
		ins := repl
		if c.Adapt != nil {
			ins = toLF(c.Adapt(repl))
		}
		if c.End == len(d.text) {
			ins = d.keepFinalNewline(ins)
		}
		b.WriteString(encode(ins, d.eolAt(c.Start, fallback)))
		prev = end
	}
	b.WriteString(d.raw[prev:])
	return b.String()
}

// whole returns the content of a whole-file write of newContent over d.
// Over an empty file (no bytes besides a BOM) newContent is taken as given
// (a BOM kept). Over a file with content it is written in the file's
// style: its majority line ending, its BOM state, its final-newline state.
func (d *document) whole(newContent string) string {
	if d.raw == "" {
		if d.bom {
			return utf8BOM + strings.TrimPrefix(newContent, utf8BOM)
		}
		return newContent
	}
	text := d.keepFinalNewline(toLF(strings.TrimPrefix(newContent, utf8BOM)))
	return d.withBOM(encode(text, d.dominant(styleOf(newContent))))
}
