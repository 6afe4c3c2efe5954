package scancache

import (
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// settled is a stat whose times are well before the scans below start.
func settled(ino uint64) Stat {
	old := time.Date(2020, 1, 2, 3, 4, 5, 6, time.UTC).UnixNano()
	return Stat{Ctime: old, Mtime: old, Size: 42, Ino: ino, Dev: 7, Mode: 0o100644}
}

// reload saves c and loads it back, as the next run would.
func reload(t *testing.T, c *Cache, path string, live ...string) *Cache {
	t.Helper()
	keep := map[uint64]bool{}
	for _, p := range live {
		keep[Key(p)] = true
	}
	require.NoError(t, c.Save(path, func(k uint64) bool { return keep[k] }))
	return Load(path, time.Now())
}

func TestFactsSurviveSaveAndLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scan-cache")
	c := Load(path, time.Now())
	require.Zero(t, c.Len())
	bits := c.Use([]string{"FetchUser(", "Wrap("})
	require.Equal(t, []int{0, 1}, bits)
	require.True(t, c.Record("a.go", settled(1), false, []int{0, 1}))
	require.True(t, c.Record("b.go", settled(2), false, []int{1}))
	require.True(t, c.Record("img.png", settled(3), true, nil))

	c = reload(t, c, path, "a.go", "b.go", "img.png")
	require.Equal(t, 3, c.Len())
	bits = c.Use([]string{"FetchUser(", "Wrap("})
	a, ok := c.Lookup("a.go", settled(1))
	require.True(t, ok)
	require.True(t, a.Absent(bits[0]) && a.Absent(bits[1]) && !a.Binary())
	b, ok := c.Lookup("b.go", settled(2))
	require.True(t, ok)
	require.False(t, b.Absent(bits[0]), "FetchUser( was present in b.go")
	require.True(t, b.Absent(bits[1]))
	img, ok := c.Lookup("img.png", settled(3))
	require.True(t, ok)
	require.True(t, img.Binary())
}

func TestAnyStatChangeMisses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scan-cache")
	c := Load(path, time.Now())
	bit := c.Use([]string{"x"})[0]
	st := settled(9)
	require.True(t, c.Record("a.go", st, false, []int{bit}))
	c = reload(t, c, path, "a.go")
	c.Use([]string{"x"})
	changes := map[string]func(*Stat){
		"ctime": func(s *Stat) { s.Ctime++ }, "mtime": func(s *Stat) { s.Mtime-- }, "size": func(s *Stat) { s.Size++ },
		"inode": func(s *Stat) { s.Ino++ }, "device": func(s *Stat) { s.Dev++ }, "mode": func(s *Stat) { s.Mode |= 0o111 },
	}
	for name, change := range changes {
		other := st
		change(&other)
		_, ok := c.Lookup("a.go", other)
		require.False(t, ok, "a changed %s must miss", name)
	}
	_, ok := c.Lookup("b.go", st)
	require.False(t, ok, "another path must miss")
	_, ok = c.Lookup("a.go", st)
	require.True(t, ok)
}

// TestRecentFilesAreNotRecorded is the racy-file rule: a file changed
// within Margin of the scan's start may change again within the same
// time stamp, so nothing is recorded for it.
func TestRecentFilesAreNotRecorded(t *testing.T) {
	start := time.Now()
	c := Load(filepath.Join(t.TempDir(), "scan-cache"), start)
	bit := c.Use([]string{"x"})[0]
	fresh := Stat{Ctime: start.Add(-Margin / 2).UnixNano(), Mtime: start.Add(-time.Hour).UnixNano(), Size: 1}
	require.False(t, c.Record("a.go", fresh, false, []int{bit}), "recent ctime")
	future := Stat{Ctime: start.Add(-time.Hour).UnixNano(), Mtime: start.Add(time.Hour).UnixNano(), Size: 1}
	require.False(t, c.Record("b.go", future, false, []int{bit}), "mtime in the future")
	require.False(t, c.Dirty())
	old := Stat{Ctime: start.Add(-Margin - time.Millisecond).UnixNano(), Mtime: start.Add(-time.Hour).UnixNano(), Size: 1}
	require.True(t, c.Record("c.go", old, false, []int{bit}))
	require.True(t, c.Dirty())
}

func TestNeedleTableKeepsFactsAcrossRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scan-cache")
	c := Load(path, time.Now())
	bits := c.Use([]string{"A", "B"})
	require.True(t, c.Record("f", settled(1), false, bits))
	c = reload(t, c, path, "f")

	// A later run with another needle first: A and B keep their facts
	// under their new bits, C is unknown.
	bits = c.Use([]string{"C", "B", "A"})
	require.Equal(t, []int{0, 1, 2}, bits)
	f, ok := c.Lookup("f", settled(1))
	require.True(t, ok)
	require.False(t, f.Absent(bits[0]), "C was never looked for")
	require.True(t, f.Absent(bits[1]) && f.Absent(bits[2]))

	// Learning C keeps what was known of A and B (same stat data).
	require.True(t, c.Record("f", settled(1), false, []int{bits[0]}))
	c = reload(t, c, path, "f")
	bits = c.Use([]string{"A", "B", "C"})
	f, _ = c.Lookup("f", settled(1))
	require.True(t, f.Absent(bits[0]) && f.Absent(bits[1]) && f.Absent(bits[2]))
}

