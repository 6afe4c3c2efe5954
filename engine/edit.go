package engine

import (
	"strconv"
	"strings"
)

// Edit is one replacement: OldString is found with MatchMode and replaced by
// NewString (docs/reference.md#edit). An empty OldString replaces the whole content.
type Edit struct {
	OldString  string
	NewString  string
	ReplaceAll bool
	// MatchMode selects the strategy; "" means Auto.
	MatchMode MatchMode
	// ExpectedReplacements, when non-nil, must equal the number of regions
	// that would be replaced, else the edit fails with count_mismatch.
	ExpectedReplacements *int
}

// Applied describes one edit that was applied.
type Applied struct {
	// Replacements is the number of regions replaced (0 for a no-op).
	Replacements int
	// MatchMode is the strategy that matched (Exact for whole-file writes).
	MatchMode MatchMode
	// Lines are the 1-based first lines of the replaced regions, in the
	// content the edit was applied to.
	Lines []int
	// Changed is false when the edit left the content as it was.
	Changed bool
}

// Failure is an edit skipped in partial mode.
type Failure struct {
	Index int // 0-based position in the edits slice
	Err   error
}

// Outcome is the result of ApplyEdits.
type Outcome struct {
	Content string
	// Applied holds one entry per edit that applied, with its index.
	Applied []IndexedApplied
	// Failed lists the edits skipped in partial mode.
	Failed []Failure
}

// IndexedApplied is an Applied with the edit's 0-based index.
type IndexedApplied struct {
	Index int
	Applied
}

// EditError is the error of ApplyEdits in atomic mode: edit Index failed
// with Err (usually an *Error).
type EditError struct {
	Index int
	Err   error
}

// Error names the failing edit 1-based ("edit 2: ...").
func (e *EditError) Error() string { return "edit " + strconv.Itoa(e.Index+1) + ": " + e.Err.Error() }

// Unwrap returns the failing edit's error.
func (e *EditError) Unwrap() error { return e.Err }

// ApplyEdit applies e to content, the raw file content (any line endings,
// maybe a UTF-8 BOM), and returns the new content (the content unchanged
// on error) and what was applied. Errors are *Error values with the error codes of docs/reference.md
// codes:
//
//   - e.MatchMode not a match mode, or ExpectedReplacements < 1: invalid_input.
//   - Empty OldString: whole-file write. Over empty content NewString is
//     the content as given; over content it is written in the file's style
//     (majority line ending, BOM, final-newline state). It counts as one
//     replacement, on line 1.
//   - OldString equal to NewString (after CRLF→LF): success with Changed
//     false and no matching at all (idempotent retries).
//   - Otherwise OldString and NewString are normalised to LF and matched
//     on the LF text of the file by the mode's strategy (Auto: the first
//     strategy of autoOrder that finds anything). 0 matches: not_found;
//     more than one without ReplaceAll: ambiguous; ExpectedReplacements
//     different from the number replaced: count_mismatch.
//
// The result keeps the file's BOM and line endings (see document). Bytes
// outside the matched regions are never changed; a non-empty replacement
// that ends the file takes the file's final-newline state, a deletion at
// the end is literal. Applied.MatchMode is the concrete strategy used;
// Applied.Lines are the 1-based first lines of the matched regions.
func ApplyEdit(content string, e Edit) (string, Applied, error) {
	mode, err := checkEdit(e)
	if err != nil {
		return content, Applied{}, err
	}
	if e.OldString == "" {
		return writeWhole(content, e)
	}
	if toLF(e.OldString) == toLF(e.NewString) {
		return content, Applied{MatchMode: concrete(mode)}, nil
	}
	return replaceMatches(content, e, mode)
}

// replaceMatches applies a targeted edit (non-empty OldString differing
// from NewString) to content with mode.
func replaceMatches(content string, e Edit, mode MatchMode) (string, Applied, error) {
	doc := decode(content)
	m, err := match(doc.text, toLF(e.OldString), mode)
	if err != nil {
		return content, Applied{}, err
	}
	lines := lineNumbers(doc.text, m.cands)
	if err := checkCount(e, lines); err != nil {
		return content, Applied{}, err
	}
	if err := checkAdapt(m.cands, lines, toLF(e.NewString)); err != nil {
		return content, Applied{}, err
	}
	out := doc.withBOM(doc.replace(m.cands, toLF(e.NewString), styleOf(e.NewString)))
	return out, Applied{Replacements: len(lines), MatchMode: m.mode, Lines: lines, Changed: out != content}, nil
}

// checkAdapt refuses new_string as ambiguous when a candidate (at the
// given lines) cannot adapt it with confidence (see Candidate.Check).
func checkAdapt(cands []Candidate, lines []int, newString string) error {
	for i, c := range cands {
		if c.Check == nil {
			continue
		}
		if why := c.Check(newString); why != "" {
			return &Error{Code: CodeAmbiguous, Count: 1, Lines: []int{lines[i]},
				Message: "old_string matched at line " + strconv.Itoa(lines[i]) + ", but " + why}
		}
	}
	return nil
}

