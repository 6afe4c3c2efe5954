package index

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// splitState is what a split index ("link" extension) needs to be written
// back against the same shared index.
type splitState struct {
	baseHash plumbing.Hash
	// shared is the shared index as read, its entries by position, most
	// of them never decoded (see resolveSplit).
	shared *Index
}

func sharedIndexName(h plumbing.Hash) string { return "sharedindex." + h.String() }

// link is a decoded "link" extension.
type link struct {
	hash             plumbing.Hash
	deleted, replace []int
}

func parseLink(data []byte) (link, error) {
	var l link
	if len(data) < hashLen {
		return l, fmt.Errorf("link extension too short")
	}
	copy(l.hash[:], data)
	data = data[hashLen:]
	if len(data) == 0 {
		return l, nil
	}
	del, n, err := ewahBits(data)
	if err != nil {
		return l, fmt.Errorf("link delete bitmap: %w", err)
	}
	rep, m, err := ewahBits(data[n:])
	if err != nil {
		return l, fmt.Errorf("link replace bitmap: %w", err)
	}
	if n+m != len(data) {
		return l, fmt.Errorf("link extension: %d stray bytes", len(data)-n-m)
	}
	l.deleted, l.replace = del, rep
	return l, nil
}

// resolveSplit merges the shared index into a split index read from
// indexPath, as git's merge_base_index does: base entries, replaced in
// place, deleted, then the split file's added entries merged in order.
// The shared index's entries stay undecoded (see lazy.go): the merged
// index reads them from the shared file's bytes, and pos holds each one's
// position there. Only the split file's entries, a few, are decoded.
func (ix *Index) resolveSplit(indexPath, gitDir string) error {
	x := ix.ext("link")
	if x == nil {
		return nil
	}
	l, err := parseLink(x.data)
	if err != nil || l.hash.IsZero() {
		return err
	}
	sharedPath := filepath.Join(filepath.Dir(indexPath), sharedIndexName(l.hash))
	if gitDir != "" {
		if p := filepath.Join(gitDir, sharedIndexName(l.hash)); fileExists(p) {
			sharedPath = p
		}
	}
	sh, err := readShared(sharedPath, l.hash)
	if err != nil {
		return err
	}
	now := time.Now()
	_ = os.Chtimes(sharedPath, now, now) // freshen, as git does; best effort
	own := ix.Entries()
	for _, e := range own {
		e.raw = 0 // its bytes are the split file's, not the shared one's
	}
	if err := ix.mergeSplit(sh, own, l); err != nil {
		return fmt.Errorf("split index %s: %w", indexPath, err)
	}
	ix.raw, ix.str, ix.rawV4, ix.plain = sh.raw, sh.str, sh.rawV4, 0
	if sh.plain == 1 && allPlain(own) {
		ix.plain = 1 // else found out when asked
	}
	ix.lazyNewest, ix.lazyExtended = sh.lazyNewest, sh.lazyExtended
	ix.split = &splitState{baseHash: l.hash, shared: sh}
	return nil
}

func allPlain(es []*Entry) bool {
	for _, e := range es {
		if !e.isPlain() {
			return false
		}
	}
	return true
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// readShared reads a shared index and checks it is the one named.
func readShared(path string, want plumbing.Hash) (*Index, error) {
	data, err := wtfs.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read shared index: %w", err)
	}
	sh, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("parse shared index %s: %w", path, err)
	}
	if !bytes.Equal(data[len(data)-hashLen:], want[:]) {
		return nil, fmt.Errorf("shared index %s: checksum is not %s", path, want)
	}
	if sh.rawV4 {
		// A version 4 shared index is decoded whole: the entries a
		// split index keeps undecoded are named from the bytes of a
		// version 2 or 3 file.
		sh.Entries()
	}
	for i, e := range sh.ents {
		if e != nil {
			e.base = uint32(i + 1)
		}
	}
	return sh, nil
}

// mergeSplit makes ix the shared entries with the split file's
// replacements, deletions and added entries applied. An entry of the
// shared index left as it is stays undecoded.
func (ix *Index) mergeSplit(sh *Index, own []*Entry, l link) error {
	n := sh.Len()
	if len(l.replace) > len(own) {
		return fmt.Errorf("%d replacements but %d entries", len(l.replace), len(own))
	}
	for k, p := range l.replace {
		if p >= n || own[k].Name != "" {
			return fmt.Errorf("bad replacement of shared entry %d", p)
		}
		e := own[k]
		e.Name, e.base, e.inSplit = sh.nameAt(p), uint32(p+1), true
	}
	for _, p := range l.deleted {
		if p >= n {
			return fmt.Errorf("bad deletion of shared entry %d", p)
		}
	}
	added := own[len(l.replace):]
	for _, e := range added {
		if e.Name == "" {
			return fmt.Errorf("added entry with an empty name")
		}
	}
	m := &merger{sh: sh, l: l, repl: own[:len(l.replace)]}
	m.merge(added)
	ix.ents, ix.offs, ix.pos = m.ents, m.offs, m.pos
	return nil
}

