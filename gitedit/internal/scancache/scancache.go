// Package scancache remembers, from one recipe scan to the next, what a
// scan learned about working-tree files: whether a file is binary, and
// which needles (the literals that recipe items prefilter on) it does not
// contain. Each fact is filed under the file's path and stat data (ctime,
// mtime, size, inode, device, mode), the way git's index vouches for a
// file's content: a later scan that finds the same stat data knows the
// content is the same and need not read the file.
//
// Soundness rests on the ctime, which every write to a file moves to the
// current time and which no system call sets back: a fact is recorded only
// for a file whose ctime is older than the start of the scan by Margin
// (see Cache.Record), so a write after the scan read the file gives it a
// ctime that no recorded entry carries. The cache is advisory: a missing,
// unreadable or corrupt file is an empty cache, and writers racing each
// other only replace true facts by true facts.
package scancache

import (
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"
)

// Margin is how much older than the scan's start a file's ctime must be
// for its facts to be recorded: more than the coarsest file time stamp
// granularity of common file systems (one second, or a jiffy).
const Margin = 2 * time.Second

// MaxNeedles is the number of needles the cache keeps facts about; the
// needles used least recently are forgotten first.
const MaxNeedles = 63

// MaxNeedleLen is the length above which a needle is not cached (its
// files are always read).
const MaxNeedleLen = 1024

// binaryBit marks a binary file in an entry's flags; bits 0 to 62 say
// "needle i is absent".
const binaryBit = 1 << 63

// Stat is the stat data that identifies a file's content.
type Stat struct {
	Ctime, Mtime int64 // nanoseconds since the epoch
	Size         int64
	Ino, Dev     uint64
	Mode         uint32
}

// Facts are what an earlier scan learned about a file.
type Facts struct {
	flags uint64 // in the bits of the current needle table
}

// Binary reports whether the file is binary (a NUL byte in its first
// 8000 bytes).
func (f Facts) Binary() bool { return f.flags&binaryBit != 0 }

// Absent reports whether needle bit (from Cache.Use) is known to be absent
// from the file; false when it is present or unknown, or bit < 0.
func (f Facts) Absent(bit int) bool {
	return bit >= 0 && f.flags&(1<<uint(bit)) != 0
}

// Cache is the facts loaded from a cache file and those recorded since.
// Lookup and Record may be called from several goroutines; Use, Save and
// Dirty may not run alongside them.
type Cache struct {
	cutoff  int64 // ctimes at or after it are not recorded
	needles []string
	remap   []int    // old needle bit -> new bit, or -1
	entries []byte   // loaded entries, sorted by key
	fanout  []uint32 // fanout[b]: first entry whose key's top bits are >= b
	mu      sync.Mutex
	added   []entry // recorded since Load, in no order; a later one wins
}

// entry is one file's facts as stored.
type entry struct {
	key   uint64
	stat  Stat
	flags uint64
}

// Load reads the cache file at path for a scan that starts at now. It
// never fails: a file that is missing, from another version or corrupt is
// an empty cache.
func Load(path string, now time.Time) *Cache {
	c := &Cache{cutoff: now.Add(-Margin).UnixNano()}
	data, err := os.ReadFile(path)
	if err == nil {
		c.needles, c.entries = decode(data)
	}
	c.remap = identity(len(c.needles))
	c.fanout = fanout(c.entries)
	return c
}

// fanoutBits is how many top bits of a key index the fan-out table: with
// keys spread evenly, a lookup among 100,000 entries reads one or two.
const fanoutBits = 16

// fanout builds the fan-out table of sorted entries: like a pack index's,
// entry fanout[b] is the number of entries whose key's top bits are
// below b, for b from 0 to 1<<fanoutBits.
func fanout(entries []byte) []uint32 {
	table := make([]uint32, 1<<fanoutBits+1)
	n := len(entries) / entrySize
	b := 0
	for i := 0; i < n; i++ {
		top := int(binary.LittleEndian.Uint64(entries[i*entrySize:]) >> (64 - fanoutBits))
		for ; b <= top; b++ {
			table[b] = uint32(i)
		}
	}
	for ; b < len(table); b++ {
		table[b] = uint32(n)
	}
	return table
}

// Len returns the number of files the loaded cache file had facts about.
func (c *Cache) Len() int { return len(c.entries) / entrySize }

