package recipe

import (
	"bytes"
	"path/filepath"
	"time"

	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/scancache"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// scanMemo is a run's use of the scan cache (.git/gitedit/scan-cache, see
// package scancache): files whose stat data is unchanged since an earlier
// scan, and known to be binary or to hold none of the needles of the
// items that select them, are decided without being read. A nil scanMemo
// is a run without the cache (gitedit.scanCache=false, or no stat data on
// this system).
type scanMemo struct {
	cache *scancache.Cache
	// bits holds the cache bit of each item's needle, by recipe and item.
	bits [][]int
	// needles are the run's distinct cached needles and their bits.
	needles []memoNeedle
	// lookup is false when the cache starts empty: stat calls would only
	// cost time.
	lookup bool
	// positions are the cache entries of the scan's files (see index).
	positions []int32
}

// memoNeedle is one needle of a run and its bit in the cache.
type memoNeedle struct {
	text []byte
	bit  int
}

// scanClock tells when a scan starts; only a file whose ctime is older
// than that by scancache.Margin has its facts recorded. Tests move it
// forward so that the files they have just written count as settled.
var scanClock = time.Now

// scanCachePath is the worktree's scan cache file: the stat data it
// trusts belongs to this working tree, so linked worktrees have their own.
func scanCachePath(r *repo.Repo) string {
	return filepath.Join(r.GitDir(), "gitedit", "scan-cache")
}

// memoLoad is the outcome of openScanMemo.
type memoLoad struct {
	memo *scanMemo
	err  error
}

// loadScanMemo opens the scan cache in the background (its file is read
// and checked while the index is parsed); the scan starts now.
func loadScanMemo(r *repo.Repo, rs recipeSet) <-chan memoLoad {
	out := make(chan memoLoad, 1)
	start := scanClock()
	go func() {
		m, err := openScanMemo(r, rs, start)
		out <- memoLoad{m, err}
	}()
	return out
}

// openScanMemo loads the scan cache for a scan of rs starting at start,
// unless gitedit.scanCache is false or the system gives no stat data.
func openScanMemo(r *repo.Repo, rs recipeSet, start time.Time) (*scanMemo, error) {
	on, set, err := r.ConfigBool("gitedit.scanCache")
	if err != nil || (set && !on) || !haveScanStat {
		return nil, err
	}
	c := scancache.Load(scanCachePath(r), start)
	m := &scanMemo{cache: c, lookup: c.Len() > 0}
	var texts []string
	for _, rc := range rs {
		for _, it := range rc.items {
			texts = append(texts, it.needleStr)
		}
	}
	bits, k := c.Use(texts), 0
	for _, rc := range rs {
		row := make([]int, len(rc.items))
		for i := range rc.items {
			row[i] = bits[k]
			m.addNeedle(texts[k], bits[k])
			k++
		}
		m.bits = append(m.bits, row)
	}
	return m, nil
}

// addNeedle adds a cached needle to the run's list, once.
func (m *scanMemo) addNeedle(text string, bit int) {
	if bit < 0 {
		return
	}
	for _, n := range m.needles {
		if n.bit == bit {
			return
		}
	}
	m.needles = append(m.needles, memoNeedle{text: []byte(text), bit: bit})
}

// index finds the cache entries of the files about to be scanned, all at
// once (see scancache.Cache.Index).
func (m *scanMemo) index(files []string) {
	if m != nil && m.lookup {
		m.positions = m.cache.Index(files)
	}
}

// known decides rel, the scan's i-th file, from the cache when its stat
// data matches an earlier scan's: missing, binary, or unchanged by every
// item that selects it. ok is false when the file must be read.
func (m *scanMemo) known(dir scanDir, rs recipeSet, i int, rel string) (res scanResult, ok bool) {
	if m == nil || !m.lookup {
		return res, false
	}
	st, regular, err := dir.statForScan(rel)
	switch {
	case err != nil:
		return res, false // reading the file reports the error
	case !regular:
		return scanResult{skip: func(s *spec.Skipped) { s.Missing++ }}, true
	}
	facts, hit := m.cache.LookupAt(m.positions[i], st)
	switch {
	case !hit:
		return res, false
	case facts.Binary():
		return scanResult{skip: func(s *spec.Skipped) { s.Binary++ }, cached: true}, true
	case m.mayMatch(rs, rel, facts):
		return res, false
	}
	return scanResult{cached: true}, true
}

// mayMatch is recipeSet.mayMatch on facts: whether some item of a recipe
// that selects rel has a needle not known to be absent.
func (m *scanMemo) mayMatch(rs recipeSet, rel string, facts scancache.Facts) bool {
	for ri, rc := range rs {
		if !rc.scope.match(rel) {
			continue
		}
		for ii := range rc.items {
			if !facts.Absent(m.bits[ri][ii]) {
				return true
			}
		}
	}
	return false
}

// record files what reading rel taught: whether it is binary and which
// of the run's needles it lacks.
func (m *scanMemo) record(rel string, st scancache.Stat, content []byte, binary bool) {
	if m == nil {
		return
	}
	var absent []int
	if !binary {
		for _, n := range m.needles {
			if !bytes.Contains(content, n.text) {
				absent = append(absent, n.bit)
			}
		}
	}
	m.cache.Record(rel, st, binary, absent)
}

// save writes the cache back when the scan learned something, keeping
// the facts of every tracked file. The cache is advisory: a failure to
// write it is ignored. Its folder (.git/gitedit, which the batches'
// journal shares) and the file get core.sharedRepository's permissions,
// as git gives what it creates: a folder made with the umask alone (077)
// locked the group's other members out of the journal, so that every
// batch of theirs failed.
func (m *scanMemo) save(r *repo.Repo, tracked []string) {
	if m == nil || !m.cache.Dirty() {
		return
	}
	live := make(map[uint64]bool, len(tracked))
	for _, rel := range tracked {
		live[scancache.Key(rel)] = true
	}
	path := scanCachePath(r)
	shared, err := r.SharedPerm()
	if err != nil || shared.MkdirAll(filepath.Dir(path)) != nil {
		return
	}
	if m.cache.Save(path, func(k uint64) bool { return live[k] }) == nil {
		_ = shared.Adjust(path)
	}
}
