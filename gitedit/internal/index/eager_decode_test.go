package index

import "fmt"

// parseEntries decodes n entries starting at off, every one at once,
// returning them, the offset just past the table and whether every entry
// isPlain: how Read decoded the table before it read lazily, kept as the
// reference the lazy reads (scanEntries, scanV4) are held to.
func parseEntries(b []byte, off, n int, version uint32) ([]*Entry, int, bool, error) {
	if n < 0 || n > (len(b)-off)/fixedLen {
		return nil, 0, false, fmt.Errorf("entry count %d does not fit in the file", n)
	}
	ptrs := make([]*Entry, n)
	r := &entryReader{b: b, off: off, version: version, plain: true}
	// Names take at most what the fixed parts leave (version 4 may need
	// more; the builder then grows, and the names already cut stay valid).
	r.names.Grow(len(b) - off - n*fixedLen)
	var store []Entry
	for i := range ptrs {
		if len(store) == 0 {
			store = make([]Entry, min(n-i, storeChunk))
		}
		e := &store[0]
		if err := r.entry(e); err != nil {
			return nil, 0, false, fmt.Errorf("entry %d: %w", i, err)
		}
		ptrs[i], store = e, store[1:]
		r.plain = r.plain && e.isPlain()
	}
	return ptrs, r.off, r.plain, nil
}

// storeChunk is how many entries parseEntries allocates at a time. One
// allocation for all of them (10 MB for 100,000) would be there, still
// untouched, when the garbage collector starts, which happens during a
// large read: it scans the whole block, faulting its pages in to read
// zeros, and filling them faults them in again. A chunk is filled
// before the collector sees it (or, allocated during a collection, is not
// scanned at all).
const storeChunk = 256
