package cli

import (
	"io"
	"sync/atomic"
)

// stdoutWriter is standard output as Main's commands write it: it
// remembers a write refused because the reader went away (a closed pipe,
// `| head -1`). Such a write raises SIGPIPE, which a command catching
// signals gets through a channel and a goroutine: it may still be on the
// way when the command returns, and exit would then report nothing and
// return 0 where git dies of the SIGPIPE (status 141). With the broken
// pipe remembered, exit reports the SIGPIPE in every case.
type stdoutWriter struct {
	w      io.Writer
	broken atomic.Bool
}

// Write writes p to the real standard output.
func (s *stdoutWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil && isBrokenPipe(err) {
		s.broken.Store(true)
	}
	return n, err
}

// unwrapWriter returns the writer w wraps (a stdoutWriter's), else w.
func unwrapWriter(w io.Writer) io.Writer {
	if s, ok := w.(*stdoutWriter); ok {
		return s.w
	}
	return w
}
