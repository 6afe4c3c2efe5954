package objects

import (
	"bytes"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// rawTree is a tree's content as stored ("<mode> <name>\0<20-byte
// id>"...) with where each entry starts: reading a tree decodes no entry,
// looking a name up compares bytes, and a change is spliced into the
// bytes (see splice), so a one-file change in a folder of 1,000 files
// allocates no string per entry. Its bytes are shared and never modified.
type rawTree struct {
	data []byte
	// offs[i] is where entry i starts; offs[len(offs)-1] is len(data).
	offs []int32
	// sorted: the entries are in git's tree order, strictly (no two
	// with the same sort key), as git writes every tree.
	sorted bool
}

// emptyRaw is the empty tree.
var emptyRaw = &rawTree{offs: []int32{0}, sorted: true}

// idSize is the length of an object id in a tree entry.
const idSize = len(plumbing.ZeroHash)

// indexTree finds the entries of raw tree content data (tree h's), checking
// each is well formed.
func indexTree(h plumbing.Hash, data []byte) (*rawTree, error) {
	r := &rawTree{data: data, offs: make([]int32, 0, len(data)/32+1), sorted: true}
	prevName, prevDir := []byte(nil), false
	for at := 0; at < len(data); {
		rest := data[at:]
		sp := bytes.IndexByte(rest, ' ')
		nul := bytes.IndexByte(rest, 0)
		if sp <= 0 || nul < sp || len(rest) < nul+1+idSize {
			return nil, fmt.Errorf("read tree %s: malformed entry", h)
		}
		r.offs = append(r.offs, int32(at))
		name, dir := rest[sp+1:nul], isTreeMode(rest[:sp])
		if len(r.offs) > 1 && r.sorted && compareKeys(prevName, prevDir, name, dir) >= 0 {
			r.sorted = false
		}
		prevName, prevDir = name, dir
		at += nul + 1 + idSize
	}
	r.offs = append(r.offs, int32(len(data)))
	return r, nil
}

// isTreeMode reports whether an entry's mode is a folder's.
func isTreeMode(mode []byte) bool { return string(mode) == "40000" || string(mode) == "040000" }

// compareKeys compares two entries in git's tree order: by name, a
// folder's name as if followed by "/" (git's base_name_compare).
func compareKeys(a []byte, aDir bool, b []byte, bDir bool) int {
	n := min(len(a), len(b))
	if c := bytes.Compare(a[:n], b[:n]); c != 0 {
		return c
	}
	ca, cb := keyByte(a, aDir, n), keyByte(b, bDir, n)
	switch {
	case ca < cb:
		return -1
	case ca > cb:
		return 1
	}
	return len(a) - len(b) // only past both ends: equal
}

// keyByte is the byte of name's sort key at n (past the name: "/" for a
// folder, none, 0, for anything else).
func keyByte(name []byte, dir bool, n int) byte {
	switch {
	case n < len(name):
		return name[n]
	case dir:
		return '/'
	}
	return 0
}

// len is the number of entries.
func (r *rawTree) len() int { return len(r.offs) - 1 }

// parts returns entry i's mode, name and id bytes.
func (r *rawTree) parts(i int) (mode, name, id []byte) {
	e := r.data[r.offs[i]:r.offs[i+1]]
	sp := bytes.IndexByte(e, ' ')
	nul := len(e) - idSize - 1
	return e[:sp], e[sp+1 : nul], e[nul+1:]
}

// entry decodes entry i.
func (r *rawTree) entry(i int) entry {
	mode, name, id := r.parts(i)
	e := entry{mode: string(mode), name: string(name)}
	copy(e.hash[:], id)
	return e
}

// entries decodes every entry.
func (r *rawTree) entries() []entry {
	out := make([]entry, r.len())
	for i := range out {
		out[i] = r.entry(i)
	}
	return out
}

// find returns the index of the entry whose sort key is name's (as a
// folder when dir is set), or -1: by binary search in a sorted tree, else
// the first such entry.
func (r *rawTree) find(name string, dir bool) int {
	key := []byte(name)
	cmp := func(i int) int {
		mode, n, _ := r.parts(i)
		return compareKeys(n, isTreeMode(mode), key, dir)
	}
	if !r.sorted {
		for i := range r.len() {
			if cmp(i) == 0 {
				return i
			}
		}
		return -1
	}
	lo, hi := 0, r.len()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if cmp(m) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < r.len() && cmp(lo) == 0 {
		return lo
	}
	return -1
}

// named returns the index of the last entry called name, of any kind (in
// a sorted tree a folder sorts after a file of its name), or -1.
func (r *rawTree) named(name string) int {
	if r.sorted {
		if i := r.find(name, true); i >= 0 {
			return i
		}
		return r.find(name, false)
	}
	for i := r.len() - 1; i >= 0; i-- {
		if _, n, _ := r.parts(i); string(n) == name {
			return i
		}
	}
	return -1
}

// size is the encoded size of e.
func (e *entry) size() int { return len(e.mode) + 1 + len(e.name) + 1 + idSize }

// appendEntry appends e's encoding to b.
func appendEntry(b []byte, e *entry) []byte {
	b = append(b, e.mode...)
	b = append(b, ' ')
	b = append(b, e.name...)
	b = append(b, 0)
	return append(b, e.hash[:]...)
}

// treeEntry decodes entry i as a TreeEntry, its mode read as a number.
func (r *rawTree) treeEntry(h plumbing.Hash, i int) (TreeEntry, error) {
	mode, name, id := r.parts(i)
	m, err := parseMode(mode)
	if err != nil {
		return TreeEntry{}, fmt.Errorf("read tree %s: entry %q: %w", h, name, err)
	}
	return TreeEntry{Mode: m, Name: string(name), Hash: plumbing.Hash(id)}, nil
}

// parseMode reads an entry's octal mode as filemode.New does, without
// making a string of it.
func parseMode(b []byte) (filemode.FileMode, error) {
	var n uint64
	for _, c := range b {
		if c < '0' || c > '7' || n > 0o7777777 || len(b) > 11 {
			return filemode.New(string(b))
		}
		n = n<<3 | uint64(c-'0')
	}
	if len(b) == 0 || n > 0xffffffff {
		return filemode.New(string(b))
	}
	return filemode.FileMode(n), nil
}

// DiffEntries calls fn with each pair of entries of trees a and b (zero:
// the empty tree) that are not byte for byte the same, matched by git's
// tree order (a folder and a file of one name do not match); x or y is
// nil where its tree has no such entry. Entries the same in both are
// skipped without being decoded.
func (t *Trees) DiffEntries(a, b plumbing.Hash, fn func(x, y *TreeEntry) error) error {
	ra, err := t.read(a)
	if err != nil {
		return err
	}
	rb, err := t.read(b)
	if err != nil {
		return err
	}
	for i, j := 0, 0; i < ra.len() || j < rb.len(); {
		c := 0
		switch {
		case j == rb.len():
			c = -1
		case i == ra.len():
			c = 1
		default:
			ma, na, _ := ra.parts(i)
			mb, nb, _ := rb.parts(j)
			c = compareKeys(na, isTreeMode(ma), nb, isTreeMode(mb))
		}
		if c == 0 && bytes.Equal(ra.data[ra.offs[i]:ra.offs[i+1]], rb.data[rb.offs[j]:rb.offs[j+1]]) {
			i, j = i+1, j+1
			continue
		}
		var x, y *TreeEntry
		if c <= 0 {
			e, err := ra.treeEntry(a, i)
			if err != nil {
				return err
			}
			x, i = &e, i+1
		}
		if c >= 0 {
			e, err := rb.treeEntry(b, j)
			if err != nil {
				return err
			}
			y, j = &e, j+1
		}
		if err := fn(x, y); err != nil {
			return err
		}
	}
	return nil
}
