package engine

import (
	"cmp"
	"slices"
	"strconv"
)

// Candidate is one region of the searched text that a strategy considers
// equivalent to old_string: the half-open byte range [Start, End).
type Candidate struct {
	Start, End int
	// Adapt, when non-nil, rewrites new_string into the style of the
	// matched region (indentation shift, quote style, escapes) before it is
	// inserted. nil inserts new_string as given.
	Adapt func(newString string) string
	// Check, when non-nil, returns why new_string cannot be adapted with
	// confidence (the edit is then refused as ambiguous), or "".
	Check func(newString string) string
}

// Strategy finds every region of text equivalent to old under one notion
// of equivalence. Find must return all such regions, in any order, so that
// uniqueness can be judged over all of them. Regions that overlap are
// returned as found, not resolved: the driver refuses them as ambiguous.
// Candidates with End < Start are invalid and ignored.
type Strategy interface {
	Mode() MatchMode
	Find(text, old string) []Candidate
}

// matched is the driver's result: the strategy that matched and its
// candidates, ordered by start and pairwise disjoint.
type matched struct {
	mode  MatchMode
	cands []Candidate
}

// match finds old in text (both LF-normalised, without BOM) with mode.
// A concrete mode runs its strategy. Auto walks autoOrder and stops at the
// first strategy with at least one candidate, so an ambiguous exact match
// never falls through to a looser strategy. No candidate at all is the
// not_found error; two overlapping candidates are the ambiguous error
// (see tidy), and so is a tolerant match that another region explains
// comparably well (see hybridError); an unknown or unavailable mode is
// invalid_input.
func match(text, old string, mode MatchMode) (matched, error) {
	if mode != Auto {
		s, ok := strategies[mode]
		if !ok {
			return matched{}, &Error{Code: CodeInvalidInput,
				Message: "match_mode " + strconv.Quote(string(mode)) + " is not available"}
		}
		return found(mode, s.Find(text, old), text, old)
	}
	for _, m := range autoOrder {
		if s, ok := strategies[m]; ok {
			if c := s.Find(text, old); len(c) > 0 {
				return found(m, c, text, old)
			}
		}
	}
	return matched{}, notFoundError(text, old)
}

// found wraps the candidates of mode; none is not_found, two that
// overlap are ambiguous.
func found(mode MatchMode, cands []Candidate, text, old string) (matched, error) {
	cands, err := tidy(text, cands)
	if err != nil {
		return matched{}, err
	}
	if len(cands) == 0 {
		return matched{}, notFoundError(text, old)
	}
	if mode.Tolerant() {
		if err := hybridError(text, old, mode, cands); err != nil {
			return matched{}, err
		}
	}
	return matched{mode: mode, cands: cands}, nil
}

// tidy orders candidates by start (then end), drops invalid ones (End <
// Start) and repeats of the same range (the first is kept: one region
// is one match), and refuses overlapping ones: two candidates overlap
// when they share a byte, start at the same offset, or one is empty and
// lies strictly inside the other. Replacing either would be a guess at the
// extent and replacing both would corrupt the text, so an overlap is an
// ambiguous error naming the first overlapping pair, whatever
// replace_all says.
func tidy(text string, cands []Candidate) ([]Candidate, error) {
	out := sortedDistinct(cands)
	for i := 1; i < len(out); i++ {
		if p, c := out[i-1], out[i]; c.Start < p.End || c.Start == p.Start {
			return nil, overlapError(text, p, c, len(out))
		}
	}
	return out, nil
}

// sortedDistinct returns the valid candidates ordered by start then end,
// each range once (the first given is kept).
func sortedDistinct(cands []Candidate) []Candidate {
	out := make([]Candidate, 0, len(cands))
	for _, c := range cands {
		if c.End >= c.Start {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b Candidate) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	return slices.CompactFunc(out, func(a, b Candidate) bool { return a.Start == b.Start && a.End == b.End })
}

// overlapError is the ambiguous error for overlapping candidates a and b
// (a first) out of n distinct ones.
func overlapError(text string, a, b Candidate, n int) *Error {
	lines := lineNumbers(text, []Candidate{a, b})
	at := "lines " + strconv.Itoa(lines[0]) + " and " + strconv.Itoa(lines[1])
	if lines[0] == lines[1] {
		at = "line " + strconv.Itoa(lines[0])
	}
	return &Error{Code: CodeAmbiguous, Count: n, Lines: lines, Message: "old_string has overlapping matches " +
		"(starting at " + at + "), which cannot be told apart or replaced separately; " +
		"add surrounding context to old_string so it matches only once"}
}
