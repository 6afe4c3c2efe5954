//go:build unix

package child

import (
	"os"
	"syscall"
	"time"
)

// defaultSignal stops a program when the context's cause names no signal.
var defaultSignal os.Signal = syscall.SIGTERM

// stop ends copy: a Read waiting on the pipe returns at the deadline.
func (p *pipe) stop() {
	_ = p.r.SetReadDeadline(time.Now())
	<-p.done
}

// drainMax bounds what drain reads: no more than a pipe holds (Linux's
// largest unprivileged pipe, 1 MiB), so that a background process that
// writes without end cannot keep it reading.
const drainMax = 1 << 20

// drain copies to dst what the pipe holds now, without waiting for more
// (the pipe is non-blocking: os.Pipe makes it so for the poller), and
// reports whether it reached the pipe's end. All the program wrote is in
// the pipe by then; a process it left may add more, which Late gets.
func (p *pipe) drain() bool {
	_ = p.r.SetReadDeadline(time.Time{})
	rc, err := p.r.SyscallConn()
	if err != nil {
		return false
	}
	eof := false
	buf := make([]byte, 32<<10)
	_ = rc.Read(func(fd uintptr) bool {
		for total := 0; total < drainMax; {
			n, err := syscall.Read(int(fd), buf)
			switch {
			case n > 0:
				_, _ = p.dst.Write(buf[:n])
				total += n
			case err == syscall.EINTR:
			default:
				eof = n == 0 && err == nil
				return true
			}
		}
		return true
	})
	return eof
}
