package mcp

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/gitedit/gitedit/gitedit"
)

// order keeps one connection's tool calls in the order their requests
// arrived, as an agent that sends a call without waiting for the reply
// to the one before (edit, then commit) expects: a call that may change
// the repository starts once every call that arrived before it has
// finished; a read-only call (read, log, changes) once every earlier
// call that may change it has, so that read-only calls run beside each
// other but never beside a write. Only the serving goroutine calls next,
// in arrival order.
type order struct {
	// write is closed when the newest call that may write, and every
	// call before it, has finished (nil: none yet).
	write <-chan struct{}
	// reads are the read-only calls that arrived after it; kept is
	// their count after the last time finished ones were dropped.
	reads []<-chan struct{}
	kept  int
}

// turn is one call's place in the order.
type turn struct {
	// after are the calls it waits for; done is closed once it and they
	// have finished.
	after []<-chan struct{}
	done  chan struct{}
}

// next returns the place of the call that arrived now: readOnly tells
// whether it never changes the repository.
func (o *order) next(readOnly bool) *turn {
	t := &turn{done: make(chan struct{})}
	if o.write != nil {
		t.after = append(t.after, o.write)
	}
	if !readOnly {
		t.after = append(t.after, o.reads...)
		o.write, o.reads, o.kept = t.done, nil, 0
		return t
	}
	if len(o.reads) > 2*o.kept+16 { // drop the finished ones, now and then
		o.reads = unfinished(o.reads)
		o.kept = len(o.reads)
	}
	o.reads = append(o.reads, t.done)
	return t
}

// unfinished returns the channels of calls not finished yet.
func unfinished(calls []<-chan struct{}) []<-chan struct{} {
	out := calls[:0]
	for _, c := range calls {
		select {
		case <-c:
		default:
			out = append(out, c)
		}
	}
	return out
}

// wait waits until every call before t has finished; it returns false
// when ctx ends first (the client cancelled t).
func (t *turn) wait(ctx context.Context) bool {
	for _, c := range t.after {
		select {
		case <-c:
		case <-ctx.Done():
			return false
		}
	}
	return true
}

// finish marks t finished once the calls before it have: a call the
// client cancelled while it waited does not let a later one start
// before those.
func (t *turn) finish() {
	for _, c := range t.after {
		<-c
	}
	close(t.done)
}

// callInTurn runs a call of tool name once the calls before it allow
// (h.call's results), or returns the interruption when the client
// cancels it first.
func (s *conn) callInTurn(ctx context.Context, t *turn, name, client string, args json.RawMessage) (*toolResult, bool) {
	if !t.wait(ctx) {
		return cancelledWaiting(ctx), true
	}
	return s.h.call(ctx, name, client, args)
}

// readOnlyTools are the tools that never change the repository.
var readOnlyTools = sync.OnceValue(func() map[string]bool {
	ro := map[string]bool{}
	for _, sp := range Specs() {
		ro[sp.Name] = sp.ReadOnly
	}
	return ro
})

// cancelledWaiting is the result of a call the client cancelled before
// the calls that arrived before it had finished: it never ran.
func cancelledWaiting(ctx context.Context) *toolResult {
	return refused(&gitedit.Error{Code: gitedit.CodeIOError,
		Message: "interrupted (" + context.Cause(ctx).Error() + ") while waiting for the calls sent before it: nothing was changed"})
}
