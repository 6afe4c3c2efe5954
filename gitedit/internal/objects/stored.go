package objects

import (
	"encoding/binary"
	"hash/adler32"
)

// storedBlock is the most a stored deflate block holds.
const storedBlock = 65535

// storeObject is deflateObject for a large tree: a zlib stream of stored
// (uncompressed) deflate blocks, the encoding zlib writes at level 0 (git's
// core.looseCompression=0). A tree is mostly object ids, which do not
// compress: the fastest level takes a 1,000-entry tree (37 KB) to 25 KB
// in about 0.16 ms, and inflating it back costs 0.25 ms more, while
// storing it costs a copy both ways. A session ledger writes the edited
// folder's tree for every entry and reads it back for the next
// (docs/performance.md, "The session ledger's cost").
func storeObject(header string, data []byte) []byte {
	n := len(header) + len(data)
	out := make([]byte, 0, len(zlibFastest)+n+(n/storedBlock+1)*5+4)
	out = append(out, zlibFastest...)
	sum := adler32.New()
	rest := header
	for first := true; first || len(data) > 0; first = false {
		size := min(storedBlock, len(rest)+len(data))
		final := byte(0)
		if size == len(rest)+len(data) {
			final = 1
		}
		out = append(out, final)
		out = binary.LittleEndian.AppendUint16(out, uint16(size))
		out = binary.LittleEndian.AppendUint16(out, ^uint16(size))
		start := len(out)
		k := min(size, len(rest))
		out = append(out, rest[:k]...)
		rest = rest[k:]
		out = append(out, data[:size-k]...)
		data = data[size-k:]
		sum.Write(out[start:])
	}
	return binary.BigEndian.AppendUint32(out, sum.Sum32())
}
