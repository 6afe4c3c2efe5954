package scancache

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

// The cache file, little-endian:
//
//	"GESC" | version u32 | needle count u32 | (length u32, bytes) per needle
//	| entry count u32 | entries | CRC-32C of all that precedes u32
//
// An entry is entrySize bytes: key, ctime, mtime, size, inode, device and
// flags as u64, then mode and a reserved zero as u32. Entries are sorted
// by key, so a lookup is a binary search over the file's bytes and a run
// that hits the cache decodes nothing.
const (
	magic     = "GESC"
	version   = 1
	entrySize = 64
)

// appendHeader appends the magic, version and needle table, and a zero
// entry count for the caller to fill in (the last 4 bytes).
func appendHeader(b []byte, needles []string) []byte {
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint32(b, version)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(needles)))
	for _, n := range needles {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(n)))
		b = append(b, n...)
	}
	return binary.LittleEndian.AppendUint32(b, 0)
}

// appendEntry appends one entry's bytes.
func appendEntry(b []byte, e entry) []byte {
	for _, v := range []uint64{e.key, uint64(e.stat.Ctime), uint64(e.stat.Mtime), uint64(e.stat.Size), e.stat.Ino, e.stat.Dev, e.flags} {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	b = binary.LittleEndian.AppendUint32(b, e.stat.Mode)
	return binary.LittleEndian.AppendUint32(b, 0)
}

// decodeEntry reads one entry's bytes.
func decodeEntry(b []byte) entry {
	u := func(i int) uint64 { return binary.LittleEndian.Uint64(b[8*i:]) }
	return entry{key: u(0), flags: u(6), stat: Stat{
		Ctime: int64(u(1)), Mtime: int64(u(2)), Size: int64(u(3)), Ino: u(4), Dev: u(5),
		Mode: binary.LittleEndian.Uint32(b[56:]),
	}}
}

// decode checks and splits a cache file into its needle table and its
// entries' bytes; anything malformed gives an empty cache.
func decode(data []byte) ([]string, []byte) {
	if len(data) < 20 || !bytes.HasPrefix(data, []byte(magic)) {
		return nil, nil
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.Checksum(body, crcTable()) != sum || binary.LittleEndian.Uint32(body[4:]) != version {
		return nil, nil
	}
	needles, rest, ok := decodeNeedles(body[8:])
	if !ok || len(rest) < 4 {
		return nil, nil
	}
	n := binary.LittleEndian.Uint32(rest)
	entries := rest[4:]
	if uint64(len(entries)) != uint64(n)*entrySize || !sorted(entries) {
		return nil, nil
	}
	return needles, entries
}

// decodeNeedles reads the needle table at the start of b.
func decodeNeedles(b []byte) ([]string, []byte, bool) {
	if len(b) < 4 {
		return nil, nil, false
	}
	count := binary.LittleEndian.Uint32(b)
	b = b[4:]
	if count > MaxNeedles {
		return nil, nil, false
	}
	needles := make([]string, 0, count)
	for range count {
		if len(b) < 4 || uint64(len(b)-4) < uint64(binary.LittleEndian.Uint32(b)) {
			return nil, nil, false
		}
		l := binary.LittleEndian.Uint32(b)
		needles = append(needles, string(b[4:4+l]))
		b = b[4+l:]
	}
	return needles, b, true
}

// sorted reports whether the entries' keys strictly increase.
func sorted(entries []byte) bool {
	for i := entrySize; i < len(entries); i += entrySize {
		if binary.LittleEndian.Uint64(entries[i-entrySize:]) >= binary.LittleEndian.Uint64(entries[i:]) {
			return false
		}
	}
	return true
}