func TestNeedleTableForgetsOldestBeyondMax(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scan-cache")
	c := Load(path, time.Now())
	first := c.Use([]string{"old"})
	require.True(t, c.Record("f", settled(1), false, first))
	c = reload(t, c, path, "f")
	var many []string
	for i := range MaxNeedles {
		many = append(many, string(rune('a'+i%26))+string(rune('A'+i/26)))
	}
	bits := c.Use(many)
	for _, b := range bits {
		require.GreaterOrEqual(t, b, 0)
	}
	f, ok := c.Lookup("f", settled(1))
	require.True(t, ok)
	for _, b := range bits {
		require.False(t, f.Absent(b), "the new needles are unknown")
	}
	again := c.Use([]string{"old"})
	f, _ = c.Lookup("f", settled(1))
	require.False(t, f.Absent(again[0]), "the evicted needle's facts are forgotten, not moved to another bit")
	require.Equal(t, []int{-1, -1}, c.Use([]string{"", string(make([]byte, MaxNeedleLen+1))}), "empty and overlong needles are not cached")
}

func TestSaveDropsPathsNoLongerLive(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scan-cache")
	c := Load(path, time.Now())
	bits := c.Use([]string{"x"})
	require.True(t, c.Record("kept", settled(1), false, bits))
	require.True(t, c.Record("gone", settled(2), false, bits))
	c = reload(t, c, path, "kept", "gone")
	require.Equal(t, 2, c.Len())
	c.Use([]string{"x"})
	require.True(t, c.Record("new", settled(3), false, nil))
	c = reload(t, c, path, "kept", "new")
	require.Equal(t, 2, c.Len())
	_, ok := c.Lookup("gone", settled(2))
	require.False(t, ok)
	_, ok = c.Lookup("kept", settled(1))
	require.True(t, ok)
}

// TestDamagedFilesAreEmptyCaches flips, truncates and replaces the file:
// every damage gives an empty cache, never a wrong fact.
func TestDamagedFilesAreEmptyCaches(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scan-cache")
	c := Load(path, time.Now())
	c.Use([]string{"x"})
	for i := range 50 {
		require.True(t, c.Record(string(rune('a'+i)), settled(uint64(i)), false, []int{0}))
	}
	c = reload(t, c, path, func() (all []string) {
		for i := range 50 {
			all = append(all, string(rune('a'+i)))
		}
		return
	}()...)
	require.Equal(t, 50, c.Len())
	good, err := os.ReadFile(path)
	require.NoError(t, err)
	damaged := map[string][]byte{
		"empty": nil, "truncated": good[:len(good)-7], "garbage": []byte("not a scan cache at all, but long enough"),
		"flipped": append(append([]byte(nil), good[:100]...), append([]byte{good[100] ^ 1}, good[101:]...)...),
	}
	for name, data := range damaged {
		require.NoError(t, os.WriteFile(path, data, 0o644))
		require.Zero(t, Load(path, time.Now()).Len(), name)
	}
}

func TestKeyIsTheFNV1aHashOfThePath(t *testing.T) {
	for _, p := range []string{"", "a", "d000/f00001.go", "ünïcode/path"} {
		h := fnv.New64a()
		h.Write([]byte(p))
		require.Equal(t, h.Sum64(), Key(p), p)
	}
}

// TestLookupFindsEveryEntry fills the fan-out table's buckets unevenly,
// over two runs whose entries the second save merges, and checks that
// every recorded path is found and no other.
func TestLookupFindsEveryEntry(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scan-cache")
	c := Load(path, time.Now())
	c.Use([]string{"x"})
	var paths []string
	for i := range 5000 {
		p := filepath.Join("d", string(rune('a'+i%7)), string(rune('0'+i%10))+string(rune(0x100+i)))
		paths = append(paths, p)
		require.True(t, c.Record(p, settled(uint64(i)), false, []int{0}))
		if i == 2500 {
			c = reload(t, c, path, paths...)
			c.Use([]string{"x"})
		}
	}
	c = reload(t, c, path, paths...)
	require.Equal(t, 5000, c.Len())
	c.Use([]string{"x"})
	for i, p := range paths {
		f, ok := c.Lookup(p, settled(uint64(i)))
		require.True(t, ok, p)
		require.True(t, f.Absent(0))
	}
	_, ok := c.Lookup("missing", settled(1))
	require.False(t, ok)

	// Index finds the same entries all at once, in any order of paths.
	query := append([]string{"missing"}, paths...)
	slices.Reverse(query)
	positions := c.Index(query)
	for i, p := range query {
		want, wantOK := c.Lookup(p, settled(uint64(slices.Index(paths, p))))
		got, gotOK := c.LookupAt(positions[i], settled(uint64(slices.Index(paths, p))))
		require.Equal(t, wantOK, gotOK, p)
		require.Equal(t, want, got, p)
	}
	require.Equal(t, int32(-1), positions[len(query)-1], "a path without facts has no position")
}

func TestRadixSortOrdersByKey(t *testing.T) {
	var wants []want
	for i := range 5000 {
		wants = append(wants, want{Key(string(rune(i))) >> uint(i%64), int32(i)})
	}
	wants = append(wants, want{0, 5000}, want{^uint64(0), 5001}, want{0, 5002})
	sorted := radixSort(append([]want(nil), wants...))
	require.Len(t, sorted, len(wants))
	require.True(t, slices.IsSortedFunc(sorted, func(a, b want) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	}))
	for k := 1; k < len(sorted); k++ {
		if sorted[k-1].key == sorted[k].key {
			require.Less(t, sorted[k-1].i, sorted[k].i, "equal keys keep their order (stable)")
		}
	}
	require.Equal(t, int32(5001), sorted[len(sorted)-1].i)
}
