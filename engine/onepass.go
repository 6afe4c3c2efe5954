package engine

import (
	"strings"

	"github.com/gitedit/gitedit/engine/internal/onepass"
)

// A multiedit applies its edits in order, each matched on the result of
// the previous ones (SPEC 2.2): done literally, n edits cost n passes over
// the file. applyInOnePass computes the same outcome in one pass when it
// can prove it identical (see package onepass: each old_string occurs
// once in the original, the regions are disjoint, and no edit creates an
// occurrence of a later one's), and reports false otherwise (ApplyEdits
// then applies the edits one by one). It takes edits that are all exact
// (or auto), single, non-empty and CR-free, over a CR-free file, none
// with a byte-order mark (matching sees a file without its BOM).

// onePassMin is the number of edits from which ApplyEdits tries the one
// pass: below it the sequential passes cost less than the index.
const onePassMin = 16

// applyInOnePass returns the outcome of applying edits in order to
// content, and true, when it can prove it equal to the sequential one.
func applyInOnePass(content string, edits []Edit) (Outcome, bool) {
	if !onePassEligible(content, edits) {
		return Outcome{}, false
	}
	pairs := make([]onepass.Edit, len(edits))
	for k, e := range edits {
		pairs[k] = onepass.Edit{Old: e.OldString, New: e.NewString}
	}
	r, ok := onepass.Apply(content, pairs)
	if !ok {
		return Outcome{}, false
	}
	out := Outcome{Content: r.Content, Applied: make([]IndexedApplied, len(edits))}
	for k := range edits {
		out.Applied[k] = IndexedApplied{Index: k, Applied: Applied{Replacements: 1, MatchMode: Exact, Lines: []int{r.Lines[k]}, Changed: r.Changed[k]}}
	}
	return out, true
}

// onePassEligible checks the preconditions on the file and the edits.
func onePassEligible(content string, edits []Edit) bool {
	if content == "" || strings.Contains(content, utf8BOM) || strings.IndexByte(content, '\r') >= 0 {
		return false
	}
	for _, e := range edits {
		switch {
		case e.OldString == "" || e.ReplaceAll || e.OldString == e.NewString,
			e.MatchMode != "" && e.MatchMode != Auto && e.MatchMode != Exact,
			e.ExpectedReplacements != nil && *e.ExpectedReplacements != 1,
			strings.IndexByte(e.OldString, '\r') >= 0 || strings.IndexByte(e.NewString, '\r') >= 0,
			strings.Contains(e.OldString, utf8BOM) || strings.Contains(e.NewString, utf8BOM):
			return false
		}
	}
	return true
}
