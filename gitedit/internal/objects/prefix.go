package objects

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// FindPrefix returns the ids of the objects whose hex id starts with
// prefix (lower-case hex, at least 2 digits), loose or packed, here or in
// an alternate object folder, each once and sorted: what git's
// get_short_oid searches.
func (db *DB) FindPrefix(prefix string) ([]plumbing.Hash, error) {
	if len(prefix) < 2 || len(prefix) > 40 {
		return nil, nil
	}
	if _, err := hex.DecodeString(prefix[:2]); err != nil {
		return nil, nil
	}
	found := map[plumbing.Hash]bool{}
	db.open()
	dirs := []string{db.dir}
	packs := []*Packs{db.packs}
	for _, alt := range db.alternates() {
		p, _ := alt.openPacks()
		dirs, packs = append(dirs, alt.dir), append(packs, p)
	}
	for _, dir := range dirs {
		looseWithPrefix(dir, prefix, found)
	}
	for _, p := range packs {
		if p != nil {
			p.withPrefix(prefix, found)
		}
	}
	out := make([]plumbing.Hash, 0, len(found))
	for h := range found {
		out = append(out, h)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out, nil
}

// looseWithPrefix adds the loose objects of dir whose ids start with prefix.
func looseWithPrefix(dir, prefix string, found map[plumbing.Hash]bool) {
	names, _ := os.ReadDir(filepath.Join(dir, prefix[:2]))
	for _, e := range names {
		id := prefix[:2] + e.Name()
		if len(id) == 40 && strings.HasPrefix(id, prefix) && plumbing.IsHash(id) {
			found[plumbing.NewHash(id)] = true
		}
	}
}

// withPrefix adds the packed objects whose ids start with prefix.
func (p *Packs) withPrefix(prefix string, found map[plumbing.Hash]bool) {
	first, _ := hex.DecodeString(prefix[:2])
	for _, pk := range p.packs {
		if pk.idx == nil {
			continue
		}
		lo := 0
		if first[0] > 0 {
			lo = pk.fanout(int(first[0]) - 1)
		}
		for i := lo; i < pk.fanout(int(first[0])); i++ {
			if id := hex.EncodeToString(pk.sha(i)); strings.HasPrefix(id, prefix) {
				found[plumbing.NewHash(id)] = true
			}
		}
	}
}

// TypeOf returns the type of object h (loose, packed, or in an
// alternate); plumbing.ErrObjectNotFound when there is none.
func (db *DB) TypeOf(h plumbing.Hash) (plumbing.ObjectType, error) {
	if _, t, ok, err := readLooseAny(db.dir, h); ok || err != nil {
		return t, err
	}
	db.open()
	packs := []*Packs{db.packs}
	for _, alt := range db.alternates() {
		if _, t, ok, err := readLooseAny(alt.dir, h); ok || err != nil {
			return t, err
		}
		p, _ := alt.openPacks()
		packs = append(packs, p)
	}
	for _, p := range packs {
		if p == nil {
			continue
		}
		if _, t, ok, err := p.Read(h); ok || err != nil {
			return t, err
		}
	}
	return plumbing.InvalidObject, plumbing.ErrObjectNotFound
}
