package index

import (
	"crypto/sha1"
	"fmt"
)

// Encode serialises the index as git would write it, keeping the
// extensions that were read (the cache-tree invalidated along the paths
// changed through Add and Remove). Extensions an edit invalidates are
// rewritten as the package comment describes; IEOT and EOIE are
// recomputed for the bytes written; the rest are copied verbatim. A
// skipped checksum (index.skipHash) stays skipped.
func (ix *Index) Encode() ([]byte, error) {
	list, nstrip, link, err := ix.writeList()
	if err != nil {
		return nil, err
	}
	version := ix.headerVersion(list)
	out := make([]byte, 0, ix.sizeHint(list))
	out = append(out, signatureDIRC...)
	out = be.AppendUint32(be.AppendUint32(out, version), uint32(len(list)))
	out, blocks := ix.appendEntries(out, list, nstrip, version)
	if out, err = ix.appendExtensions(out, blocks, link); err != nil {
		return nil, err
	}
	if ix.skipHash {
		return append(out, make([]byte, hashLen)...), nil
	}
	sum := sha1.Sum(out)
	return append(out, sum[:]...), nil
}

// writeList returns the entries the file holds: all of them, or for a
// split index the replacements (names stripped) and added entries, with
// the new link extension.
func (ix *Index) writeList() ([]*Entry, int, []byte, error) {
	if ix.split == nil {
		return ix.Entries, 0, nil, nil
	}
	p, err := ix.split.plan(ix.Entries)
	if err != nil {
		return nil, 0, nil, fmt.Errorf("encode split index: %w", err)
	}
	return p.entries, p.nstrip, p.link, nil
}

// headerVersion is ix.Version, raised to 3 when an entry needs extended
// flags in a version-2 index (as git does).
func (ix *Index) headerVersion(list []*Entry) uint32 {
	v := ix.Version
	if v < 2 || v > 4 {
		v = 2
	}
	if v == 2 {
		for _, e := range list {
			if e.SkipWorktree || e.IntentToAdd {
				return 3
			}
		}
	}
	return v
}

func (ix *Index) sizeHint(list []*Entry) int {
	n := headerLen + hashLen + 64
	for _, x := range ix.exts {
		n += 8 + len(x.data)
	}
	return n + len(list)*(fixedLen+2+8+40)
}

// ieotBlock is one block of the index entry offset table.
type ieotBlock struct{ offset, count int }

// entryWriter appends entries, tracking IEOT blocks and, for version 4,
// the previous name.
type entryWriter struct {
	version uint32
	prev    string
	reset   bool // next v4 name shares no prefix (IEOT block start)
	blocks  []ieotBlock
}

// appendEntries writes list; the first nstrip entries get empty names
// (split-index replacements). With an IEOT extension, entries are grouped
// in blocks as git groups them, and in version 4 each block starts with
// an uncompressed name so that blocks decode independently.
func (ix *Index) appendEntries(out []byte, list []*Entry, nstrip int, version uint32) ([]byte, []ieotBlock) {
	w := &entryWriter{version: version}
	start, count := len(out), 0
	for i, e := range list {
		if ix.ieotBlock > 0 && i > 0 && i%ix.ieotBlock == 0 {
			w.blocks = append(w.blocks, ieotBlock{start, count})
			start, count, w.reset = len(out), 0, true
		}
		name := e.Name
		if i < nstrip {
			name = ""
		}
		out = w.entry(out, e, name)
		count++
	}
	if ix.ieotBlock > 0 && count > 0 {
		w.blocks = append(w.blocks, ieotBlock{start, count})
	}
	return out, w.blocks
}

// entry appends one on-disk entry with the given name.
func (w *entryWriter) entry(out []byte, e *Entry, name string) []byte {
	start := len(out)
	out = appendFixed(out, e, name, w.version)
	if w.version == 4 {
		return w.nameV4(out, name)
	}
	out = append(out, name...)
	n := len(out) - start
	var zeros [8]byte
	return append(out, zeros[:(n+8)&^7-n]...)
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

// appendExtensions writes the extensions in their original order, with
// the invalidated ones rewritten, IEOT recomputed and EOIE (always last)
// recomputed over the headers written before it.
func (ix *Index) appendExtensions(out []byte, blocks []ieotBlock, link []byte) ([]byte, error) {
	entriesEnd := len(out)
	eoie := sha1.New()
	hasEOIE := false
	for _, x := range ix.exts {
		if x.sig == "EOIE" {
			hasEOIE = true
			continue
		}
		data, err := ix.payload(x, blocks, link)
		if err != nil {
			return nil, fmt.Errorf("encode %s extension: %w", x.sig, err)
		}
		out = appendExtHeader(out, x.sig, len(data))
		eoie.Write(out[len(out)-8:])
		out = append(out, data...)
	}
	if hasEOIE {
		data := be.AppendUint32(nil, uint32(entriesEnd))
		data = eoie.Sum(data)
		out = append(appendExtHeader(out, "EOIE", len(data)), data...)
	}
	return out, nil
}

func appendExtHeader(out []byte, sig string, size int) []byte {
	return be.AppendUint32(append(out, sig...), uint32(size))
}

// payload returns the bytes to write for one extension.
func (ix *Index) payload(x extension, blocks []ieotBlock, link []byte) ([]byte, error) {
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
	case "IEOT":
		return ieotPayload(blocks), nil
	case "link":
		if link == nil {
			return x.data, nil
		}
		return link, nil
	}
	return x.data, nil
}

func ieotPayload(blocks []ieotBlock) []byte {
	out := be.AppendUint32(make([]byte, 0, 4+8*len(blocks)), 1)
	for _, b := range blocks {
		out = be.AppendUint32(be.AppendUint32(out, uint32(b.offset)), uint32(b.count))
	}
	return out
}
