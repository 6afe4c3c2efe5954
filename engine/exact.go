package engine

import "strings"

func init() { register(exactStrategy{}) }

// exactStrategy is the Exact mode: old_string byte for byte (after the
// line-ending normalisation every strategy gets).
type exactStrategy struct{}

// Mode returns Exact.
func (exactStrategy) Mode() MatchMode { return Exact }

// Find returns every non-overlapping occurrence of old in text, scanning
// left to right and resuming after each occurrence, as strings.Count and
// git grep count: "aa" in "aaa" is one match, at offset 0, never an
// overlap. An empty old has no occurrence. The strategies that search
// with this scan (TrimmedBoundary, UnicodeNormalized, EscapeNormalized)
// share its semantics; the overlap rule of the driver concerns the
// line-window strategies, whose regions may overlap.
func (exactStrategy) Find(text, old string) []Candidate {
	if old == "" {
		return nil
	}
	var cands []Candidate
	for at := 0; ; {
		i := strings.Index(text[at:], old)
		if i < 0 {
			return cands
		}
		start := at + i
		at = start + len(old)
		cands = append(cands, Candidate{Start: start, End: at})
	}
}
