package objects

import (
	"slices"
	"sort"
)

// edit sets (e) or removes (e nil) the entry called name of a folder.
type edit struct {
	name string
	e    *entry
}

// insert is a new entry and the index of the old entry it goes before.
type insert struct {
	at int
	e  *entry
}

// splice returns the content and index of r with edits applied (at most
// one per name), copying the untouched entries' bytes a run at a time, as
// encoding every entry anew in git's order would give them; ok is false
// when r is not a tree that can be spliced (not in git's order, or
// holding a file and a folder of an edited name): then the caller
// decodes it.
func splice(r *rawTree, edits []edit) (*rawTree, bool) {
	if !r.sorted {
		return nil, false
	}
	var removed []int
	var inserts []insert
	grow := 0
	for _, ed := range edits {
		file, dir := r.find(ed.name, false), r.find(ed.name, true)
		switch {
		case file >= 0 && dir >= 0:
			return nil, false
		case file >= 0:
			removed = append(removed, file)
		case dir >= 0:
			removed = append(removed, dir)
		}
		if ed.e != nil {
			inserts = append(inserts, insert{e: ed.e, at: sort.Search(r.len(), func(i int) bool {
				mode, name, _ := r.parts(i)
				return compareKeys(name, isTreeMode(mode), []byte(ed.e.name), ed.e.isTree()) >= 0
			})})
			grow += ed.e.size()
		}
	}
	slices.Sort(removed)
	slices.SortFunc(inserts, func(a, b insert) int {
		if a.at != b.at {
			return a.at - b.at
		}
		return compareKeys([]byte(a.e.name), a.e.isTree(), []byte(b.e.name), b.e.isTree())
	})
	return build(r, removed, inserts, grow), true
}

// build writes r's entries but removed (sorted indexes) with inserts
// (sorted) placed before the old entries they name.
func build(r *rawTree, removed []int, inserts []insert, grow int) *rawTree {
	out := &rawTree{data: make([]byte, 0, len(r.data)+grow), offs: make([]int32, 0, r.len()+len(inserts)+1), sorted: true}
	n := r.len()
	for i := 0; ; {
		next := n // copy old entries i..next-1 as they are
		if len(inserts) > 0 {
			next = min(next, inserts[0].at)
		}
		if len(removed) > 0 {
			next = min(next, removed[0])
		}
		shift := int32(len(out.data)) - r.offs[i]
		for _, off := range r.offs[i:next] {
			out.offs = append(out.offs, off+shift)
		}
		out.data = append(out.data, r.data[r.offs[i]:r.offs[next]]...)
		i = next
		for len(inserts) > 0 && inserts[0].at == i {
			out.offs = append(out.offs, int32(len(out.data)))
			out.data = appendEntry(out.data, inserts[0].e)
			inserts = inserts[1:]
		}
		if len(removed) > 0 && removed[0] == i {
			removed = removed[1:]
			i++
			continue
		}
		if i == n {
			break
		}
	}
	out.offs = append(out.offs, int32(len(out.data)))
	return out
}
