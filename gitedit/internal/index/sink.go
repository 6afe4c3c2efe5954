package index

import (
	"crypto/sha1"
	"hash"
	"io"
)

// sinkSize is how many bytes a sink gathers before it passes them on.
const sinkSize = 64 << 10

// sink streams an index file to w: small pieces are gathered in buf, large
// ones passed on as they are; every byte but the trailing checksum is
// hashed on the way (unless the checksum is skipped). The first error of
// w is kept in err, and nothing more is written after it.
type sink struct {
	w    io.Writer
	sum  hash.Hash // nil for a skipped checksum
	buf  []byte
	done int // bytes already passed on
	err  error
}

func newSink(w io.Writer, checksum bool) *sink {
	s := &sink{w: w, buf: make([]byte, 0, sinkSize+sinkSize/4)}
	if checksum {
		s.sum = sha1.New()
	}
	return s
}

// off is the offset in the file of the next byte.
func (s *sink) off() int { return s.done + len(s.buf) }

// write adds p after buf.
func (s *sink) write(p []byte) {
	if len(p) < sinkSize/4 {
		s.buf = append(s.buf, p...)
		s.spill()
		return
	}
	s.flush()
	s.emit(p)
}

// spill passes buf on once it holds sinkSize bytes or more.
func (s *sink) spill() {
	if len(s.buf) >= sinkSize {
		s.flush()
	}
}

func (s *sink) flush() {
	s.emit(s.buf)
	s.buf = s.buf[:0]
}

// emit hashes p and writes it.
func (s *sink) emit(p []byte) {
	if len(p) == 0 {
		return
	}
	if s.sum != nil {
		s.sum.Write(p)
	}
	if s.err == nil {
		_, s.err = s.w.Write(p)
	}
	s.done += len(p)
}

// trailer writes what is gathered and the checksum (zeros when skipped).
func (s *sink) trailer() {
	s.flush()
	sum := make([]byte, hashLen)
	if s.sum != nil {
		sum = s.sum.Sum(sum[:0])
	}
	if s.err == nil {
		_, s.err = s.w.Write(sum)
	}
}
