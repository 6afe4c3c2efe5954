package engine

import (
	"index/suffixarray"
	"sort"
	"strings"
)

// A multiedit applies its edits in order, each matched on the result of
// the previous ones (SPEC 2.2): done literally, n edits cost n passes over
// the file. applyInOnePass computes the same outcome in one pass when it
// can prove it identical, and reports false otherwise (ApplyEdits then
// applies the edits one by one). The proof, for edits that are all exact
// (or auto), single, non-empty and CR-free, over a CR-free file without
// BOM:
//
//  1. each old_string occurs exactly once in the original file (counting
//     overlapping occurrences), so its region is fixed;
//  2. the regions are apart by at least max(1, L-1) bytes of untouched
//     text, L being the longest old_string, so a window of any old_string
//     that overlaps an inserted text sees only that text and untouched
//     bytes around it (and a region never ends the file early);
//  3. no old_string of a later edit occurs overlapping an earlier edit's
//     inserted text within that window.
//
// Then, when edit k runs sequentially, its old_string occurs exactly once
// (its original occurrence survives by 2, none is created by 3), at its
// original region shifted by the earlier edits: the sequential result is
// the original with every region replaced at once.

// onePassMin is the number of edits from which ApplyEdits tries the one
// pass: below it the sequential passes cost less than the index.
const onePassMin = 16

// region is one edit's place in the original content.
type region struct {
	edit       int    // index in the edits
	start, end int    // offsets in the original
	ins        string // the text that replaces it
}

// applyInOnePass returns the outcome of applying edits in order to
// content, and true, when it can prove it equal to the sequential one.
func applyInOnePass(content string, edits []Edit) (Outcome, bool) {
	if !onePassEligible(content, edits) {
		return Outcome{}, false
	}
	regions, ok := locate(content, edits)
	if !ok || !createsNoMatch(content, edits, regions) {
		return Outcome{}, false
	}
	return spliceAll(content, edits, regions), true
}

// onePassEligible checks the preconditions on the file and the edits.
func onePassEligible(content string, edits []Edit) bool {
	if content == "" || strings.HasPrefix(content, utf8BOM) || strings.IndexByte(content, '\r') >= 0 {
		return false
	}
	for _, e := range edits {
		switch {
		case e.OldString == "" || e.ReplaceAll || e.OldString == e.NewString,
			e.MatchMode != "" && e.MatchMode != Auto && e.MatchMode != Exact,
			e.ExpectedReplacements != nil && *e.ExpectedReplacements != 1,
			strings.IndexByte(e.OldString, '\r') >= 0 || strings.IndexByte(e.NewString, '\r') >= 0:
			return false
		}
	}
	return true
}

// locate finds each edit's single occurrence in content (condition 1) and
// checks that the regions are far enough apart (condition 2). The
// regions are returned in edit order.
func locate(content string, edits []Edit) ([]region, bool) {
	index := suffixarray.New([]byte(content))
	doc := decode(content)
	regions := make([]region, len(edits))
	for k, e := range edits {
		at := index.Lookup([]byte(e.OldString), 2)
		if len(at) != 1 {
			return nil, false
		}
		r := region{edit: k, start: at[0], end: at[0] + len(e.OldString), ins: e.NewString}
		if r.end == len(content) {
			r.ins = doc.keepFinalNewline(r.ins)
		}
		regions[k] = r
	}
	byPlace := sortedByStart(regions)
	gap := max(1, longestOld(edits)-1)
	for i := 1; i < len(byPlace); i++ {
		if byPlace[i].start-byPlace[i-1].end < gap {
			return nil, false
		}
	}
	return regions, true
}

// sortedByStart returns a copy of regions ordered by position.
func sortedByStart(regions []region) []region {
	byPlace := append([]region(nil), regions...)
	sort.Slice(byPlace, func(i, j int) bool { return byPlace[i].start < byPlace[j].start })
	return byPlace
}

// longestOld is the length of the longest old_string.
func longestOld(edits []Edit) int {
	n := 0
	for _, e := range edits {
		n = max(n, len(e.OldString))
	}
	return n
}

// createsNoMatch checks condition 3: no old_string of a later edit occurs
// overlapping the text an earlier edit inserts, with the untouched bytes
// around it. The windows are joined by NUL bytes, which no old_string
// located in a text file contains.
func createsNoMatch(content string, edits []Edit, regions []region) bool {
	reach := max(1, longestOld(edits)-1)
	var joined strings.Builder
	starts := make([]int, len(regions)) // where each window starts in joined
	spans := make([][2]int, len(regions))
	for j, r := range regions {
		before := content[max(0, r.start-reach):r.start]
		starts[j] = joined.Len()
		spans[j] = [2]int{joined.Len() + len(before), joined.Len() + len(before) + len(r.ins)}
		joined.WriteString(before)
		joined.WriteString(r.ins)
		joined.WriteString(content[r.end:min(len(content), r.end+reach)])
		joined.WriteByte(0)
	}
	index := suffixarray.New([]byte(joined.String()))
	budget := 4*len(edits) + 64
	for k, e := range edits {
		at := index.Lookup([]byte(e.OldString), budget+1)
		if budget -= len(at); budget < 0 {
			return false
		}
		for _, q := range at {
			j := sort.SearchInts(starts, q+1) - 1
			if j < k && q < spans[j][1] && q+len(e.OldString) > spans[j][0] {
				return false
			}
		}
	}
	return true
}

// spliceAll replaces every region at once and describes each edit as the
// sequential application would: one replacement, exact, on the line where
// its region starts once the earlier edits are applied.
func spliceAll(content string, edits []Edit, regions []region) Outcome {
	byPlace := sortedByStart(regions)
	rank := make([]int, len(regions))
	var b strings.Builder
	b.Grow(len(content))
	prev := 0
	for i, r := range byPlace {
		rank[r.edit] = i
		b.WriteString(content[prev:r.start])
		b.WriteString(r.ins)
		prev = r.end
	}
	b.WriteString(content[prev:])
	lines := originalLines(content, byPlace)
	shift := make(fenwick, len(regions)+1)
	out := Outcome{Content: b.String(), Applied: make([]IndexedApplied, len(edits))}
	for k, r := range regions {
		line := lines[rank[k]] + shift.sum(rank[k])
		out.Applied[k] = IndexedApplied{Index: k, Applied: Applied{Replacements: 1, MatchMode: Exact, Lines: []int{line}, Changed: r.ins != edits[k].OldString}}
		shift.add(rank[k]+1, strings.Count(r.ins, "\n")-strings.Count(edits[k].OldString, "\n"))
	}
	return out
}

// originalLines returns the 1-based line of each region's start in the
// original content, for regions ordered by position.
func originalLines(content string, byPlace []region) []int {
	cands := make([]Candidate, len(byPlace))
	for i, r := range byPlace {
		cands[i] = Candidate{Start: r.start, End: r.end}
	}
	return lineNumbers(content, cands)
}

// fenwick is a binary indexed tree of line shifts by region rank (1-based).
type fenwick []int

// add adds d at position i.
func (f fenwick) add(i, d int) {
	for ; i < len(f); i += i & -i {
		f[i] += d
	}
}

// sum returns the total of positions 1..i.
func (f fenwick) sum(i int) int {
	s := 0
	for ; i > 0; i -= i & -i {
		s += f[i]
	}
	return s
}
