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
// then from the strictest tolerant strategy to the loosest.
var autoOrder = []MatchMode{Exact}