// Use makes needles the first of the needle table (keeping the other
// known ones up to MaxNeedles) and returns the bit of each, -1 for a
// needle that is not cached (empty or too long).
func (c *Cache) Use(needles []string) []int {
	next := make([]string, 0, MaxNeedles)
	bits := make([]int, len(needles))
	for i, n := range needles {
		bits[i] = -1
		if n == "" || len(n) > MaxNeedleLen {
			continue
		}
		if j := indexOf(next, n); j >= 0 {
			bits[i] = j
		} else if len(next) < MaxNeedles {
			bits[i], next = len(next), append(next, n)
		}
	}
	for _, n := range c.needles {
		if len(next) < MaxNeedles && indexOf(next, n) < 0 {
			next = append(next, n)
		}
	}
	c.remap = remapping(c.needles, next, c.remap)
	c.needles = next
	return bits
}

// Lookup returns the facts the loaded file recorded for the file at path
// when they were recorded under the same stat data. (What Record adds in
// this run is not looked up: a scan visits each file once.)
func (c *Cache) Lookup(path string, st Stat) (Facts, bool) {
	e, ok := c.find(Key(path))
	if !ok || e.stat != st {
		return Facts{}, false
	}
	return Facts{c.remapFlags(e.flags)}, true
}

// Index finds the loaded entries of many paths at once: positions[i] is
// the entry of paths[i], or -1. Looking paths up one by one touches the
// entries (sorted by key, so in no useful order) at random, a cache miss
// each; sorting the keys first walks them in order. Use LookupAt with the
// positions.
func (c *Cache) Index(paths []string) []int32 {
	wants := make([]want, len(paths))
	for i, p := range paths {
		wants[i] = want{Key(p), int32(i)}
	}
	wants = radixSort(wants)
	positions := make([]int32, len(paths))
	j, n := 0, c.Len()
	for _, w := range wants {
		for j < n && binary.LittleEndian.Uint64(c.entries[j*entrySize:]) < w.key {
			j++
		}
		positions[w.i] = -1
		if j < n && binary.LittleEndian.Uint64(c.entries[j*entrySize:]) == w.key {
			positions[w.i] = int32(j)
		}
	}
	return positions
}

// want is a path's key and its position in the caller's list.
type want struct {
	key uint64
	i   int32
}

// radixSort sorts wants by key, 16 bits a pass (four passes; a
// comparison sort of 100,000 keys costs several times more).
func radixSort(wants []want) []want {
	tmp := make([]want, len(wants))
	var count [1 << 16]int
	for shift := uint(0); shift < 64; shift += 16 {
		clear(count[:])
		for _, w := range wants {
			count[(w.key>>shift)&0xffff]++
		}
		sum := 0
		for b, c := range count {
			count[b], sum = sum, sum+c
		}
		for _, w := range wants {
			b := (w.key >> shift) & 0xffff
			tmp[count[b]] = w
			count[b]++
		}
		wants, tmp = tmp, wants
	}
	return wants
}

// LookupAt is Lookup for a position from Index (-1: not cached).
func (c *Cache) LookupAt(pos int32, st Stat) (Facts, bool) {
	if pos < 0 {
		return Facts{}, false
	}
	e := c.entryAt(int(pos))
	if e.stat != st {
		return Facts{}, false
	}
	return Facts{c.remapFlags(e.flags)}, true
}

// Record files facts about the content of path read under st: whether it
// is binary, and the bits of the needles it was found not to contain. It
// does nothing (and reports false) when st's ctime or mtime is not older
// than the scan's start by Margin. Facts the loaded file holds under the
// same stat data are kept.
func (c *Cache) Record(path string, st Stat, binary bool, absent []int) bool {
	if st.Ctime >= c.cutoff || st.Mtime >= c.cutoff {
		return false
	}
	flags := uint64(0)
	if binary {
		flags |= binaryBit
	}
	for _, b := range absent {
		if b >= 0 {
			flags |= 1 << uint(b)
		}
	}
	if old, ok := c.Lookup(path, st); ok {
		flags |= old.flags
	}
	c.mu.Lock()
	c.added = append(c.added, entry{key: Key(path), stat: st, flags: flags})
	c.mu.Unlock()
	return true
}

// Dirty reports whether facts were recorded since Load.
func (c *Cache) Dirty() bool { return len(c.added) > 0 }

