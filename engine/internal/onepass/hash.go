package onepass

import "sort"

// When the old strings have few distinct lengths (a rewrite of many
// lines of one shape, a rename), a rolling hash per length finds them in
// a few passes over the text and the windows, much faster than a suffix
// array; with more lengths the suffix array costs less.

// maxHashLengths is the most distinct lengths of Old searched by hash
// (a variable: the tests set it to 0 to run the suffix array).
var maxHashLengths = 16

// hashBase is the multiplier of the rolling hash (odd, mod 2^64).
const hashBase = 0x100000001b3

// filterBits is the size of the table's filter: 2^20 bits (128 KB, in
// cache), so that most offsets are passed over without a map lookup.
const filterBits = 20

// table maps, per length, the hash of each Old of that length to its
// edit; lens are the lengths, ascending; filter has the bit of every
// hash's top filterBits bits set.
type table struct {
	byLen  map[int]map[uint64]int
	lens   []int
	filter []uint64
}

// newTable indexes the edits by hash; false when they have too many
// lengths or two Olds share a hash.
func newTable(edits []Edit) (table, bool) {
	t := table{byLen: map[int]map[uint64]int{}, filter: make([]uint64, 1<<filterBits/64)}
	for k, e := range edits {
		m := t.byLen[len(e.Old)]
		if m == nil {
			if len(t.byLen) == maxHashLengths {
				return table{}, false
			}
			m = map[uint64]int{}
			t.byLen[len(e.Old)] = m
			t.lens = append(t.lens, len(e.Old))
		}
		h := hashOf(e.Old)
		if _, dup := m[h]; dup {
			return table{}, false
		}
		m[h] = k
		t.filter[h>>(64-filterBits)/64] |= 1 << (h >> (64 - filterBits) % 64)
	}
	sort.Ints(t.lens)
	return t, true
}

// hashOf is the rolling hash of s.
func hashOf(s string) uint64 {
	var h uint64
	for i := 0; i < len(s); i++ {
		h = h*hashBase + uint64(s[i])
	}
	return h
}

// each calls f with every edit whose Old, of length n, may occur at an
// offset q of text in [from, to] (the hash agrees: f compares), until f
// returns false; each then returns false too.
func (t table) each(text string, n, from, to int, f func(k, q int) bool) bool {
	if from > to {
		return true
	}
	m, pow := t.byLen[n], uint64(1)
	for i := 1; i < n; i++ {
		pow *= hashBase
	}
	h := hashOf(text[from : from+n])
	for q := from; ; q++ {
		if t.filter[h>>(64-filterBits)/64]&(1<<(h>>(64-filterBits)%64)) != 0 {
			if k, ok := m[h]; ok && !f(k, q) {
				return false
			}
		}
		if q == to {
			return true
		}
		h = (h-uint64(text[q])*pow)*hashBase + uint64(text[q+n])
	}
}

// locateByHash is locate's search with the table: each Old's single
// offset in content, or false when one occurs twice or never.
func (t table) locateByHash(content string, edits []Edit) ([]int, bool) {
	starts := make([]int, len(edits))
	for k := range starts {
		starts[k] = -1
	}
	for _, n := range t.lens {
		ok := t.each(content, n, 0, len(content)-n, func(k, q int) bool {
			if content[q:q+n] != edits[k].Old {
				return true
			}
			if starts[k] >= 0 {
				return false
			}
			starts[k] = q
			return true
		})
		if !ok {
			return nil, false
		}
	}
	for _, s := range starts {
		if s < 0 {
			return nil, false
		}
	}
	return starts, true
}

// safeByHash is safe's search with the table: every substring of a
// window that touches its change is looked up.
func (c *chain) safeByHash(t table, edits []Edit, joined string) bool {
	for _, w := range c.windows {
		for _, n := range t.lens {
			ok := t.each(joined, n, max(w.start, w.ins0-n+1), min(w.ins1-1, w.end-n), func(k, q int) bool {
				return joined[q:q+n] != edits[k].Old || !c.threat(w, k, q, q+n)
			})
			if !ok {
				return false
			}
		}
	}
	return true
}
