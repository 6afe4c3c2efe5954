package batch

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A batch ends early when its context ends (the CLI cancels it on the
// first catchable signal: SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE...).
// Before the point of no return (the ref move in commit mode, else the
// rename of index.lock) it stops at once, puts back the files it placed,
// releases its locks and removes its temporary files: nothing changed.
// Once the point of no return is reached, the batch completes.

// interrupted returns the error of a batch stopped by ctx before its
// point of no return, or nil while ctx is live.
func interrupted(ctx context.Context) error {
	if ctx.Err() == nil {
		return nil
	}
	cause := context.Cause(ctx)
	return &spec.Error{Code: spec.CodeIOError, Message: fmt.Sprintf("interrupted (%v) before the point of no return: nothing was changed", cause), Err: cause}
}

// testPause is GITEDIT_TEST_PAUSE, "PHASE=DURATION" (say "move ref=2s"):
// FOR TESTS ONLY, it makes a batch print "gitedit: test pause at PHASE" on
// standard error and sleep before running that phase, so that the signal
// tests can interrupt a batch at a known point. It is read at the first
// phase, not when the program starts; unset, it costs nothing more.
var testPause struct {
	once  sync.Once
	phase string
	dur   time.Duration
}

// testPauseAt returns the phase and the duration GITEDIT_TEST_PAUSE asks
// for ("" and 0 when unset or malformed).
func testPauseAt() (string, time.Duration) {
	p := &testPause
	p.once.Do(func() {
		phase, dur, ok := strings.Cut(os.Getenv("GITEDIT_TEST_PAUSE"), "=")
		if d, err := time.ParseDuration(dur); ok && err == nil {
			p.phase, p.dur = phase, d
		}
	})
	return p.phase, p.dur
}

// pauseForTest sleeps at phase when GITEDIT_TEST_PAUSE names it, until
// the pause ends or ctx does.
func pauseForTest(ctx context.Context, phase string) {
	if at, d := testPauseAt(); d > 0 && phase == at {
		fmt.Fprintf(os.Stderr, "gitedit: test pause at %s\n", phase)
		select {
		case <-time.After(d):
		case <-ctx.Done():
		}
	}
}

// revocable runs one step of apply before the point of no return, unless
// ctx has ended (see interrupted).
func (w *batchWriter) revocable(ctx context.Context, phase string, step func() error) error {
	pauseForTest(ctx, phase)
	_, err := Traced(phase, func() (any, error) {
		if err := interrupted(ctx); err != nil {
			return nil, err
		}
		return nil, step()
	})
	return err
}

// tracePerformance is set from GITEDIT_TRACE_PERFORMANCE (a true boolean),
// read when the first phase runs (not when the program starts): each phase
// of a batch or a run then prints its wall time on standard error, as
// GIT_TRACE_PERFORMANCE does for git's commands. The benchmark figures in
// the README are broken down with it.
var tracePerformance struct {
	once sync.Once
	on   bool
}

// tracing reports whether tracePerformance is on.
func tracing() bool {
	t := &tracePerformance
	t.once.Do(func() { t.on, _ = strconv.ParseBool(os.Getenv("GITEDIT_TRACE_PERFORMANCE")) })
	return t.on
}

// Traced runs one phase, timing it when tracing is on.
func Traced[T any](phase string, f func() (T, error)) (T, error) {
	if !tracing() {
		return f()
	}
	start := time.Now()
	v, err := f()
	fmt.Fprintf(os.Stderr, "gitedit: performance: %.6f s: %s\n", time.Since(start).Seconds(), phase)
	return v, err
}
