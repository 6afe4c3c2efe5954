package batch

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
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

// prepared is the outcome of prepare run in the background.
type prepared struct {
	w        *batchWriter
	err      error
	panicked any
}

// prepareUnlessInterrupted runs prepare (reading, matching, hashing: no
// write) in the background and returns its outcome, or the interruption
// as soon as ctx ends: matching a large batch can take long, and a signal
// must not wait for it. An abandoned prepare finishes on its own and
// closes its object database.
func prepareUnlessInterrupted(ctx context.Context, r *repo.Repo, opt spec.Options, read *index.Index, fn Func) (*batchWriter, error) {
	done := make(chan prepared, 1)
	go func() {
		var p prepared
		defer func() {
			p.panicked = recover()
			done <- p
		}()
		pauseForTest(ctx, "prepare")
		p.w, p.err = Traced("prepare", func() (*batchWriter, error) { return prepare(r, opt, read, fn) })
	}()
	select {
	case p := <-done:
		if p.panicked != nil {
			panic(p.panicked)
		}
		return p.w, p.err
	case <-ctx.Done():
		go func() {
			if p := <-done; p.w != nil {
				p.w.db.Close()
			}
		}()
		return nil, interrupted(ctx)
	}
}

// testPause is GITEDIT_TEST_PAUSE, "PHASE=DURATION" (say "move ref=2s"):
// FOR TESTS ONLY, it makes a batch print "gitedit: test pause at PHASE" on
// standard error and sleep before running that phase, so that the signal
// tests can interrupt a batch at a known point. Unset, it costs nothing.
var testPausePhase, testPauseFor = func() (string, time.Duration) {
	phase, dur, ok := strings.Cut(os.Getenv("GITEDIT_TEST_PAUSE"), "=")
	d, err := time.ParseDuration(dur)
	if !ok || err != nil {
		return "", 0
	}
	return phase, d
}()

// pauseForTest sleeps at phase when GITEDIT_TEST_PAUSE names it, until
// the pause ends or ctx does.
func pauseForTest(ctx context.Context, phase string) {
	if testPauseFor > 0 && phase == testPausePhase {
		fmt.Fprintf(os.Stderr, "gitedit: test pause at %s\n", phase)
		select {
		case <-time.After(testPauseFor):
		case <-ctx.Done():
		}
	}
}
