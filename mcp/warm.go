package mcp

import "time"

// warmIdle is how long a warm goroutine waits for another call before it
// ends.
const warmIdle = time.Minute

// warm runs tool calls on goroutines kept from one call to the next. The
// server starts a goroutine for each call, whose stack starts small and is
// grown, by copying, several times over a batch (a few tens of
// microseconds a call); a kept goroutine's stack is already grown. A call
// runs on an idle kept goroutine, else on a new one that is then kept
// until it has waited warmIdle for another call. The zero warm runs f on
// the caller's goroutine.
type warm struct {
	jobs chan func()
}

// newWarm returns a warm with no goroutine yet.
func newWarm() warm { return warm{jobs: make(chan func())} }

// run runs f on a kept goroutine and returns when it has returned. f must
// not panic (the handler recovers inside it).
func (w *warm) run(f func()) {
	if w.jobs == nil {
		f()
		return
	}
	done := make(chan struct{})
	job := func() {
		defer close(done)
		f()
	}
	select {
	case w.jobs <- job:
	default:
		go w.keep(job)
	}
	<-done
}

// keep runs job, then the jobs handed to it, until none comes for
// warmIdle.
func (w *warm) keep(job func()) {
	idle := time.NewTimer(warmIdle)
	defer idle.Stop()
	for {
		job()
		idle.Reset(warmIdle)
		select {
		case job = <-w.jobs:
		case <-idle.C:
			return
		}
	}
}
