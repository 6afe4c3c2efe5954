package diff

// run is a stretch of n equal lines: old lines [a, a+n) equal new lines
// [b, b+n).
type run struct{ a, b, n int }

// diffBudget bounds the work of one Myers search, in steps of
// (lines × edit distance); a region that needs more is split at patience
// anchors instead, which keeps the diff fast on large, much-changed files
// at the price of minimality there. A variable so tests can force the
// fallback.
var diffBudget = 1 << 26

// diffLines returns the equal runs of an edit script from al to bl, in
// order.
func diffLines(al, bl []string) []run {
	ids := make(map[string]int, len(al)+len(bl))
	d := &differ{a: intern(ids, al), b: intern(ids, bl)}
	d.diff(0, len(al), 0, len(bl))
	return d.runs
}

// intern maps each line to a small integer, equal lines to equal ones.
func intern(ids map[string]int, lines []string) []int {
	out := make([]int, len(lines))
	for i, l := range lines {
		id, ok := ids[l]
		if !ok {
			id = len(ids)
			ids[l] = id
		}
		out[i] = id
	}
	return out
}

// differ computes the equal runs between a and b.
type differ struct {
	a, b []int
	runs []run
}

// equal records n equal lines at a and b, merging with the previous run.
func (d *differ) equal(a, b, n int) {
	if k := len(d.runs) - 1; k >= 0 && d.runs[k].a+d.runs[k].n == a && d.runs[k].b+d.runs[k].n == b {
		d.runs[k].n += n
		return
	}
	d.runs = append(d.runs, run{a, b, n})
}

// diff records the equal runs between a[a0:a1] and b[b0:b1].
func (d *differ) diff(a0, a1, b0, b1 int) {
	n := 0
	for a0+n < a1 && b0+n < b1 && d.a[a0+n] == d.b[b0+n] {
		n++
	}
	if n > 0 {
		d.equal(a0, b0, n)
		a0, b0 = a0+n, b0+n
	}
	s := 0
	for a1-s > a0 && b1-s > b0 && d.a[a1-s-1] == d.b[b1-s-1] {
		s++
	}
	a1, b1 = a1-s, b1-s
	if a0 < a1 && b0 < b1 {
		d.split(a0, a1, b0, b1)
	}
	if s > 0 {
		d.equal(a1, b1, s)
	}
}

// split divides a region without common prefix or suffix at its middle
// snake, or at patience anchors when Myers would exceed diffBudget.
func (d *differ) split(a0, a1, b0, b1 int) {
	limit := max(64, diffBudget/(a1-a0+b1-b0))
	x, y, ok := bisect(d.a[a0:a1], d.b[b0:b1], limit)
	x, y = x+a0, y+b0
	if !ok || (x == a0 && y == b0) || (x == a1 && y == b1) {
		d.anchor(a0, a1, b0, b1)
		return
	}
	d.diff(a0, x, b0, y)
	d.diff(x, a1, y, b1)
}

// bisect finds the middle snake of Myers' algorithm for a and b, searching
// forward and backward at once (as in diff-match-patch), and returns the
// point where the paths meet. ok is false when the edit distance exceeds
// about 2×limit or a and b have nothing in common. Memory is O(limit).
func bisect(a, b []int, limit int) (x, y int, ok bool) {
	s := newSearch(a, b, limit)
	for d := 0; d < s.maxD && d <= limit; d++ {
		if x, y, ok := s.forward(d); ok {
			return x, y, true
		}
		if x, y, ok := s.backward(d); ok {
			return x, y, true
		}
	}
	return 0, 0, false
}

// search is the state of one bisect: the furthest x reached on each
// diagonal forward (v1) and backward (v2), and the diagonal ranges still
// inside the grid.
type search struct {
	a, b                           []int
	v1, v2                         []int
	off, delta, maxD               int
	front                          bool
	k1start, k1end, k2start, k2end int
}

// newSearch prepares a bisect of a and b bounded by limit.
func newSearch(a, b []int, limit int) *search {
	maxD := (len(a) + len(b) + 1) / 2
	off := min(maxD, limit+2)
	s := &search{a: a, b: b, v1: newV(2*off + 2), v2: newV(2*off + 2),
		off: off, delta: len(a) - len(b), maxD: maxD}
	s.front = s.delta%2 != 0
	s.v1[off+1], s.v2[off+1] = 0, 0
	return s
}

