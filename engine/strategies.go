package engine

// strategies maps each non-auto mode to its Strategy. Each strategy file
// registers itself from init.
var strategies = map[MatchMode]Strategy{}

// register adds s to the registry; it panics on a duplicate mode.
func register(s Strategy) {
	if _, dup := strategies[s.Mode()]; dup {
		panic("engine: strategy registered twice: " + string(s.Mode()))
	}
	strategies[s.Mode()] = s
}

// autoOrder is the order in which Auto tries the strategies: exact first,
// then from the strictest tolerant strategy to the loosest. Auto stops at
// the first strategy with a candidate, so a region a looser strategy
// would also accept is never preferred over a stricter match:
//
//   - TrimmedBoundary: old's text verbatim, only the whitespace around the
//     whole block dropped.
//   - IndentationFlexible: lines verbatim under one consistent indentation
//     shift.
//   - LineTrimmed, WhitespaceNormalized: whitespace inside and around lines.
//     These three whitespace strategies count every whitespace-equivalent
//     region as a match, so whitespace twins are ambiguous.
//   - UnicodeNormalized, EscapeNormalized: characters verbatim up to
//     typography or one level of escaping.
//   - BlockAnchor, ContextAware: blocks in which some lines differ, under
//     similarity thresholds and structure checks.
var autoOrder = []MatchMode{
	Exact, TrimmedBoundary, IndentationFlexible, LineTrimmed, WhitespaceNormalized,
	UnicodeNormalized, EscapeNormalized, BlockAnchor, ContextAware,
}
