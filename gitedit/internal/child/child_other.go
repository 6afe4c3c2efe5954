//go:build !unix

package child

import "os"

// defaultSignal stops a program when the context's cause names no signal
// (the only one os.Process.Signal sends here).
var defaultSignal = os.Kill

// stop waits for copy to end: pipes cannot be read with a deadline here,
// so the output is read to its end, as os/exec reads it.
func (p *pipe) stop() { <-p.done }

// drain has nothing left to read: stop read to the end.
func (p *pipe) drain() bool { return true }
