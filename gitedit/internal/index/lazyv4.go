package index

import (
	"bytes"
	"fmt"
	"math"
)

// An index of version 4 (what feature.manyFiles sets) is read lazily
// too. Each entry's name is given as bytes to keep of the previous name
// and a suffix, so a name can only be known from all the names before
// it: scanV4 reads the table once, building every name one after the
// other in one buffer (Index.names; Index.nstart says where each
// starts, the entry's flags its length) without an Entry or a string
// per entry. Lookups binary-search those names; an entry is decoded when
// asked for. Encode copies an unchanged entry as read when the entry
// written before it is the one before it in the file and the file's
// prefix is the one git would write (the longest shared, or none at the
// start of an IEOT block); else it copies the fixed part and encodes the
// name again (the entry after a changed, added or removed one).

// scanV4 reads the table of n version 4 entries starting at off in
// ix.raw, as scanEntries does for versions 2 and 3: the entries v4At
// accepts are left undecoded, the others decoded (and refused when
// malformed) as parseEntries would.
func (ix *Index) scanV4(off, n int) (int, bool, error) {
	b := ix.raw
	if n < 0 || n > (len(b)-off)/fixedLen {
		return 0, false, fmt.Errorf("entry count %d does not fit in the file", n)
	}
	ix.ents, ix.offs, ix.nstart = make([]*Entry, n), make([]uint32, n), make([]uint32, n)
	ix.lazyNewest = make([]uint32, len(b)>>newestShift+1)
	names := make([]byte, 0, 2*(len(b)-off-n*fixedLen)+64)
	prev, plain := 0, true // prev: the length of the last name in names
	for i := range n {
		keep, suffix, end, ok := v4At(b, off, prev)
		if !ok || len(names)+keep+len(suffix) >= math.MaxUint32 {
			r := &entryReader{b: b, off: off, version: 4, plain: true, prev: string(names[len(names)-prev:]), second: i > 0}
			e := new(Entry)
			if err := r.entry(e); err != nil {
				return 0, false, fmt.Errorf("entry %d: %w", i, err)
			}
			ix.ents[i], off = e, r.off
			plain = plain && e.isPlain()
			names, prev = append(names, e.Name...), len(e.Name)
			continue
		}
		plain = ix.noteLazy(off) && plain
		start := len(names)
		names = append(names, names[start-prev:start-prev+keep]...)
		names = append(names, suffix...)
		ix.offs[i], ix.nstart[i] = uint32(off)+1, uint32(start)
		off, prev = end, keep+len(suffix)
	}
	ix.names = rawString(names)
	return off, plain, nil
}

// v4At reads the version 4 entry at off, the previous name prevLen bytes
// long: how many bytes of it the name keeps, the suffix after them and
// where the entry ends. It reports false for an entry scanV4 decodes at
// once: not whole in the file, its name not NUL-terminated or as long as
// flagNameMask or more, the length in its flags not the name's, its
// extended flags present though none is set, or stripping more than the
// previous name.
func v4At(b []byte, off, prevLen int) (keep int, suffix []byte, end int, ok bool) {
	if off+fixedLen+2 > len(b) || uint64(off) >= math.MaxUint32 {
		return 0, nil, 0, false
	}
	flags := be.Uint16(b[off+60:])
	p := off + fixedLen
	if flags&flagExtended != 0 {
		if x := be.Uint16(b[p:]); x == 0 || x&^knownXFlags != 0 {
			return 0, nil, 0, false
		}
		p += 2
	}
	strip, k, err := decodeVarint(b[p:])
	if err != nil || strip > uint64(prevLen) {
		return 0, nil, 0, false
	}
	p += k
	j := bytes.IndexByte(b[p:], 0)
	keep = prevLen - int(strip)
	if j < 0 || keep+j != int(flags&flagNameMask) {
		return 0, nil, 0, false
	}
	return keep, b[p : p+j], p + j + 1, true
}

// copyV4 writes the version 4 entry read at off, named name, unchanged:
// its bytes as read when git would write the same (see the comment at
// the top of this file), else its fixed part as read and its name
// encoded after the previous name written.
func (w *entryWriter) copyV4(off int, name string) {
	b := w.raw
	p := off + fixedLen
	if be.Uint16(b[off+60:])&flagExtended != 0 {
		p += 2
	}
	strip, k, _ := decodeVarint(b[p:]) // checked by v4At
	end := p + k + bytes.IndexByte(b[p+k:], 0) + 1
	if w.rawNext == off && w.sameStrip(int(strip), name) {
		w.prev, w.reset, w.rawNext = name, false, end
		w.copyRaw(off, end-off)
		return
	}
	w.endRun()
	w.s.buf = w.nameV4(append(w.s.buf, b[off:p]...), name)
	w.rawNext = end
	w.s.spill()
}

// sameStrip reports whether nameV4 would strip as many bytes of w.prev,
// the name before name in the file, as the file does: all of it at the
// start of a block, else all but the longest prefix the two share (the
// bytes kept are that prefix when the next bytes differ or one name
// ends there).
func (w *entryWriter) sameStrip(strip int, name string) bool {
	if w.reset {
		return strip == len(w.prev)
	}
	keep := len(w.prev) - strip
	return keep == len(w.prev) || keep == len(name) || name[keep] != w.prev[keep]
}
