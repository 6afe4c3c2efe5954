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
	base     []*Entry // the shared index's entries, by position
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
	base, err := readShared(sharedPath, l.hash)
	if err != nil {
		return err
	}
	now := time.Now()
	_ = os.Chtimes(sharedPath, now, now) // freshen, as git does; best effort
	merged, err := mergeSplit(base, ix.Entries(), l)
	if err != nil {
		return fmt.Errorf("split index %s: %w", indexPath, err)
	}
	ix.ents, ix.raw, ix.str, ix.plain = merged, nil, "", 0
	ix.split = &splitState{baseHash: l.hash, base: base}
	return nil
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// readShared reads a shared index and checks it is the one named.
func readShared(path string, want plumbing.Hash) ([]*Entry, error) {
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
	entries := sh.Entries()
	for i, e := range entries {
		e.base = uint32(i + 1)
	}
	return entries, nil
}

// mergeSplit applies a split file's replacements, deletions and added
// entries to the shared entries.
func mergeSplit(base, own []*Entry, l link) ([]*Entry, error) {
	cur := make([]*Entry, len(base))
	copy(cur, base)
	if len(l.replace) > len(own) {
		return nil, fmt.Errorf("%d replacements but %d entries", len(l.replace), len(own))
	}
	for k, p := range l.replace {
		if p >= len(cur) || own[k].Name != "" {
			return nil, fmt.Errorf("bad replacement of shared entry %d", p)
		}
		e := own[k]
		e.Name, e.base, e.inSplit = cur[p].Name, uint32(p+1), true
		cur[p] = e
	}
	for _, p := range l.deleted {
		if p >= len(cur) || cur[p] == nil {
			return nil, fmt.Errorf("bad deletion of shared entry %d", p)
		}
		cur[p] = nil
	}
	return mergeSorted(cur, own[len(l.replace):])
}

// mergeSorted merges the surviving base entries with the added ones (both
// sorted); an added entry replaces a base entry of the same name and stage.
func mergeSorted(base, added []*Entry) ([]*Entry, error) {
	out := make([]*Entry, 0, len(base)+len(added))
	i := 0
	for _, e := range base {
		if e == nil {
			continue
		}
		for ; i < len(added) && entryLess(added[i], e); i++ {
			out = append(out, added[i])
		}
		if i < len(added) && added[i].Name == e.Name && added[i].Stage == e.Stage {
			continue // replaced by the added entry, appended next round
		}
		out = append(out, e)
	}
	out = append(out, added[i:]...)
	for _, e := range added {
		if e.Name == "" {
			return nil, fmt.Errorf("added entry with an empty name")
		}
	}
	return out, nil
}

func entryLess(a, b *Entry) bool {
	return a.Name < b.Name || (a.Name == b.Name && a.Stage < b.Stage)
}

// splitPlan is what Encode writes for a split index: the replacement
// entries (names stripped) first, then the added entries, and the link
// extension that describes them.
type splitPlan struct {
	entries []*Entry
	nstrip  int
	link    []byte
}

// planSplit compares the current entries with the shared index, as git's
// prepare_to_write_split_index does. Entries from the shared index appear
// in the same relative order in Entries, so one pass finds the deleted
// positions (gaps) and the replaced ones (a different entry in the slot).
func (s *splitState) plan(entries []*Entry) (splitPlan, error) {
	var del, rep []int
	var reps, added []*Entry
	next := 0 // next base position not yet accounted for
	for _, e := range entries {
		p := int(e.base) - 1
		if p < 0 || p >= len(s.base) || s.base[p].Name != e.Name {
			added = append(added, e)
			continue
		}
		if p < next {
			return splitPlan{}, fmt.Errorf("entry %q out of order against the shared index", e.Name)
		}
		for ; next < p; next++ {
			del = append(del, next)
		}
		next = p + 1
		if e != s.base[p] || e.inSplit {
			rep, reps = append(rep, p), append(reps, e)
		}
	}
	for ; next < len(s.base); next++ {
		del = append(del, next)
	}
	lk := append([]byte(nil), s.baseHash[:]...)
	lk = ewahFrom(rep).appendTo(ewahFrom(del).appendTo(lk))
	return splitPlan{entries: append(reps, added...), nstrip: len(reps), link: lk}, nil
}
