package index

import (
	"fmt"
	"math"
	"unsafe"
)

// An index of version 2 or 3 is read lazily: Read finds where each entry
// starts (the fixed part gives the name's length) and decodes only the
// entries that Encode could not copy back as they are; the others are
// decoded when first asked for (At, Entry, Entries). Encode copies the
// entries still undecoded, and those decoded and never replaced, from
// the bytes read. A one-file batch in a 100,000-entry index then looks
// up a few entries by binary search over the names in the file instead
// of building 100,000 of them.

// Len is the number of entries.
func (ix *Index) Len() int { return len(ix.ents) }

// At returns entry i (0 <= i < Len), sorted by Name, then Stage. It is
// the index's own: change it only through Add.
func (ix *Index) At(i int) *Entry {
	if e := ix.ents[i]; e != nil {
		return e
	}
	e := ix.decodeAt(int(ix.offs[i]-1), ix.nameAt(i))
	if ix.pos != nil {
		e.base = ix.pos[i]
	}
	ix.ents[i] = e
	return e
}

// Entries returns every entry, sorted by Name, then Stage, as git sorts
// them, decoding those not decoded yet. The slice is the index's own:
// read it only, and not across an Add or Remove.
func (ix *Index) Entries() []*Entry {
	for i := range ix.ents {
		ix.At(i)
	}
	ix.offs, ix.pos, ix.nstart = nil, nil, nil
	return ix.ents
}

// NewWithEntries returns an index of the given version holding entries
// (sorted by Name, then Stage), as if read from a file without
// extensions.
func NewWithEntries(version uint32, entries []*Entry) *Index {
	return &Index{Version: version, ents: entries}
}

// ModifiedSince returns the stage-0 entries of a non-zero size whose
// modification time is sec or later (git's racily clean candidates),
// decoding only those. Of the entries not decoded, it reads the time of
// those in a block of the file holding one that new (see lazyNewest):
// the entries a batch just staged, in a file or two of 100,000.
func (ix *Index) ModifiedSince(sec int64) []*Entry {
	var out []*Entry
	for i, e := range ix.ents {
		if e == nil {
			off := ix.offs[i] - 1
			if int64(ix.lazyNewest[off>>newestShift]) < sec {
				continue
			}
			f := ix.raw[off:]
			if int64(be.Uint32(f[8:])) < sec || be.Uint32(f[36:]) == 0 || be.Uint16(f[60:])&0x3000 != 0 {
				continue
			}
			e = ix.At(i)
		}
		if int64(e.MtimeSec) >= sec && e.Size != 0 && e.Stage == 0 {
			out = append(out, e)
		}
	}
	return out
}

// nameAt is the name of entry i, without decoding it.
func (ix *Index) nameAt(i int) string {
	if e := ix.ents[i]; e != nil {
		return e.Name
	}
	off := int(ix.offs[i] - 1)
	if ix.nstart != nil { // version 4
		start := int(ix.nstart[i])
		return ix.names[start : start+int(be.Uint16(ix.raw[off+60:])&flagNameMask)]
	}
	start, n := rawName(ix.raw, off)
	return ix.str[start : start+n]
}

// stageAt is the stage of entry i, without decoding it.
func (ix *Index) stageAt(i int) int {
	if e := ix.ents[i]; e != nil {
		return e.Stage
	}
	return int(be.Uint16(ix.raw[ix.offs[i]-1+60:])>>12) & 3
}

// splice replaces entries [i, j) with e (nothing when e is nil).
func (ix *Index) splice(i, j int, e *Entry) {
	ins := []*Entry{}
	if e != nil {
		ins = append(ins, e)
	}
	ix.ents = append(ix.ents[:i], append(ins, ix.ents[j:]...)...)
	if ix.offs != nil {
		ix.offs = append(ix.offs[:i], append(make([]uint32, len(ins)), ix.offs[j:]...)...)
	}
	if ix.pos != nil {
		ix.pos = append(ix.pos[:i], append(make([]uint32, len(ins)), ix.pos[j:]...)...)
	}
	if ix.nstart != nil {
		ix.nstart = append(ix.nstart[:i], append(make([]uint32, len(ins)), ix.nstart[j:]...)...)
	}
}

// rawName returns where the name of the canonical version 2/3 entry at
// off in b starts, and its length (below flagNameMask: longer names are
// decoded at once).
func rawName(b []byte, off int) (int, int) {
	flags := be.Uint16(b[off+60:])
	start := off + fixedLen
	if flags&flagExtended != 0 {
		start += 2
	}
	return start, int(flags & flagNameMask)
}

