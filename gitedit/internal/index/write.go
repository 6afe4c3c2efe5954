package index

import (
	"bytes"
	"crypto/sha1"
	"fmt"
	"io"
)

// Encode serialises the index as git would write it, keeping the
// extensions that were read (the cache-tree invalidated along the paths
// changed through Add and Remove). Extensions an edit invalidates are
// rewritten as the package comment describes; IEOT and EOIE are
// recomputed for the bytes written; the rest are copied verbatim. A
// skipped checksum (index.skipHash) stays skipped.
func (ix *Index) Encode() ([]byte, error) {
	var b bytes.Buffer
	b.Grow(ix.sizeHint())
	if err := ix.EncodeTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// EncodeTo writes the bytes Encode returns to w, through a small buffer
// rather than all at once: the entries read from the file and not changed
// since (never given to Add), decoded or not, are copied from the bytes
// read, a run of them at a time, the others encoded, and the checksum is
// computed on the way. The extensions are prepared before anything is written, so one
// that cannot be encoded fails with w untouched; an error of w is
// returned as it is.
func (ix *Index) EncodeTo(w io.Writer) error {
	list, nstrip, link, err := ix.writeList()
	if err != nil {
		return err
	}
	exts, err := ix.payloads(link)
	if err != nil {
		return err
	}
	s := newSink(w, !ix.skipHash, ix.sizeHint())
	version := ix.headerVersion(list)
	s.buf = append(s.buf, signatureDIRC...)
	s.buf = be.AppendUint32(be.AppendUint32(s.buf, version), uint32(list.len()))
	blocks := ix.writeEntries(s, list, nstrip, version)
	writeExtensions(s, exts, blocks)
	s.trailer()
	return s.err
}

// entryList is the entries a file holds: the index's own (ix, some maybe
// not decoded), or a list of them (split).
type entryList struct {
	ix   *Index
	list []*Entry
}

func (l entryList) len() int {
	if l.ix != nil {
		return l.ix.Len()
	}
	return len(l.list)
}

// writeList returns the entries the file holds: all of them, or for a
// split index the replacements (names stripped) and added entries, with
// the new link extension.
func (ix *Index) writeList() (entryList, int, []byte, error) {
	if ix.split == nil {
		return entryList{ix: ix}, 0, nil, nil
	}
	p, err := ix.split.plan(ix)
	if err != nil {
		return entryList{}, 0, nil, fmt.Errorf("encode split index: %w", err)
	}
	return entryList{list: p.entries}, p.nstrip, p.link, nil
}

// headerVersion is ix.Version, except that a version 2 or 3 index is
// written as version 3 when an entry needs extended flags, else as
// version 2 (as git does: it demotes 3 to 2 when 2 suffices).
func (ix *Index) headerVersion(l entryList) uint32 {
	if ix.Version == 4 {
		return 4
	}
	for i := range l.len() {
		if l.ix != nil && l.ix.ents[i] == nil {
			// Not decoded: canonical, its extended flags are there only
			// when some are set.
			if l.ix.lazyExtended && be.Uint16(l.ix.raw[l.ix.offs[i]-1+60:])&flagExtended != 0 {
				return 3
			}
			continue
		}
		if e := l.at(i); e.SkipWorktree || e.IntentToAdd {
			return 3
		}
	}
	return 2
}

// at is entry i, decoded.
func (l entryList) at(i int) *Entry {
	if l.ix != nil {
		return l.ix.At(i)
	}
	return l.list[i]
}

// sizeHint is about the size of the file Encode returns.
func (ix *Index) sizeHint() int {
	n := headerLen + hashLen + 64
	for _, x := range ix.exts {
		n += 8 + len(x.data)
	}
	return n + ix.Len()*(fixedLen+2+8+40)
}

// ieotBlock is one block of the index entry offset table.
type ieotBlock struct{ offset, count int }

// entryWriter writes entries to a sink, tracking IEOT blocks, for
// version 4 the previous name, and the run of entries being copied from
// raw, the entry table as read (nil when entries cannot be copied).
type entryWriter struct {
	s       *sink
	version uint32
	prev    string
	reset   bool // next v4 name shares no prefix (IEOT block start)
	blocks  []ieotBlock
	raw     []byte
	run     [2]int // raw[run[0]:run[1]] is yet to be written
	// v4 is set when raw is a version 4 table written as such; rawNext
	// is then where the entry after the last one written starts in raw
	// when that one came from raw (-1 when it did not).
	v4      bool
	rawNext int
}

// writeEntries writes list; the first nstrip entries get empty names
// (split-index replacements). With an IEOT extension, entries are grouped
// in blocks as git groups them, and in version 4 each block starts with
// an uncompressed name so that blocks decode independently.
func (ix *Index) writeEntries(s *sink, l entryList, nstrip int, version uint32) []ieotBlock {
	w := &entryWriter{s: s, version: version, raw: ix.rawEntries(version), rawNext: headerLen}
	start, count := s.off(), 0
	w.v4 = w.raw != nil && version == 4
	per := ix.ieotPer(l.len())
	for i := range l.len() {
		if per > 0 && i > 0 && i%per == 0 {
			w.endRun()
			w.blocks = append(w.blocks, ieotBlock{start, count})
			start, count, w.reset = s.off(), 0, true
		}
		count++
		if w.raw != nil && l.ix != nil && l.ix.ents[i] == nil {
			off := int(l.ix.offs[i] - 1)
			if w.v4 {
				w.copyV4(off, l.ix.nameAt(i))
			} else {
				w.copyRaw(off, rawLen(w.raw, off))
			}
			continue
		}
		e := l.at(i)
		name := e.Name
		if i < nstrip {
			name = ""
		}
		w.entry(e, name)
	}
	w.endRun()
	if per > 0 && count > 0 {
		w.blocks = append(w.blocks, ieotBlock{start, count})
	}
	return w.blocks
}

// ieotPer is how many entries each IEOT block holds in a file of n
// entries: git's DIV_ROUND_UP(entries, ieot_blocks) (read-cache.c
// do_write_index), its blocks as many as the file read had, at most n. It
// is 0 when the file read had no IEOT.
func (ix *Index) ieotPer(n int) int {
	blocks := min(ix.ieotBlocks, n)
	if blocks < 1 {
		return 0
	}
	return (n + blocks - 1) / blocks
}

// rawEntries returns the entry table as read when its entries can be
// copied into a file of the given version: not split, a version 2 or 3
// file (whose entries are the same bytes in either version) written as
// version 2 or 3, or a version 4 file as version 4. Else nil.
func (ix *Index) rawEntries(version uint32) []byte {
	if ix.split != nil || ix.rawV4 != (version == 4) {
		return nil
	}
	return ix.raw
}

// entry writes one on-disk entry with the given name: copied from the
// file when it is as read, else encoded.
func (w *entryWriter) entry(e *Entry, name string) {
	if w.raw != nil && e.raw > 0 && name == e.Name {
		if w.v4 {
			w.copyV4(int(e.raw)-1, name)
		} else {
			w.copyRaw(int(e.raw)-1, paddedLen(e))
		}
		return
	}
	w.endRun()
	w.rawNext = -1
	s := w.s
	start := len(s.buf)
	s.buf = appendFixed(s.buf, e, name, w.version)
	if w.version == 4 {
		s.buf = w.nameV4(s.buf, name)
	} else {
		s.buf = append(s.buf, name...)
		n := len(s.buf) - start
		var zeros [8]byte
		s.buf = append(s.buf, zeros[:(n+8)&^7-n]...)
	}
	s.spill()
}

// copyRaw adds the n bytes as read at off to the run being copied, or
// starts a new run when they do not follow it in the file.
func (w *entryWriter) copyRaw(off, n int) {
	if off != w.run[1] {
		w.endRun()
		w.run[0] = off
	}
	w.run[1] = off + n
}

// endRun writes the run of entries being copied.
func (w *entryWriter) endRun() {
	if w.run[1] > w.run[0] {
		w.s.write(w.raw[w.run[0]:w.run[1]])
	}
	w.run = [2]int{}
}

// paddedLen is the length of e's version 2/3 on-disk entry: the fixed
// part, extended flags when it has any, the name and 1 to 8 NULs.
func paddedLen(e *Entry) int {
	n := fixedLen + len(e.Name)
	if extendedFlags(e) != 0 {
		n += 2
	}
	return (n + 8) &^ 7
}

// appendFixed appends the stat data, hash, flags and extended flags.
func appendFixed(out []byte, e *Entry, name string, version uint32) []byte {
	var f [fixedLen + 2]byte
	for i, v := range [...]uint32{e.CtimeSec, e.CtimeNsec, e.MtimeSec, e.MtimeNsec,
		e.Dev, e.Ino, e.Mode, e.UID, e.GID, e.Size} {
		be.PutUint32(f[4*i:], v)
	}
	copy(f[40:60], e.Hash[:])
	flags := uint16(min(len(name), flagNameMask)) | uint16(e.Stage&3)<<12
	if e.AssumeValid {
		flags |= flagAssume
	}
	n := fixedLen
	if x := extendedFlags(e); x != 0 && version >= 3 {
		flags |= flagExtended
		be.PutUint16(f[62:], x)
		n += 2
	}
	be.PutUint16(f[60:], flags)
	return append(out, f[:n]...)
}

func extendedFlags(e *Entry) uint16 {
	var x uint16
	if e.SkipWorktree {
		x |= xflagSkipWt
	}
	if e.IntentToAdd {
		x |= xflagIntent
	}
	return x
}

// nameV4 appends a prefix-compressed name: how many bytes of the previous
// name to drop, then the rest of this name, NUL-terminated.
func (w *entryWriter) nameV4(out []byte, name string) []byte {
	common := 0
	if !w.reset {
		for common < len(name) && common < len(w.prev) && name[common] == w.prev[common] {
			common++
		}
	}
	out = appendVarint(out, uint64(len(w.prev)-common))
	out = append(append(out, name[common:]...), 0)
	w.prev, w.reset = name, false
	return out
}

// payloads returns the extensions to write, in their original order, with
// the invalidated ones rewritten (IEOT and EOIE are recomputed as they are
// written).
func (ix *Index) payloads(link []byte) ([]extension, error) {
	exts := make([]extension, len(ix.exts))
	for i, x := range ix.exts {
		data, err := ix.payload(x, link)
		if err != nil {
			return nil, fmt.Errorf("encode %s extension: %w", x.sig, err)
		}
		exts[i] = extension{x.sig, data}
	}
	return exts, nil
}

// writeExtensions writes exts with IEOT recomputed from blocks and EOIE
// (always last) recomputed over the headers written before it.
func writeExtensions(s *sink, exts []extension, blocks []ieotBlock) {
	entriesEnd := s.off()
	eoie := sha1.New()
	hasEOIE := false
	for _, x := range exts {
		switch x.sig {
		case "EOIE":
			hasEOIE = true
			continue
		case "IEOT":
			if ieotEntries(blocks) < 2 {
				continue // git writes none: one thread reads it all
			}
			x.data = ieotPayload(blocks)
		}
		s.buf = appendExtHeader(s.buf, x.sig, len(x.data))
		eoie.Write(s.buf[len(s.buf)-8:])
		s.write(x.data)
	}
	if hasEOIE {
		data := be.AppendUint32(nil, uint32(entriesEnd))
		data = eoie.Sum(data)
		s.buf = appendExtHeader(s.buf, "EOIE", len(data))
		s.write(data)
	}
}

func appendExtHeader(out []byte, sig string, size int) []byte {
	return be.AppendUint32(append(out, sig...), uint32(size))
}

// payload returns the bytes to write for one extension (IEOT's are
// computed later, from the entries written).
func (ix *Index) payload(x extension, link []byte) ([]byte, error) {
	switch x.sig {
	case "TREE":
		return ix.treePayload(x.data)
	case "UNTR":
		return ix.untrackedPayload(x.data)
	case "FSMN":
		if !ix.changed {
			return x.data, nil
		}
		return ix.fsmonitorPayload(x.data)
	case "link":
		if link == nil {
			return x.data, nil
		}
		return link, nil
	}
	return x.data, nil
}

// ieotEntries counts the entries of the blocks. Below 2, git writes no
// IEOT (read-cache.c do_write_index: no more blocks than entries, and
// none unless there are 2 or more), and reads one without blocks as an
// error ("invalid number of IEOT entries 0"): a split file of no entry
// holds none.
func ieotEntries(blocks []ieotBlock) int {
	n := 0
	for _, b := range blocks {
		n += b.count
	}
	return n
}

func ieotPayload(blocks []ieotBlock) []byte {
	out := be.AppendUint32(make([]byte, 0, 4+8*len(blocks)), 1)
	for _, b := range blocks {
		out = be.AppendUint32(be.AppendUint32(out, uint32(b.offset)), uint32(b.count))
	}
	return out
}
