package batch

import (
	"context"
	"fmt"
	"os"
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