// rawLen is the length of the canonical version 2/3 entry at off in b.
func rawLen(b []byte, off int) int {
	start, n := rawName(b, off)
	return (start - off + n + 8) &^ 7
}

// decodeAt decodes the canonical entry at off in raw (see scanEntries
// and scanV4), named name.
func (ix *Index) decodeAt(off int, name string) *Entry {
	e := new(Entry)
	decodeFixed(e, ix.raw[off:off+fixedLen])
	if be.Uint16(ix.raw[off+60:])&flagExtended != 0 {
		x := be.Uint16(ix.raw[off+fixedLen:])
		e.SkipWorktree, e.IntentToAdd = x&xflagSkipWt != 0, x&xflagIntent != 0
	}
	e.Name = name
	e.raw = uint32(off) + 1
	return e
}

// scanEntries reads the table of n version 2/3 entries starting at off in
// ix.raw: it records where each canonical entry is (one Encode writes
// back as it is) and decodes the others at once, as parseEntries would.
// It returns the offset just past the table and whether every entry
// isPlain.
func (ix *Index) scanEntries(off, n int) (int, bool, error) {
	b := ix.raw
	if n < 0 || n > (len(b)-off)/fixedLen {
		return 0, false, fmt.Errorf("entry count %d does not fit in the file", n)
	}
	ix.ents, ix.offs = make([]*Entry, n), make([]uint32, n)
	ix.lazyNewest = make([]uint32, len(b)>>newestShift+1)
	plain := true
	for i := range n {
		if end, ok := ix.canonicalAt(off); ok {
			plain = ix.noteLazy(off) && plain
			ix.offs[i], off = uint32(off)+1, end
			continue
		}
		r := &entryReader{b: b, off: off, version: ix.Version, plain: true}
		e := new(Entry)
		if err := r.entry(e); err != nil {
			return 0, false, fmt.Errorf("entry %d: %w", i, err)
		}
		ix.ents[i], off = e, r.off
		plain = plain && e.isPlain()
	}
	return off, plain, nil
}

// newestShift sets the blocks of Index.lazyNewest: 16 KB, about 200
// entries.
const newestShift = 14

// noteLazy notes the modification time and extended flags of the entry
// at off, left undecoded, and reports whether it isPlain.
func (ix *Index) noteLazy(off int) bool {
	f := ix.raw[off:]
	if t := be.Uint32(f[8:]); t > ix.lazyNewest[off>>newestShift] {
		ix.lazyNewest[off>>newestShift] = t
	}
	flags := be.Uint16(f[60:])
	ext := flags&flagExtended != 0
	ix.lazyExtended = ix.lazyExtended || ext
	return flags&0x3000 == 0 && be.Uint32(f[24:]) != ModeSparseDir && (!ext || be.Uint16(f[fixedLen:])&xflagIntent == 0)
}

// canonicalAt reports whether the entry at off is one scanEntries may
// leave undecoded, and where it ends: whole in the file, its name shorter
// than flagNameMask, extended flags (version 3 only) present only when
// some known ones are set, and only NULs after the name. The others,
// rare, are decoded (and refused when malformed) as parseEntries does.
func (ix *Index) canonicalAt(off int) (int, bool) {
	b := ix.raw
	if off+fixedLen+2 > len(b) || uint64(off) >= math.MaxUint32 {
		return 0, false
	}
	flags := be.Uint16(b[off+60:])
	if flags&flagExtended != 0 {
		x := be.Uint16(b[off+fixedLen:])
		if ix.Version < 3 || x == 0 || x&^knownXFlags != 0 {
			return 0, false
		}
	}
	start, n := rawName(b, off)
	end := off + (start-off+n+8)&^7
	if n == flagNameMask || end > len(b) {
		return 0, false
	}
	// The 1 to 8 bytes after the name, the last of the entry's final 8
	// (its length is a multiple of 8, at least 64), must all be NULs.
	pad := uint(end - start - n)
	return end, be.Uint64(b[end-8:])&(^uint64(0)>>(64-8*pad)) == 0
}

// rawString returns b as a string without copying it. b must never be
// written to afterwards: Read owns the bytes it read (never a mapping,
// which another program could change), and nothing writes them.
func rawString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
