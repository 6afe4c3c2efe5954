package index

import "crypto/sha1"

// legacyEncode is Encode as it was before entries were copied from the
// file as read and streamed through a small buffer (main 7b0d896): every
// entry encoded into one buffer, hashed at the end. The tests hold the
// new writer to its output, byte for byte.
func (ix *Index) legacyEncode() ([]byte, error) {
	list, nstrip, link, err := ix.writeList()
	if err != nil {
		return nil, err
	}
	version := ix.headerVersion(list)
	out := append([]byte(nil), signatureDIRC...)
	out = be.AppendUint32(be.AppendUint32(out, version), uint32(list.len()))
	out, blocks := ix.legacyAppendEntries(out, list.decodedCopy(), nstrip, version)
	if out, err = ix.legacyAppendExtensions(out, blocks, link); err != nil {
		return nil, err
	}
	if ix.skipHash {
		return append(out, make([]byte, hashLen)...), nil
	}
	sum := sha1.Sum(out)
	return append(out, sum[:]...), nil
}

// decodedCopy returns the entries of l, those not decoded yet decoded
// apart (l's index is left as it was: still lazy where it was).
func (l entryList) decodedCopy() []*Entry {
	if l.ix == nil {
		return l.list
	}
	out := make([]*Entry, l.len())
	for i := range out {
		if out[i] = l.ix.ents[i]; out[i] == nil {
			out[i] = l.ix.decodeAt(int(l.ix.offs[i]-1), l.ix.nameAt(i))
		}
	}
	return out
}

func (ix *Index) legacyAppendEntries(out []byte, list []*Entry, nstrip int, version uint32) ([]byte, []ieotBlock) {
	w := &entryWriter{version: version}
	start, count := len(out), 0
	for i, e := range list {
		if per := ix.ieotPer(len(list)); per > 0 && i > 0 && i%per == 0 {
			w.blocks = append(w.blocks, ieotBlock{start, count})
			start, count, w.reset = len(out), 0, true
		}
		name := e.Name
		if i < nstrip {
			name = ""
		}
		out = w.legacyEntry(out, e, name)
		count++
	}
	if ix.ieotPer(len(list)) > 0 && count > 0 {
		w.blocks = append(w.blocks, ieotBlock{start, count})
	}
	return out, w.blocks
}

func (w *entryWriter) legacyEntry(out []byte, e *Entry, name string) []byte {
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

func (ix *Index) legacyAppendExtensions(out []byte, blocks []ieotBlock, link []byte) ([]byte, error) {
	entriesEnd := len(out)
	eoie := sha1.New()
	hasEOIE := false
	for _, x := range ix.exts {
		if x.sig == "EOIE" {
			hasEOIE = true
			continue
		}
		if x.sig == "IEOT" && ieotEntries(blocks) < 2 {
			continue
		}
		data, err := ix.legacyPayload(x, blocks, link)
		if err != nil {
			return nil, err
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

func (ix *Index) legacyPayload(x extension, blocks []ieotBlock, link []byte) ([]byte, error) {
	if x.sig == "IEOT" {
		return ieotPayload(blocks), nil
	}
	return ix.payload(x, link) // unchanged for every other extension
}