// merger builds a split index's entries: the shared index's, by position
// (undecoded unless replaced), and the added ones, in order.
type merger struct {
	sh   *Index
	l    link     // its bit positions ascending, as EWAH bitmaps hold them
	repl []*Entry // the replacements, in the order of l.replace
	ents []*Entry
	offs []uint32 // as Index.offs, into the shared index's bytes
	pos  []uint32 // as Index.pos
}

// merge appends the surviving shared entries and the added ones in
// order; an added entry replaces a shared entry of the same name and
// stage. A shared entry both replaced and deleted is deleted, as in git.
func (m *merger) merge(added []*Entry) {
	n := m.sh.Len() + len(added)
	m.ents, m.offs, m.pos = make([]*Entry, 0, n), make([]uint32, 0, n), make([]uint32, 0, n)
	i, d, r := 0, 0, 0
	for p := range m.sh.Len() {
		var e *Entry
		for ; r < len(m.l.replace) && m.l.replace[r] <= p; r++ {
			if m.l.replace[r] == p {
				e = m.repl[r]
			}
		}
		for ; d < len(m.l.deleted) && m.l.deleted[d] < p; d++ {
		}
		if d < len(m.l.deleted) && m.l.deleted[d] == p {
			continue
		}
		if i < len(added) {
			name, stage := m.sh.nameAt(p), m.sh.stageAt(p)
			for ; i < len(added) && lessName(added[i].Name, added[i].Stage, name, stage); i++ {
				m.add(added[i], 0, 0)
			}
			if i < len(added) && added[i].Name == name && added[i].Stage == stage {
				continue // replaced by the added entry, appended next round
			}
		}
		switch {
		case e != nil:
			m.add(e, 0, 0)
		case m.sh.ents[p] != nil:
			m.add(m.sh.ents[p], 0, 0)
		default:
			m.add(nil, m.sh.offs[p], uint32(p+1))
		}
	}
	for _, e := range added[i:] {
		m.add(e, 0, 0)
	}
}

func (m *merger) add(e *Entry, off, pos uint32) {
	m.ents, m.offs, m.pos = append(m.ents, e), append(m.offs, off), append(m.pos, pos)
}

func lessName(a string, as int, b string, bs int) bool {
	return a < b || (a == b && as < bs)
}

// splitPlan is what Encode writes for a split index: the replacement
// entries (names stripped) first, then the added entries, and the link
// extension that describes them.
type splitPlan struct {
	entries []*Entry
	nstrip  int
	link    []byte
}

// plan compares the index's entries with the shared index, as git's
// prepare_to_write_split_index does. Entries from the shared index appear
// in the same relative order, so one pass finds the deleted positions
// (gaps) and the replaced ones (entries given to Add since, or read from
// the split file as replacements). An entry still undecoded is its shared
// entry as it was.
func (s *splitState) plan(ix *Index) (splitPlan, error) {
	var del, rep []int
	var reps, added []*Entry
	n := s.shared.Len()
	next := 0 // next base position not yet accounted for
	for i, e := range ix.ents {
		var p int
		if e == nil && ix.pos == nil {
			e = ix.At(i) // not a split index's shared entry: never so
		}
		if e == nil {
			p = int(ix.pos[i]) - 1
		} else if p = int(e.base) - 1; p < 0 || p >= n || s.shared.nameAt(p) != e.Name {
			added = append(added, e)
			continue
		}
		if p < next {
			return splitPlan{}, fmt.Errorf("entry %q out of order against the shared index", ix.nameAt(i))
		}
		for ; next < p; next++ {
			del = append(del, next)
		}
		next = p + 1
		if e != nil && e.inSplit {
			rep, reps = append(rep, p), append(reps, e)
		}
	}
	for ; next < n; next++ {
		del = append(del, next)
	}
	lk := append([]byte(nil), s.baseHash[:]...)
	lk = ewahFrom(rep).appendTo(ewahFrom(del).appendTo(lk))
	return splitPlan{entries: append(reps, added...), nstrip: len(reps), link: lk}, nil
}