// forward extends the forward paths to distance d and reports the meeting
// point when one overlaps a backward path.
func (s *search) forward(d int) (int, int, bool) {
	n, m := len(s.a), len(s.b)
	for k := -d + s.k1start; k <= d-s.k1end; k += 2 {
		x := step(s.v1, s.off+k, k, d)
		y := x - k
		for x < n && y < m && s.a[x] == s.b[y] {
			x, y = x+1, y+1
		}
		s.v1[s.off+k] = x
		switch j := s.off + s.delta - k; {
		case x > n:
			s.k1end += 2
		case y > m:
			s.k1start += 2
		case s.front && j >= 0 && j < len(s.v2) && s.v2[j] != -1 && x >= n-s.v2[j]:
			return x, y, true
		}
	}
	return 0, 0, false
}

// backward extends the backward paths to distance d and reports the
// meeting point when one overlaps a forward path.
func (s *search) backward(d int) (int, int, bool) {
	n, m := len(s.a), len(s.b)
	for k := -d + s.k2start; k <= d-s.k2end; k += 2 {
		x := step(s.v2, s.off+k, k, d)
		y := x - k
		for x < n && y < m && s.a[n-x-1] == s.b[m-y-1] {
			x, y = x+1, y+1
		}
		s.v2[s.off+k] = x
		switch j := s.off + s.delta - k; {
		case x > n:
			s.k2end += 2
		case y > m:
			s.k2start += 2
		case !s.front && j >= 0 && j < len(s.v1) && s.v1[j] != -1 && s.v1[j] >= n-x:
			return s.v1[j], s.v1[j] - (j - s.off), true
		}
	}
	return 0, 0, false
}

// newV returns a V array of size n filled with -1 (unvisited).
func newV(n int) []int {
	v := make([]int, n)
	for i := range v {
		v[i] = -1
	}
	return v
}

// step is the furthest x reachable on diagonal k (V index i) at distance
// d before following the snake: down from k+1 or right from k-1.
func step(v []int, i, k, d int) int {
	if k == -d || (k != d && v[i-1] < v[i+1]) {
		return v[i+1]
	}
	return v[i-1] + 1
}

// anchor splits a[a0:a1] / b[b0:b1] at the longest increasing sequence of
// lines that occur exactly once on each side (patience diff) and diffs
// the gaps between them. Without any such line the region is one change.
func (d *differ) anchor(a0, a1, b0, b1 int) {
	anchors := patience(d.a[a0:a1], d.b[b0:b1])
	if len(anchors) == 0 {
		return
	}
	for _, p := range anchors {
		d.diff(a0, a0+p.a, b0, b0+p.b)
		d.equal(a0+p.a, b0+p.b, 1)
		a0, b0 = a0+p.a+1, b0+p.b+1
	}
	d.diff(a0, a1, b0, b1)
}

// patience returns the anchors of a and b: pairs of positions of lines
// unique to both sides, longest increasing on both, as offsets relative to
// the previous anchor's successor (the first relative to 0).
func patience(a, b []int) []run {
	type seen struct{ na, nb, ia, ib int }
	occ := make(map[int]*seen)
	for i, x := range a {
		s := occ[x]
		if s == nil {
			s = &seen{}
			occ[x] = s
		}
		s.na, s.ia = s.na+1, i
	}
	var pairs []run
	for j, x := range b {
		if s := occ[x]; s != nil {
			s.nb, s.ib = s.nb+1, j
		}
	}
	for i, x := range a {
		if s := occ[x]; s.na == 1 && s.nb == 1 {
			pairs = append(pairs, run{a: i, b: s.ib})
		}
	}
	return relative(longestIncreasing(pairs))
}

// relative rewrites absolute anchor positions as offsets from the line
// after the previous anchor.
func relative(anchors []run) []run {
	pa, pb := 0, 0
	for i, p := range anchors {
		anchors[i] = run{a: p.a - pa, b: p.b - pb}
		pa, pb = p.a+1, p.b+1
	}
	return anchors
}

// longestIncreasing returns the longest subsequence of pairs (ordered by
// a) whose b increases too, by patience sorting in O(n log n).
func longestIncreasing(pairs []run) []run {
	tails := []int{} // index in pairs of the smallest tail of each length
	prev := make([]int, len(pairs))
	for i, p := range pairs {
		lo, hi := 0, len(tails)
		for lo < hi {
			mid := (lo + hi) / 2
			if pairs[tails[mid]].b < p.b {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		prev[i] = -1
		if lo > 0 {
			prev[i] = tails[lo-1]
		}
		if lo == len(tails) {
			tails = append(tails, i)
		} else {
			tails[lo] = i
		}
	}
	out := make([]run, len(tails))
	if len(tails) == 0 {
		return out
	}
	for i, k := len(tails)-1, tails[len(tails)-1]; i >= 0; i, k = i-1, prev[k] {
		out[i] = pairs[k]
	}
	return out
}
