// Package commitmsg writes and reads the text of gitedit's commit
// messages: Meta.Message composes one (the subject from -m text or
// generated, the body with a line for each File, the Edit-* trailers in
// the reference's order), with body lines no git tool takes for a patch
// (SafeLine), paths as messages and trailers write them (Path, ZeroBlob
// for a missing side) and one-line trailer values (OneLine); Parse reads
// the trailers of a message as `git interpret-trailers --parse` does. One
// Trailer type (spec.Trailer, the log's too) serves both ways. It takes
// plain inputs (strings, File) and imports nothing of gitedit but engine
// and that shape: callers convert their own.
package commitmsg

import (
	"strings"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// ZeroBlob is the Edit-Blob-Before value of a created file and the
// Edit-Blob-After value of a deleted one, as git diff's "index" line
// shows a missing side.
const ZeroBlob = "0000000000000000000000000000000000000000"

// Trailer is one "Key: value" trailer line: the contract's own type, so
// that a parsed trailer is a log entry's without conversion.
type Trailer = spec.Trailer

// SplitSubject splits -m text into its first line and the rest, dropping
// surrounding blank lines and trailing whitespace as git's cleanup does.
func SplitSubject(text string) (subject string, rest []string) {
	var lines []string
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		lines = append(lines, strings.TrimRight(l, " \t\r"))
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return "", nil
	}
	rest = lines[1:]
	for len(rest) > 0 && rest[0] == "" {
		rest = rest[1:]
	}
	return lines[0], rest
}

// Path is path as commit messages and trailers write it: quoted
// as git quotes paths by default (quote.QuotePath: control bytes, quotes,
// backslashes and non-ASCII bytes, so the message stays UTF-8 and each
// path one line), and also when it has surrounding whitespace, which a
// trailer would lose. The recorded text does not depend on the local
// core.quotePath, so every clone reads the same message.
func Path(path string) string {
	if path != strings.TrimSpace(path) {
		return quote.CQuote(path)
	}
	return quote.QuotePath(path)
}

// OneLine folds a trailer value onto one line.
func OneLine(v string) string { return strings.Join(strings.Fields(v), " ") }

// SafeLine returns line, indented by one space when git would otherwise
// take it for the start of a patch: "diff -", "Index: ", or "---" followed
// by whitespace or a file name (git mailinfo's patchbreak, and the divider
// git interpret-trailers stops at). Carriage returns are dropped.
func SafeLine(line string) string {
	line = strings.ReplaceAll(line, "\r", "")
	if strings.HasPrefix(line, "diff -") || strings.HasPrefix(line, "Index: ") || strings.HasPrefix(line, "---") {
		return " " + line
	}
	return line
}
