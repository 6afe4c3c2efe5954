package engine

import (
	"strconv"
	"strings"
)

// MatchMode names a matching strategy of docs/reference.md (match modes).
type MatchMode string

// The match modes of docs/reference.md (match modes). Auto tries Exact first and then the
// tolerant strategies in the order of autoOrder.
const (
	Auto                 MatchMode = "auto"
	Exact                MatchMode = "exact"
	LineTrimmed          MatchMode = "line_trimmed"
	WhitespaceNormalized MatchMode = "whitespace_normalized"
	IndentationFlexible  MatchMode = "indentation_flexible"
	EscapeNormalized     MatchMode = "escape_normalized"
	UnicodeNormalized    MatchMode = "unicode_normalized"
	TrimmedBoundary      MatchMode = "trimmed_boundary"
	BlockAnchor          MatchMode = "block_anchor"
	ContextAware         MatchMode = "context_aware"
)

// MatchModes lists every accepted mode name, Auto first.
var MatchModes = []MatchMode{
	Auto, Exact, LineTrimmed, WhitespaceNormalized, IndentationFlexible,
	EscapeNormalized, UnicodeNormalized, TrimmedBoundary, BlockAnchor, ContextAware,
}

// ParseMatchMode returns the mode named s; "" means Auto. Any other name is
// an *Error with code invalid_input listing the accepted names.
func ParseMatchMode(s string) (MatchMode, error) {
	if s == "" {
		return Auto, nil
	}
	for _, m := range MatchModes {
		if string(m) == s {
			return m, nil
		}
	}
	names := make([]string, len(MatchModes))
	for i, m := range MatchModes {
		names[i] = string(m)
	}
	return "", &Error{Code: CodeInvalidInput,
		Message: "unknown match_mode " + strconv.Quote(s) + " (expected one of " + strings.Join(names, ", ") + ")"}
}

// Tolerant reports whether m is one of the fuzzy strategies, i.e. neither
// Exact nor Auto.
func (m MatchMode) Tolerant() bool { return m != Exact && m != Auto && m != "" }