// Save writes the cache to path (through a temporary file renamed over
// it): the recorded facts, and the loaded ones of the paths live still
// reports as present (the tracked files). Both lists being sorted, it
// merges them, copying loaded entries as they are unless the needle table
// moved their bits.
func (c *Cache) Save(path string, live func(key uint64) bool) error {
	added := latest(c.added)
	same := isIdentity(c.remap)
	b, count := appendHeader(make([]byte, 0, len(c.entries)+len(added)*entrySize+1024), c.needles), 0
	countAt := len(b) - 4
	for i, n := 0, c.Len(); i < n || len(added) > 0; {
		var raw []byte
		if i < n {
			raw = c.entries[i*entrySize : (i+1)*entrySize]
		}
		key := uint64(0)
		if raw != nil {
			key = binary.LittleEndian.Uint64(raw)
		}
		switch {
		case len(added) > 0 && (raw == nil || added[0].key <= key):
			if raw != nil && added[0].key == key {
				i++ // replaced
			}
			b, added = appendEntry(b, added[0]), added[1:]
		case !live(key):
			i++
			continue
		case same:
			b, i = append(b, raw...), i+1
		default:
			e := decodeEntry(raw)
			e.flags = c.remapFlags(e.flags)
			b, i = appendEntry(b, e), i+1
		}
		count++
	}
	binary.LittleEndian.PutUint32(b[countAt:], uint32(count))
	return writeAtomic(path, binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, crcTable())))
}

// latest sorts recorded entries by key, keeping the last one recorded for
// each key.
func latest(recorded []entry) []entry {
	added := append([]entry(nil), recorded...)
	sort.SliceStable(added, func(i, j int) bool { return added[i].key < added[j].key })
	out := added[:0]
	for i, e := range added {
		if i+1 < len(added) && added[i+1].key == e.key {
			continue // a later record of the same file wins
		}
		out = append(out, e)
	}
	return out
}

// isIdentity reports whether a bit mapping moves no bit.
func isIdentity(remap []int) bool {
	for old, bit := range remap {
		if bit != old {
			return false
		}
	}
	return true
}

// Key is the key a path's facts are filed under: the 64-bit FNV-1a hash
// of the path. Two paths with the same key cannot mix up their facts
// unless they also share the stat data (a hard link: the same content).
func Key(path string) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for i := 0; i < len(path); i++ {
		h = (h ^ uint64(path[i])) * prime
	}
	return h
}

// find returns the loaded entry with key, scanning the few entries of
// its fan-out bucket.
func (c *Cache) find(key uint64) (entry, bool) {
	top := key >> (64 - fanoutBits)
	for i := c.fanout[top]; i < c.fanout[top+1]; i++ {
		if binary.LittleEndian.Uint64(c.entries[int(i)*entrySize:]) == key {
			return c.entryAt(int(i)), true
		}
	}
	return entry{}, false
}

// entryAt decodes the i-th loaded entry.
func (c *Cache) entryAt(i int) entry {
	return decodeEntry(c.entries[i*entrySize : (i+1)*entrySize])
}

// remapFlags moves a loaded entry's needle bits to the current table.
func (c *Cache) remapFlags(flags uint64) uint64 {
	out := flags & binaryBit
	for old, bit := range c.remap {
		if bit >= 0 && flags&(1<<uint(old)) != 0 {
			out |= 1 << uint(bit)
		}
	}
	return out
}

// remapping composes the mapping from the loaded table to prev with the
// move from prev to next.
func remapping(prev, next []string, toPrev []int) []int {
	out := make([]int, len(toPrev))
	for old, p := range toPrev {
		out[old] = -1
		if p >= 0 {
			out[old] = indexOf(next, prev[p])
		}
	}
	return out
}

// identity is the mapping of n bits to themselves.
func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// indexOf returns the position of s in list, or -1.
func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// writeAtomic writes data to a temporary file beside path and renames it
// over path (creating the folder). It does not fsync: losing the cache
// loses nothing but time.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		_ = os.Remove(f.Name())
	}
	return err
}

// castagnoli is the table crcTable builds on its first call (a
// sync.OnceValue would be built, and allocated, when the program starts).
var castagnoli struct {
	once  sync.Once
	table *crc32.Table
}

// crcTable returns the Castagnoli polynomial's table (the checksum is
// computed in hardware on most processors).
func crcTable() *crc32.Table {
	c := &castagnoli
	c.once.Do(func() { c.table = crc32.MakeTable(crc32.Castagnoli) })
	return c.table
}
