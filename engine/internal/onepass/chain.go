package onepass

import (
	"index/suffixarray"
	"sort"
	"strings"
)

// chain is the text as pieces in order (the gaps between regions and the
// regions), the non-empty ones linked, with the windows recorded while
// the edits are applied.
type chain struct {
	text       []string // each piece's current text
	prev, next []int    // links between non-empty pieces; -1 at the ends
	edit       []int    // a region's edit while it is not yet replaced, else -1
	piece      []int    // each edit's region piece
	order      []int    // the edits by place
	starts     []int    // each edit's offset in the original
	ins        []string // what each edit inserted
	original   string

	joined  strings.Builder // the windows, one after the other
	windows []window
	spans   []span // the unreplaced regions inside the windows
	stack   []int
}

// window is the text after edit m around its change: the change at
// [ins0, ins1) of joined, and spans[s0:s1] the regions not yet replaced.
type window struct{ start, end, ins0, ins1, m, s0, s1 int }

// span is a region not yet replaced (of edit) at [start, end) of joined.
type span struct{ start, end, edit int }

// newChain splits content into pieces at the regions.
func newChain(content string, edits []Edit, starts []int) *chain {
	c := &chain{original: content, starts: starts, order: byPlace(starts), piece: make([]int, len(edits)), ins: make([]string, len(edits))}
	at := 0
	for _, k := range c.order {
		c.add(content[at:starts[k]], -1)
		c.piece[k] = len(c.text)
		at = starts[k] + len(edits[k].Old)
		c.add(content[starts[k]:at], k)
	}
	c.add(content[at:], -1)
	c.prev, c.next = make([]int, len(c.text)), make([]int, len(c.text))
	last := -1
	for i, t := range c.text {
		c.prev[i], c.next[i] = last, -1
		if t != "" {
			if last >= 0 {
				c.next[last] = i
			}
			last = i
		}
	}
	return c
}

// add appends a piece.
func (c *chain) add(text string, edit int) {
	c.text = append(c.text, text)
	c.edit = append(c.edit, edit)
}

// run applies the edits in order and records, after each one but the
// last, its window; false when the windows outgrow a few times the text.
func (c *chain) run(edits []Edit) bool {
	longest := make([]int, len(edits)+1) // the longest Old from edit k on
	total := len(c.original)
	for k := len(edits) - 1; k >= 0; k-- {
		longest[k] = max(longest[k+1], len(edits[k].Old))
		total += len(edits[k].New)
	}
	c.windows, c.spans = make([]window, 0, len(edits)), make([]span, 0, 2*len(edits))
	c.joined.Grow(2 * total)
	for m, e := range edits {
		p := c.piece[m]
		ins := e.New
		if c.next[p] < 0 {
			ins = keepFinal(ins, strings.HasSuffix(e.Old, "\n"))
		}
		c.text[p], c.edit[p], c.ins[m] = ins, -1, ins
		left, right := c.prev[p], c.next[p]
		if ins == "" {
			c.unlink(p)
		}
		if reach := longest[m+1] - 1; m+1 < len(edits) && (reach > 0 || ins != "") {
			c.record(m, left, right, ins, reach)
			if c.joined.Len() > 4*total+4096 {
				return false
			}
		}
	}
	return true
}

// unlink takes the emptied piece p out of the links.
func (c *chain) unlink(p int) {
	if c.prev[p] >= 0 {
		c.next[c.prev[p]] = c.next[p]
	}
	if c.next[p] >= 0 {
		c.prev[c.next[p]] = c.prev[p]
	}
}

// record appends edit m's window: reach bytes of the pieces before its
// change (from left back), the inserted text, reach bytes after.
func (c *chain) record(m, left, right int, ins string, reach int) {
	w := window{start: c.joined.Len(), m: m, s0: len(c.spans)}
	c.stack = c.stack[:0]
	for q, n := left, 0; q >= 0 && n < reach; q = c.prev[q] {
		c.stack = append(c.stack, q)
		n += len(c.text[q])
	}
	skip := -reach
	for _, q := range c.stack {
		skip += len(c.text[q])
	}
	for i := len(c.stack) - 1; i >= 0; i-- {
		c.write(c.stack[i], max(0, skip), len(c.text[c.stack[i]]))
		skip -= len(c.text[c.stack[i]])
	}
	w.ins0 = c.joined.Len()
	c.joined.WriteString(ins)
	w.ins1 = c.joined.Len()
	for q, n := right, 0; q >= 0 && n < reach; q = c.next[q] {
		c.write(q, 0, min(len(c.text[q]), reach-n))
		n += len(c.text[q])
	}
	w.end, w.s1 = c.joined.Len(), len(c.spans)
	c.windows = append(c.windows, w)
}

// write appends bytes [from, to) of piece q to the windows.
func (c *chain) write(q, from, to int) {
	if c.edit[q] >= 0 {
		c.spans = append(c.spans, span{start: c.joined.Len(), end: c.joined.Len() + to - from, edit: c.edit[q]})
	}
	c.joined.WriteString(c.text[q][from:to])
}

// safe reports whether no window holds a threat: an occurrence of a
// later edit's Old that touches the window's change and that no edit in
// between overwrites (see the package comment).
func (c *chain) safe(edits []Edit) bool {
	if len(c.windows) == 0 {
		return true
	}
	index := suffixarray.New([]byte(c.joined.String()))
	budget := 16*len(edits) + 64 // an Old is also met in its neighbours' windows
	for k, e := range edits {
		at := index.Lookup([]byte(e.Old), budget+1)
		if budget -= len(at); budget < 0 {
			return false
		}
		for _, q := range at {
			w := c.windows[sort.Search(len(c.windows), func(i int) bool { return c.windows[i].end > q })]
			if c.threat(w, k, q, q+len(e.Old)) {
				return false
			}
		}
	}
	return true
}

// threat reports whether the occurrence of edit k's Old at [q, end) of
// joined, in window w, is one in the text edit k applies to, besides its own region:
// in the window of an earlier edit, overlapping its inserted text (or,
// when it inserted nothing, spanning that point), and over no region an
// edit before k replaces.
func (c *chain) threat(w window, k, q, end int) bool {
	if w.m >= k || end > w.end || q >= w.ins1 || end <= w.ins0 {
		return false
	}
	for _, s := range c.spans[w.s0:w.s1] {
		if s.edit < k && s.start < end && s.end > q {
			return false // overwritten before edit k runs
		}
	}
	return true
}

// result joins the pieces and numbers each edit's line: its line in the
// original, shifted by the earlier edits before it.
func (c *chain) result(edits []Edit) Result {
	r := Result{Content: strings.Join(c.text, ""), Lines: make([]int, len(edits)), Changed: make([]bool, len(edits))}
	rank := make([]int, len(edits))
	line, at := 1, 0
	for i, k := range c.order {
		rank[k] = i
		line += strings.Count(c.original[at:c.starts[k]], "\n")
		at = c.starts[k]
		r.Lines[k] = line
	}
	shift := make(fenwick, len(edits)+1)
	for k, e := range edits {
		r.Lines[k] += shift.sum(rank[k])
		r.Changed[k] = c.ins[k] != e.Old
		shift.add(rank[k]+1, strings.Count(c.ins[k], "\n")-strings.Count(e.Old, "\n"))
	}
	return r
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
