// Package child runs a program the way git's run-command runs a hook or a
// signing program, in the two ways Go's os/exec does not by default:
//
//   - It waits for the program, not for the end of its output. With a
//     writer that is not a file as Stdout or Stderr, exec.Cmd.Wait waits
//     until every process holding the pipe has closed it: a hook that
//     leaves a background process behind (`cmd &`, a daemon it starts)
//     held gitedit, and its index.lock, until that process ended. Run
//     gives the program the pipe's write end as a file and, once the
//     program has exited, reads what is left in the pipe without waiting:
//     everything the program wrote is kept. What a background process
//     writes later goes to Output.Late.
//   - It stops the program when the context ends (a caught signal): the
//     program gets the signal the context's cause names (SIGTERM when it
//     names none), as git's sigchain handler passes its signal on to its
//     hooks, and is killed if it has not exited after Grace. The program
//     stays in the caller's process group, as with git, so that it can
//     still read the terminal (a pinentry, a prompt).
package child

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"reflect"
	"time"
)

// Output says where a program's output goes.
type Output struct {
	// Stdout and Stderr receive the program's standard output and error
	// (nil: discarded). The same writer for both gets one pipe, so that
	// the two keep their order, as with 2>&1.
	Stdout, Stderr io.Writer
	// Late receives what background processes the program left write to
	// its output after it exited (nil: read and dropped, so that such a
	// process never fails writing).
	Late io.Writer
}

// Grace is how long a program that was sent a signal has to exit before
// it is killed.
var Grace = time.Second

// Stopped is the error of a program stopped because its context ended.
type Stopped struct {
	Program string
	// Cause is the context's cause (for the CLI, the signal caught).
	Cause error
}

func (s *Stopped) Error() string {
	return fmt.Sprintf("%s stopped: %v", s.Program, s.Cause)
}

// Unwrap returns the cause.
func (s *Stopped) Unwrap() error { return s.Cause }

// IsStopped reports whether err is, or wraps, a *Stopped.
func IsStopped(err error) bool {
	var s *Stopped
	return errors.As(err, &s)
}

// signaller is a context cause that names a signal (the CLI's).
type signaller interface{ Signal() os.Signal }

// Run runs cmd, whose Stdout and Stderr must be unset (Stdin may be set),
// with its output going to out, and returns the error of cmd.Wait, or a
// *Stopped error when ctx ended first (a program is not started on an
// ended context).
func Run(ctx context.Context, cmd *exec.Cmd, out Output) error {
	if ctx.Err() != nil {
		return &Stopped{Program: cmd.Path, Cause: context.Cause(ctx)}
	}
	if cmd.Stdout != nil || cmd.Stderr != nil {
		return errors.New("child.Run: cmd.Stdout and cmd.Stderr must be unset")
	}
	pipes, err := attach(cmd, out)
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		pipes.abandon()
		return err
	}
	pipes.started()
	err = wait(ctx, cmd)
	pipes.finish(out.Late)
	return err
}

// wait waits for cmd's process; when ctx ends first, it sends the process
// the cause's signal, kills it after Grace, and returns *Stopped once it
// has exited.
func wait(ctx context.Context, cmd *exec.Cmd) error {
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	cause := context.Cause(ctx)
	var s signaller
	sig := defaultSignal
	if errors.As(cause, &s) {
		sig = s.Signal()
	}
	_ = cmd.Process.Signal(sig)
	t := time.NewTimer(Grace)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		_ = cmd.Process.Kill()
		<-done
	}
	return &Stopped{Program: cmd.Path, Cause: cause}
}

// pipes are the pipes of one program's output.
type pipes []*pipe

// attach gives cmd the write ends of pipes to out's writers.
func attach(cmd *exec.Cmd, out Output) (pipes, error) {
	var ps pipes
	open := func(dst io.Writer) (*os.File, error) {
		if dst == nil {
			return nil, nil
		}
		p, err := newPipe(dst)
		if err != nil {
			ps.abandon()
			return nil, err
		}
		ps = append(ps, p)
		return p.w, nil
	}
	w, err := open(out.Stdout)
	if err != nil {
		return nil, err
	}
	if w != nil {
		cmd.Stdout = w
	}
	if out.Stderr != nil && sameWriter(out.Stderr, out.Stdout) {
		cmd.Stderr = w
		return ps, nil
	}
	if w, err = open(out.Stderr); err != nil {
		return nil, err
	}
	if w != nil {
		cmd.Stderr = w
	}
	return ps, nil
}

// sameWriter reports whether a and b are the same writer (false for
// writers that cannot be compared, rather than a panic).
func sameWriter(a, b io.Writer) bool {
	ta, tb := reflect.TypeOf(a), reflect.TypeOf(b)
	return ta == tb && ta != nil && ta.Comparable() && a == b
}

// started closes the write ends (the program holds its own) and starts
// copying.
func (ps pipes) started() {
	for _, p := range ps {
		p.w.Close()
		go p.copy()
	}
}

// abandon closes both ends of pipes never used.
func (ps pipes) abandon() {
	for _, p := range ps {
		p.w.Close()
		p.r.Close()
	}
}

// finish collects what is left in each pipe once the program has exited.
func (ps pipes) finish(late io.Writer) {
	for _, p := range ps {
		p.finish(late)
	}
}

// pipe is one output pipe, copied to dst while the program runs.
type pipe struct {
	r, w *os.File
	dst  io.Writer
	done chan struct{} // closed when copy returns
	eof  bool          // copy saw the end: no process holds the pipe
}

// newPipe returns a pipe whose reading end copies to dst.
func newPipe(dst io.Writer) (*pipe, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	return &pipe{r: r, w: w, dst: dst, done: make(chan struct{})}, nil
}

// copy copies the pipe to dst until its end or an error (the deadline
// finish sets).
func (p *pipe) copy() {
	defer close(p.done)
	buf := make([]byte, 32<<10)
	for {
		n, err := p.r.Read(buf)
		if n > 0 {
			_, _ = p.dst.Write(buf[:n])
		}
		if err != nil {
			p.eof = errors.Is(err, io.EOF)
			return
		}
	}
}

// finish stops copy, copies what the pipe holds, and hands the pipe,
// still held by a background process when it did not end, to late.
func (p *pipe) finish(late io.Writer) {
	select {
	case <-p.done:
	default:
		p.stop()
	}
	if p.eof || p.drain() {
		p.r.Close()
		return
	}
	if late == nil {
		late = io.Discard
	}
	go func() {
		_, _ = io.Copy(late, p.r)
		p.r.Close()
	}()
}
