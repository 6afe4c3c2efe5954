package onepass

import (
	"slices"
	"sort"
)

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

// table finds the edit whose Old has a given length and hash: an open
// addressing table of keys (hash and length mixed) and edits (plus one;
// 0 is free), with filter having the bit of every hash's top filterBits
// bits set; lens are the lengths, ascending.
type table struct {
	keys   []uint64
	vals   []int32
	shift  uint
	lens   []int
	filter []uint64
}

// golden is 2^64 divided by the golden ratio, to spread keys.
const golden = 0x9E3779B97F4A7C15

// newTable indexes the edits by hash; false when they have too many
// lengths or two Olds share a key.
func newTable(edits []Edit) (table, bool) {
	bits := uint(1)
	for 1<<bits < 2*len(edits) {
		bits++
	}
	t := table{keys: make([]uint64, 1<<bits), vals: make([]int32, 1<<bits), shift: 64 - bits, filter: make([]uint64, 1<<filterBits/64)}
	for k, e := range edits {
		if !slices.Contains(t.lens, len(e.Old)) {
			if len(t.lens) == maxHashLengths {
				return table{}, false
			}
			t.lens = append(t.lens, len(e.Old))
		}
		h := hashOf(e.Old)
		key := h + uint64(len(e.Old))*golden
		at := t.slot(key)
		for ; t.vals[at] != 0; at = (at + 1) & (len(t.vals) - 1) {
			if t.keys[at] == key {
				return table{}, false
			}
		}
		t.keys[at], t.vals[at] = key, int32(k+1)
		t.filter[h>>(64-filterBits)/64] |= 1 << (h >> (64 - filterBits) % 64)
	}
	sort.Ints(t.lens)
	return t, true
}

// slot is where the search for key starts.
func (t table) slot(key uint64) int { return int(key * golden >> t.shift) }

// find returns the edit whose Old has length n and hash h, if any (the
// caller has checked the filter).
func (t table) find(n int, h uint64) (int, bool) {
	key := h + uint64(n)*golden
	for at := t.slot(key); t.vals[at] != 0; at = (at + 1) & (len(t.vals) - 1) {
		if t.keys[at] == key {
			return int(t.vals[at]) - 1, true
		}
	}
	return 0, false
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
	pow := uint64(1)
	for i := 1; i < n; i++ {
		pow *= hashBase
	}
	h := hashOf(text[from : from+n])
	for q := from; ; q++ {
		if t.filter[h>>(64-filterBits)/64]&(1<<(h>>(64-filterBits)%64)) == 0 {
			// most offsets: no Old has this hash
		} else if k, ok := t.find(n, h); ok && !f(k, q) {
			return false
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
