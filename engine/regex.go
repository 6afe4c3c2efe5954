package engine

import (
	"regexp"
	"strconv"
	"strings"
)

// Regex is the strategy reported (Applied.MatchMode, Edit-Match) for a
// regular-expression replacement. It is not a match mode a request can
// name: ParseMatchMode refuses it.
const Regex MatchMode = "regex"

// RegexEdit replaces every match of Pattern (Go RE2 syntax: linear time)
// with Replace, in which $1, ${1}, $name and ${name} expand to the
// submatches as regexp.Regexp.Expand defines ($$ is a literal $).
type RegexEdit struct {
	Pattern *regexp.Regexp
	Replace string
}

// CompileRegex compiles pattern into a RegexEdit; a syntax error is an
// *Error with code invalid_input that quotes the pattern.
func CompileRegex(pattern, replace string) (RegexEdit, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return RegexEdit{}, &Error{Code: CodeInvalidInput, Message: "regex " + strconv.Quote(pattern) + ": " + err.Error()}
	}
	return RegexEdit{Pattern: re, Replace: replace}, nil
}

// LiteralHint returns a string that every content the pattern can match
// contains (raw bytes, any line endings), for a fast prefilter; "" when
// there is none. It is the pattern's literal prefix up to its first line
// break (a CRLF file holds "\r\n" where the matched LF text holds "\n").
func (e RegexEdit) LiteralHint() string {
	if e.Pattern == nil {
		return ""
	}
	prefix, _ := e.Pattern.LiteralPrefix()
	if i := strings.IndexByte(prefix, '\n'); i >= 0 {
		prefix = prefix[:i]
	}
	return prefix
}

// MaxRegexMatches bounds the matches of a regex in one file: the offsets,
// lines and the expansion of each match are held in memory (about 100
// bytes a match beyond the file itself), so a pattern such as "x*", which
// matches at every byte, cannot take gigabytes on a large file.
const MaxRegexMatches = 1 << 20

// ApplyRegex replaces every match of e.Pattern in content, the raw file
// content, and returns the new content and what was applied.
//
// Matching runs on the document's LF text (BOM split off, CRLF read as
// LF), as for the other strategies: "\n" in a pattern matches a CRLF line
// break, and a match never ends between a CR and its LF. Lines are those
// of sed and perl: after a final line break (or in an empty file) there
// is no line, so the empty match Go finds there ((?m)^, (?m)$, (?m)^$,
// \z) is dropped, and a "prefix every line" regex leaves no stray
// fragment at the end. The expansion is
// written with the line ending of its place (see document) and is
// otherwise literal: unlike a targeted edit, no final-newline adjustment
// is made. Bytes outside the matches are never changed. No match is an
// *Error with code not_found; a nil pattern is invalid_input.
func ApplyRegex(content string, e RegexEdit) (string, Applied, error) {
	if e.Pattern == nil {
		return content, Applied{}, &Error{Code: CodeInvalidInput, Message: "regex: no pattern"}
	}
	doc := decode(content)
	ms := e.Pattern.FindAllStringSubmatchIndex(doc.text, MaxRegexMatches+1)
	if n := len(ms); n > 0 && ms[n-1][0] == len(doc.text) && (doc.text == "" || strings.HasSuffix(doc.text, "\n")) {
		ms = ms[:n-1] // after the final line break: no line there (sed, perl)
	}
	if len(ms) > MaxRegexMatches {
		return content, Applied{}, &Error{Code: CodeUnsupported, Message: "regex " + strconv.Quote(e.Pattern.String()) +
			" matches more than " + strconv.Itoa(MaxRegexMatches) + " times in one file (the bound that keeps a recipe's memory per file in check); narrow the pattern"}
	}
	if len(ms) == 0 {
		return content, Applied{}, &Error{Code: CodeNotFound,
			Message: "regex " + strconv.Quote(e.Pattern.String()) + " matches nothing"}
	}
	out := doc.withBOM(doc.expandAll(e, ms))
	lines := lineNumbers(doc.text, regexCandidates(ms))
	return out, Applied{Replacements: len(ms), MatchMode: Regex, Lines: lines, Changed: out != content}, nil
}

// expandAll returns d.raw with each match of ms (submatch offsets in
// d.text, ordered, non-overlapping) replaced by its expansion of e.Replace.
func (d *document) expandAll(e RegexEdit, ms [][]int) string {
	tmpl, fallback := toLF(e.Replace), styleOf(e.Replace)
	var b strings.Builder
	b.Grow(len(d.raw))
	prev := 0
	var buf []byte
	for _, m := range ms {
		b.WriteString(d.raw[prev:d.rawOffset(m[0])])
		buf = e.Pattern.ExpandString(buf[:0], tmpl, d.text, m)
		b.WriteString(encode(string(buf), d.eolAt(m[0], fallback)))
		prev = d.rawOffset(m[1])
	}
	b.WriteString(d.raw[prev:])
	return b.String()
}

// regexCandidates turns submatch offsets into candidate regions.
func regexCandidates(ms [][]int) []Candidate {
	cands := make([]Candidate, len(ms))
	for i, m := range ms {
		cands[i] = Candidate{Start: m[0], End: m[1]}
	}
	return cands
}
