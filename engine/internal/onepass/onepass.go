// Package onepass applies a sequence of exact replacements, each to the
// result of the previous one, in time close to the text's size plus the
// edits', when it can prove the outcome equal to the sequential one
// (engine's multiedit, SPEC 2.2); otherwise it reports false and the
// caller applies the edits one by one.
//
// The proof. Each Old occurs exactly once in the original text (counting
// overlapping occurrences) and the regions are disjoint (they may touch),
// so every region is intact until its own edit runs. Edit k then finds
// one occurrence in the text S(k-1) unless another one touches a change
// of an earlier edit: it overlaps the text an edit m < k inserted, or
// spans the point where a deleted region was. Take m the latest such
// edit: the occurrence is already in S(m), touching m's change, and no
// edit between m and k has touched its bytes. So it is enough to look,
// once per edit m, at S(m) around m's change (the longest later Old less
// one byte each way) for an occurrence of a later Old that no edit in
// between overwrites. Those windows are built while the edits are applied
// to a chain of pieces (O(window) each, deleted pieces unlinked) and
// searched with one suffix array. Adjacent lines, or edits in any order,
// cost no more than edits far apart.
package onepass

import (
	"index/suffixarray"
	"sort"
	"strings"
)

// Edit is one replacement of Old (non-empty) by New.
type Edit struct{ Old, New string }

// Result is the outcome of the edits applied in order.
type Result struct {
	Content string
	// Lines is, per edit, the 1-based line of its region in the text it
	// applied to; Changed whether it changed that text.
	Lines   []int
	Changed []bool
}

// Apply returns the outcome of applying edits in order to content (a
// replacement that ends the text takes the text's final-newline state, a
// deletion there is literal), and true, when it can prove that each Old
// occurs exactly once in the text it applies to.
func Apply(content string, edits []Edit) (Result, bool) {
	t, hashed := newTable(edits)
	starts, ok := locate(content, edits, t, hashed)
	if !ok {
		return Result{}, false
	}
	c := newChain(content, edits, starts)
	if !c.run(edits) {
		return Result{}, false
	}
	if hashed && !c.safeByHash(t, edits, c.joined.String()) || !hashed && !c.safe(edits) {
		return Result{}, false
	}
	return c.result(edits), true
}

// locate returns each Old's single offset in content, when every Old
// occurs exactly once and the regions are disjoint; it searches with the
// table t when hashed, else with a suffix array.
func locate(content string, edits []Edit, t table, hashed bool) ([]int, bool) {
	if hashed {
		starts, ok := t.locateByHash(content, edits)
		return starts, ok && disjoint(starts, edits)
	}
	index := suffixarray.New([]byte(content))
	starts := make([]int, len(edits))
	for k, e := range edits {
		at := index.Lookup([]byte(e.Old), 2)
		if len(at) != 1 {
			return nil, false
		}
		starts[k] = at[0]
	}
	return starts, disjoint(starts, edits)
}

// disjoint reports whether the regions at starts do not overlap.
func disjoint(starts []int, edits []Edit) bool {
	order := byPlace(starts)
	for i := 1; i < len(order); i++ {
		if p, q := order[i-1], order[i]; starts[q] < starts[p]+len(edits[p].Old) {
			return false
		}
	}
	return true
}

// byPlace returns the edit indexes ordered by their region's offset.
func byPlace(starts []int) []int {
	order := make([]int, len(starts))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool { return starts[order[i]] < starts[order[j]] })
	return order
}

// keepFinal gives s, which is to end a text that ended with a line break
// or not (had), the same final-newline state; an empty s stays empty.
func keepFinal(s string, had bool) string {
	switch has := strings.HasSuffix(s, "\n"); {
	case s == "" || had == has:
		return s
	case had:
		return s + "\n"
	}
	return strings.TrimSuffix(s, "\n")
}
