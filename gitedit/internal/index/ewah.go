package index

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// EWAH bitmaps as git serialises them (ewah/ewah_io.c): a 32-bit bit
// count, a 32-bit count of 64-bit words, the words, and the 32-bit
// position of the last run-length word, all big-endian. A run-length word
// holds the run bit (bit 0), the run length in words (bits 1-32) and the
// number of literal words that follow it (bits 33-63).

const (
	rlwMaxRun     = 1<<32 - 1
	rlwMaxLiteral = 1<<31 - 1
	rlwRunMask    = uint64(rlwMaxRun) << 1
)

func rlwRunBit(w uint64) bool     { return w&1 != 0 }
func rlwRunLen(w uint64) uint64   { return (w >> 1) & rlwMaxRun }
func rlwLiterals(w uint64) uint64 { return w >> 33 }

// ewahBits decodes a serialised bitmap at the start of b, returning the
// positions of its set bits in increasing order and the bytes consumed.
func ewahBits(b []byte) ([]int, int, error) {
	if len(b) < 8 {
		return nil, 0, fmt.Errorf("ewah bitmap: truncated header")
	}
	nwords := int(binary.BigEndian.Uint32(b[4:]))
	size := 8 + 8*nwords + 4
	if nwords < 0 || len(b) < size {
		return nil, 0, fmt.Errorf("ewah bitmap: %d words do not fit in %d bytes", nwords, len(b))
	}
	words := b[8 : 8+8*nwords]
	var set []int
	pos := 0
	for p := 0; p < nwords; {
		rlw := binary.BigEndian.Uint64(words[8*p:])
		p++
		run := int(rlwRunLen(rlw)) * 64
		if rlwRunBit(rlw) {
			for k := range run {
				set = append(set, pos+k)
			}
		}
		pos += run
		lits := int(rlwLiterals(rlw))
		if p+lits > nwords {
			return nil, 0, fmt.Errorf("ewah bitmap: literal words past the end")
		}
		for k := 0; k < lits; k, p, pos = k+1, p+1, pos+64 {
			set = appendWordBits(set, binary.BigEndian.Uint64(words[8*p:]), pos)
		}
	}
	return set, size, nil
}

// appendWordBits appends base+i for every set bit i of w.
func appendWordBits(set []int, w uint64, base int) []int {
	for w != 0 {
		set = append(set, base+bits.TrailingZeros64(w))
		w &= w - 1
	}
	return set
}

// ewahBuilder builds a bitmap exactly as git's ewah_set does when bits are
// set in increasing order, so that what we write is byte-identical to what
// git would write for the same set.
type ewahBuilder struct {
	buf     []uint64
	rlw     int // index of the current run-length word in buf
	bitSize uint64
}

func newEWAH() *ewahBuilder { return &ewahBuilder{buf: []uint64{0}} }

// ewahFrom builds a bitmap from increasing bit positions.
func ewahFrom(set []int) *ewahBuilder {
	e := newEWAH()
	for _, i := range set {
		e.set(uint64(i))
	}
	return e
}

func (e *ewahBuilder) w() *uint64 { return &e.buf[e.rlw] }

func (e *ewahBuilder) setRunLen(l uint64) { *e.w() = *e.w()&^rlwRunMask | l<<1 }
func (e *ewahBuilder) setLiterals(l uint64) {
	*e.w() = *e.w()&(1<<33-1) | l<<33
}
func (e *ewahBuilder) setRunBit(v bool) {
	if v {
		*e.w() |= 1
	} else {
		*e.w() &^= 1
	}
}

func (e *ewahBuilder) pushRLW() {
	e.buf = append(e.buf, 0)
	e.rlw = len(e.buf) - 1
}

// set sets bit i, which must be past every bit set so far.
func (e *ewahBuilder) set(i uint64) {
	dist := (i+64)/64 - (e.bitSize+63)/64
	e.bitSize = i + 1
	bit := uint64(1) << (i % 64)
	switch {
	case dist > 0:
		if dist > 1 {
			e.addEmptyWords(false, dist-1)
		}
		e.addLiteral(bit)
	case rlwLiterals(*e.w()) == 0:
		e.setRunLen(rlwRunLen(*e.w()) - 1)
		e.addLiteral(bit)
	default:
		e.orLast(bit)
	}
}

// orLast sets bit in the last literal word, turning a word that becomes
// all ones into a run of ones.
func (e *ewahBuilder) orLast(bit uint64) {
	last := len(e.buf) - 1
	e.buf[last] |= bit
	if e.buf[last] != ^uint64(0) {
		return
	}
	e.buf = e.buf[:last]
	e.setLiterals(rlwLiterals(*e.w()) - 1)
	e.addEmptyWord(true)
}

func (e *ewahBuilder) addLiteral(word uint64) {
	n := rlwLiterals(*e.w())
	if n >= rlwMaxLiteral {
		e.pushRLW()
		n = 0
	}
	e.setLiterals(n + 1)
	e.buf = append(e.buf, word)
}

func (e *ewahBuilder) addEmptyWord(v bool) {
	cur := *e.w()
	noLiteral := rlwLiterals(cur) == 0
	run := rlwRunLen(cur)
	if noLiteral && run == 0 {
		e.setRunBit(v)
	}
	if noLiteral && rlwRunBit(*e.w()) == v && run < rlwMaxRun {
		e.setRunLen(run + 1)
		return
	}
	e.pushRLW()
	e.setRunBit(v)
	e.setRunLen(1)
}

func (e *ewahBuilder) addEmptyWords(v bool, n uint64) {
	cur := *e.w()
	if rlwRunBit(cur) != v && rlwRunLen(cur)+rlwLiterals(cur) == 0 {
		e.setRunBit(v)
	} else if rlwLiterals(cur) != 0 || rlwRunBit(cur) != v {
		e.pushRLW()
		e.setRunBit(v)
	}
	run := rlwRunLen(*e.w())
	add := min(n, rlwMaxRun-run)
	e.setRunLen(run + add)
	for n -= add; n > 0; n -= add {
		add = min(n, rlwMaxRun)
		e.pushRLW()
		e.setRunBit(v)
		e.setRunLen(add)
	}
}

// appendTo serialises the bitmap onto out.
func (e *ewahBuilder) appendTo(out []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(e.bitSize))
	out = binary.BigEndian.AppendUint32(out, uint32(len(e.buf)))
	for _, w := range e.buf {
		out = binary.BigEndian.AppendUint64(out, w)
	}
	return binary.BigEndian.AppendUint32(out, uint32(e.rlw))
}

// decodeVarint reads git's variable-width integer (varint.c): seven bits
// a byte, most significant first, each continuation adding one.
func decodeVarint(b []byte) (uint64, int, error) {
	var v uint64
	for i, c := range b {
		if i > 0 {
			v++
		}
		v = v<<7 | uint64(c&0x7f)
		if c&0x80 == 0 {
			return v, i + 1, nil
		}
		if i >= 9 {
			break
		}
	}
	return 0, 0, fmt.Errorf("bad varint")
}

// appendVarint appends v in git's variable-width encoding.
func appendVarint(out []byte, v uint64) []byte {
	var tmp [16]byte
	pos := len(tmp) - 1
	tmp[pos] = byte(v & 0x7f)
	for v >>= 7; v != 0; v >>= 7 {
		v--
		pos--
		tmp[pos] = 0x80 | byte(v&0x7f)
	}
	return append(out, tmp[pos:]...)
}
