package index

import (
	"bytes"
	"fmt"
)

// The FSMN extension: a 32-bit version; version 1 then holds a 64-bit
// timestamp, version 2 a NUL-terminated token; then the 32-bit size of an
// EWAH bitmap whose set bits are the positions (in the whole index) of
// entries fsmonitor has not vouched for.

// fsmHeaderLen returns the length of the part before the bitmap size.
func fsmHeaderLen(data []byte) (int, error) {
	if len(data) < 4 {
		return 0, fmt.Errorf("fsmonitor extension too short")
	}
	switch be.Uint32(data) {
	case 1:
		return 12, nil
	case 2:
		if i := bytes.IndexByte(data[4:], 0); i >= 0 {
			return 4 + i + 1, nil
		}
		return 0, fmt.Errorf("fsmonitor token not terminated")
	default:
		return 0, fmt.Errorf("unsupported fsmonitor extension version %d", be.Uint32(data))
	}
}

// applyFSMonitor marks every entry clean except those whose bit is set.
func (ix *Index) applyFSMonitor() error {
	x := ix.ext("FSMN")
	if x == nil {
		return nil
	}
	h, err := fsmHeaderLen(x.data)
	if err != nil || h+4 > len(x.data) {
		return fmt.Errorf("fsmonitor extension: bad header (%v)", err)
	}
	dirty, _, err := ewahBits(x.data[h+4:])
	if err != nil {
		return fmt.Errorf("fsmonitor extension: %w", err)
	}
	entries := ix.Entries() // the bits are kept in the entries
	for _, e := range entries {
		e.fsmValid = true
	}
	for _, p := range dirty {
		if p < len(entries) {
			entries[p].fsmValid = false
		}
	}
	return nil
}

// fsmonitorPayload rebuilds the FSMN extension for the current entries,
// keeping its version and token.
func (ix *Index) fsmonitorPayload(old []byte) ([]byte, error) {
	h, err := fsmHeaderLen(old)
	if err != nil {
		return nil, err
	}
	var dirty []int
	for i, e := range ix.Entries() {
		if !e.fsmValid {
			dirty = append(dirty, i)
		}
	}
	bm := ewahFrom(dirty).appendTo(nil)
	out := append([]byte(nil), old[:h]...)
	out = be.AppendUint32(out, uint32(len(bm)))
	return append(out, bm...), nil
}