// checkEdit validates e's fields and returns its match mode.
func checkEdit(e Edit) (MatchMode, error) {
	mode, err := ParseMatchMode(string(e.MatchMode))
	if err != nil {
		return "", err
	}
	if n := e.ExpectedReplacements; n != nil && *n < 1 {
		return "", &Error{Code: CodeInvalidInput,
			Message: "expected_replacements must be at least 1, got " + strconv.Itoa(*n)}
	}
	return mode, nil
}

// concrete is the mode reported for an edit that matched nothing: Auto
// reports Exact.
func concrete(mode MatchMode) MatchMode {
	if mode == Auto {
		return Exact
	}
	return mode
}

// writeWhole applies a whole-file write (empty OldString) to content.
func writeWhole(content string, e Edit) (string, Applied, error) {
	if err := checkCount(e, []int{1}); err != nil {
		return content, Applied{}, err
	}
	out := decode(content).whole(e.NewString)
	return out, Applied{Replacements: 1, MatchMode: Exact, Lines: []int{1}, Changed: out != content}, nil
}

// lineNumbers returns the 1-based line of each candidate's start in text.
func lineNumbers(text string, cands []Candidate) []int {
	lines := make([]int, len(cands))
	line, at := 1, 0
	for i, c := range cands {
		line += strings.Count(text[at:c.Start], "\n")
		at = c.Start
		lines[i] = line
	}
	return lines
}

// checkCount judges the matches at lines against e: several without
// ReplaceAll are ambiguous, a count other than ExpectedReplacements is a
// count_mismatch.
func checkCount(e Edit, lines []int) error {
	n := len(lines)
	if n > 1 && !e.ReplaceAll {
		return &Error{Code: CodeAmbiguous, Count: n, Lines: lines,
			Message: "old_string matches " + strconv.Itoa(n) + " times (lines " + listLines(lines) +
				"); set replace_all to replace every occurrence, " +
				"or add surrounding context to old_string so it matches only once"}
	}
	if x := e.ExpectedReplacements; x != nil && *x != n {
		return &Error{Code: CodeCountMismatch, Count: n, Expected: *x, Lines: lines,
			Message: "expected " + strconv.Itoa(*x) + " replacements but " +
				plural(n, "match", "matches") + " (" + lineWord(len(lines)) + " " + listLines(lines) + ")"}
	}
	return nil
}

// maxListedLines bounds the line numbers written into a message; the
// Error's Lines field always holds them all.
const maxListedLines = 100

// listLines writes lines as "3, 7, 12", eliding past maxListedLines.
func listLines(lines []int) string {
	var b strings.Builder
	for i, l := range lines {
		if i == maxListedLines {
			b.WriteString(" and " + strconv.Itoa(len(lines)-i) + " more")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(l))
	}
	return b.String()
}

// lineWord is "line" for one line number, "lines" for several.
func lineWord(n int) string {
	if n == 1 {
		return "line"
	}
	return "lines"
}

// plural writes "1 match" or "3 matches".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// ApplyEdits applies edits in order to one in-memory buffer, each on the
// result of the previous one (docs/reference.md#multiedit). Only edit 0 may have an empty
// OldString (file creation or whole write); a later one is invalid_input.
// An empty edits slice is invalid_input.
//
// Many edits are applied in one pass when that provably gives the same
// outcome (see applyInOnePass), so that the cost is close to the file's
// size plus the edits' instead of their product.
//
// Atomic (partial false): the first failing edit returns a zero Outcome
// and *EditError{Index, Err}. Partial: failing edits are recorded in
// Outcome.Failed, skipped, and the rest continue; the error is nil even
// when every edit failed.
func ApplyEdits(content string, edits []Edit, partial bool) (Outcome, error) {
	if len(edits) == 0 {
		return Outcome{}, &Error{Code: CodeInvalidInput, Message: "edits is empty: give at least one edit"}
	}
	if len(edits) >= onePassMin {
		if out, ok := applyInOnePass(content, edits); ok {
			return out, nil
		}
	}
	return applyInOrder(content, edits, partial)
}

// applyInOrder is ApplyEdits done literally: each edit applied to the
// result of the previous one.
func applyInOrder(content string, edits []Edit, partial bool) (Outcome, error) {
	out := Outcome{Content: content}
	for i, e := range edits {
		next, applied, err := applyAt(out.Content, i, e)
		if err != nil && !partial {
			return Outcome{}, &EditError{Index: i, Err: err}
		}
		if err != nil {
			out.Failed = append(out.Failed, Failure{Index: i, Err: err})
			continue
		}
		out.Content = next
		out.Applied = append(out.Applied, IndexedApplied{Index: i, Applied: applied})
	}
	return out, nil
}

// applyAt applies edit i of a multiedit to content.
func applyAt(content string, i int, e Edit) (string, Applied, error) {
	if i > 0 && e.OldString == "" {
		return content, Applied{}, &Error{Code: CodeInvalidInput, Message: "edits[" + strconv.Itoa(i) +
			"].old_string is empty: only the first edit may write the whole file"}
	}
	return ApplyEdit(content, e)
}
