package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/gitedit/gitedit/internal/interrupt"
)

// signalCatcher turns the first catchable signal (catchable lists them:
// SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE...) into the cancellation of
// the command's context, as git's sigchain does for its lock files: a
// batch before its point of no return stops at once and changes nothing;
// one past it completes. Later signals are ignored (the command is already
// stopping). Main then exits with 128 + the signal's number, as git does.
type signalCatcher struct {
	ctx     context.Context
	cancel  context.CancelCauseFunc
	ch      chan os.Signal
	done    chan struct{}
	started bool          // catching: start was called
	ready   chan struct{} // closed once start's signal.Notify returned
	wrote   bool          // a batch of the command wrote (see completed)
}

// signalError is the cause of a context cancelled by a signal.
type signalError struct{ sig os.Signal }

// Error names the signal.
func (e signalError) Error() string { return signalName(e.sig) }

// Signal is the signal: a hook or a signing program still running is
// sent it, as git's sigchain handler sends its hooks the signal it got.
func (e signalError) Signal() os.Signal { return e.sig }

// newSignalCatcher returns a catcher whose context a signal will cancel
// once start is called. Until then signals keep their default action
// (ending the process): a command that only reads, or one still parsing
// its arguments, has nothing to leave half done, and signal.Notify costs
// about a quarter of a millisecond of every process start (a hand-over
// with a thread of its own per signal).
func newSignalCatcher() *signalCatcher {
	ctx, cancel := context.WithCancelCause(context.Background())
	return &signalCatcher{ctx: ctx, cancel: cancel, ch: make(chan os.Signal, 1), done: make(chan struct{})}
}

// start starts catching the signals of catchable (once; later calls do
// nothing), in the background: signal.Notify hands each signal over to a
// thread of the runtime, which takes a quarter of a millisecond, and the
// command meanwhile parses its flags and reads the repository. Before it
// writes anything, or waits on its standard input, the command calls
// wait (a batch does through the context of gitedit.WithWriteGate).
func (c *signalCatcher) start() {
	if c.started {
		return
	}
	c.started = true
	c.ready = make(chan struct{})
	go func() {
		signal.Notify(c.ch, catchable...)
		close(c.ready)
		c.watch()
	}()
}

// adopt makes the catcher one that started: its channel ch receives the
// signals of catchable once ready is closed (sigstart's early
// signal.Notify).
func (c *signalCatcher) adopt(ch chan os.Signal, ready chan struct{}) {
	c.ch, c.ready, c.started = ch, ready, true
	go c.watch()
}

// wait returns once the signals start asked for are caught (at once when
// start was not called, or for no catcher).
func (c *signalCatcher) wait() {
	if c != nil && c.started {
		<-c.ready
	}
}

// watch cancels the context with the first signal as its cause.
func (c *signalCatcher) watch() {
	select {
	case s := <-c.ch:
		c.cancel(signalError{s})
	case <-c.done:
	}
}

// stop releases the context and, when giveBack is set, stops catching
// signals (else they stay caught, ignored from now on, for a process about
// to exit).
func (c *signalCatcher) stop(giveBack bool) {
	c.wait() // a signal.Notify still running would catch them after the stop
	if c.started && giveBack {
		signal.Stop(c.ch)
	}
	close(c.done)
	c.cancel(context.Canceled)
}

// completed records that a batch of the command reached its point of no
// return and completed, having written: only then is a signal reported as
// coming after that point. A command that wrote nothing (a help, session
// list or show, a dry run, a no-op, a batch a signal stopped before it)
// exits quietly on a signal, with 128 + its number, as git dies of the
// SIGPIPE of `git log | head -1`. A nil catcher ignores it.
func (c *signalCatcher) completed() {
	if c != nil {
		c.wrote = true
	}
}

// received returns the signal caught (the context's cause), or nil.
func (c *signalCatcher) received() os.Signal {
	var se signalError
	if errors.As(context.Cause(c.ctx), &se) {
		return se.sig
	}
	return nil
}

// exit reports the signal, if any, on stderr and returns the exit status:
// 128 + its number, else status. A command that succeeded despite the
// signal, with a batch that wrote (see completed), had passed its point
// of no return; any other ends without a word. brokePipe says that a
// write to standard output found its reader gone: that raised SIGPIPE,
// even when the signal has not reached the catcher yet (or SIGPIPE was
// ignored: git's write_or_die then exits with 141 all the same).
func (c *signalCatcher) exit(status int, succeeded, brokePipe bool, stderr io.Writer) int {
	s := c.received()
	if s == nil && brokePipe {
		s = brokenPipe
	}
	if s == nil {
		return status
	}
	if succeeded && c.wrote {
		fmt.Fprintf(stderr, "gitedit: %s received after the point of no return: the batch was completed\n", signalName(s))
	}
	return 128 + signalNumber(s)
}

// interruptible runs f, which may block where no signal reaches it (the
// open of a named pipe nobody writes to, a read from it), in the
// background, and returns early, with the signal as its error, when a
// caught signal ends the context (the abandoned f ends with the process).
// Without it, a command reading such a file ignored SIGINT and SIGTERM
// for good, where git dies. A nil catcher runs f as it is.
func interruptible[T any](c *signalCatcher, f func() (T, error)) (T, error) {
	if c == nil {
		return f()
	}
	return interrupt.Do(c.ctx, f)
}

// reader wraps r so that a Read blocked on it (a terminal, a pipe nobody
// writes to) returns when the context ends.
func (c *signalCatcher) reader(r io.Reader) io.Reader {
	return &ctxReader{ctx: c.ctx, r: r, wait: c.wait}
}

// ctxReader is a reader that gives up when ctx ends; wait returns once the
// signals that end ctx are caught.
type ctxReader struct {
	ctx  context.Context
	r    io.Reader
	wait func()
}

// readResult is the outcome of one Read.
type readResult struct {
	n   int
	err error
}

// Read reads from r in the background, returning early when ctx ends (the
// abandoned read finishes into its own buffer).
func (c *ctxReader) Read(p []byte) (int, error) {
	if c.wait != nil {
		c.wait()
	}
	if c.ctx.Err() != nil {
		return 0, context.Cause(c.ctx)
	}
	buf := make([]byte, len(p))
	ch := make(chan readResult, 1)
	go func() {
		n, err := c.r.Read(buf)
		ch <- readResult{n, err}
	}()
	select {
	case res := <-ch:
		return copy(p, buf[:res.n]), res.err
	case <-c.ctx.Done():
		return 0, context.Cause(c.ctx)
	}
}
