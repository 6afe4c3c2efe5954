package index

import (
	"crypto/sha1"
	"hash"
	"io"
)

const (
	// sinkSize is how many bytes a sink gathers before it passes them on.
	sinkSize = 64 << 10
	// pieceSize is the most bytes a sink passes on at once when it hashes
	// on another goroutine, so that hashing one piece and writing the next
	// overlap.
	pieceSize = 256 << 10
)

// concurrentHash is the size of file from which the checksum is computed
// on another goroutine, at the same time as the writes: a few
// milliseconds for a 10 MB index; below it, handing pieces over would
// cost more than it saves. (A variable for the tests.)
var concurrentHash = 1 << 20

// sink streams an index file to w: small pieces are gathered in buf, large
// ones passed on as they are; every byte but the trailing checksum is
// hashed on the way (unless the checksum is skipped), by a hasher when the
// file is large. The first error of w is kept in err, and nothing more is
// written after it.
type sink struct {
	w    io.Writer
	sum  hash.Hash // nil for a skipped checksum or when h hashes
	h    *hasher   // nil unless hashing on another goroutine
	buf  []byte
	done int // bytes already passed on
	err  error
}

// newSink returns a sink to w for a file of about size bytes.
func newSink(w io.Writer, checksum bool, size int) *sink {
	s := &sink{w: w, buf: newSinkBufFor(size)}
	switch {
	case checksum && size >= concurrentHash:
		s.h = startHasher()
	case checksum:
		s.sum = sha1.New()
	}
	return s
}

func newSinkBuf() []byte { return make([]byte, 0, sinkSize+sinkSize/4) }

// newSinkBufFor returns the buffer of a sink for a file of about size
// bytes: one that holds a small file whole with its checksum (an MCP
// server writes a small index on every call; a buffer of the full size
// would be allocated and cleared for nothing), else newSinkBuf's.
func newSinkBufFor(size int) []byte {
	if n := size + size/4 + hashLen; n < sinkSize {
		return make([]byte, 0, n)
	}
	return newSinkBuf()
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
	for s.h != nil && len(p) > pieceSize {
		s.emit(p[:pieceSize], false)
		p = p[pieceSize:]
	}
	s.emit(p, false)
}

// spill passes buf on once it holds sinkSize bytes or more.
func (s *sink) spill() {
	if len(s.buf) >= sinkSize {
		s.flush()
	}
}

// flush passes buf on; a hasher gets it and hands back another.
func (s *sink) flush() {
	if len(s.buf) == 0 {
		return
	}
	s.emit(s.buf, true)
	if s.h != nil {
		s.buf = s.h.spare()
		return
	}
	s.buf = s.buf[:0]
}

// emit hashes p (or hands it to the hasher, owned when it is a buffer of
// the sink) and writes it.
func (s *sink) emit(p []byte, owned bool) {
	if len(p) == 0 {
		return
	}
	switch {
	case s.h != nil:
		s.h.in <- piece{p, owned}
	case s.sum != nil:
		s.sum.Write(p)
	}
	if s.err == nil {
		_, s.err = s.w.Write(p)
	}
	s.done += len(p)
}

// trailer writes what is gathered and the checksum (zeros when skipped),
// in one write unless a hasher has the pieces (a small index is then
// written with one system call).
func (s *sink) trailer() {
	sum := make([]byte, hashLen)
	if s.h != nil {
		s.flush()
		sum = s.h.finish()
	} else if s.sum != nil {
		s.sum.Write(s.buf)
		sum = s.sum.Sum(sum[:0])
	}
	s.buf = append(s.buf, sum...)
	if s.err == nil {
		_, s.err = s.w.Write(s.buf)
	}
	s.done += len(s.buf)
	s.buf = s.buf[:0]
}

// piece is one part of the file handed to a hasher; an owned one is a
// sink buffer, handed back once hashed.
type piece struct {
	p     []byte
	owned bool
}

// hasher computes the checksum on its own goroutine, the pieces in the
// order they come.
type hasher struct {
	in   chan piece
	free chan []byte // sink buffers hashed, ready again
	sum  chan []byte
}

func startHasher() *hasher {
	h := &hasher{in: make(chan piece, 64), free: make(chan []byte, 2), sum: make(chan []byte, 1)}
	h.free <- newSinkBuf() // the sink holds one buffer, this is the other
	go h.run()
	return h
}

func (h *hasher) run() {
	d := sha1.New()
	for p := range h.in {
		d.Write(p.p)
		h.done(p)
	}
	h.sum <- d.Sum(nil)
}

// done hands back a sink buffer once hashed.
func (h *hasher) done(p piece) {
	if p.owned {
		h.free <- p.p[:0]
	}
}

// spare returns a sink buffer the hasher is done with.
func (h *hasher) spare() []byte { return <-h.free }

// finish waits for the checksum of everything handed over.
func (h *hasher) finish() []byte {
	close(h.in)
	return <-h.sum
}
