package engine

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
