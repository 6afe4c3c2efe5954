package engine

import (
	"sort"
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
}

// Strategy finds every region of text equivalent to old under one notion
// of equivalence. Find must return all such regions, non-overlapping and
// in order, so that uniqueness can be judged over all of them.
type Strategy interface {
	Mode() MatchMode
	Find(text, old string) []Candidate
}

// matched is the driver's result: the strategy that matched and its
// candidates, ordered and non-overlapping.
type matched struct {
	mode  MatchMode
	cands []Candidate
}

// match finds old in text (both LF-normalised, without BOM) with mode.
// A concrete mode runs its strategy. Auto walks autoOrder and stops at the
// first strategy with at least one candidate, so an ambiguous exact match
// never falls through to a looser strategy. No candidate at all is the
// not_found error; an unknown or unavailable mode is invalid_input.
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

// found wraps the candidates of mode, or returns not_found when there are none.
func found(mode MatchMode, cands []Candidate, text, old string) (matched, error) {
	if len(cands) == 0 {
		return matched{}, notFoundError(text, old)
	}
	return matched{mode: mode, cands: tidy(cands)}, nil
}

// tidy orders candidates by start and drops any that overlaps a kept one,
// so that replacement can never corrupt the text even if a strategy
// breaks the Find contract.
func tidy(cands []Candidate) []Candidate {
	if !sort.SliceIsSorted(cands, func(i, j int) bool { return cands[i].Start < cands[j].Start }) {
		cands = append([]Candidate(nil), cands...)
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].Start < cands[j].Start })
	}
	out := cands[:0:0]
	end := -1
	for _, c := range cands {
		if c.Start >= end && c.End >= c.Start {
			out = append(out, c)
			end = max(c.End, c.Start+1)
		}
	}
	return out
}
