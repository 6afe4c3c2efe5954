// Package interrupt runs a call that may block where no signal reaches it
// (the open of a named pipe nobody writes to, a read from it) so that the
// caller can give up when its context ends. It depends on the standard
// library alone.
package interrupt

import "context"

// Do runs f in the background and returns its result, or, as soon as ctx
// ends first, the zero value and context.Cause(ctx) (the abandoned f ends
// with the process). An ended ctx does not start f.
func Do[T any](ctx context.Context, f func() (T, error)) (T, error) {
	var zero T
	if ctx.Err() != nil {
		return zero, context.Cause(ctx)
	}
	type result struct {
		v   T
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := f()
		ch <- result{v, err}
	}()
	select {
	case r := <-ch:
		return r.v, r.err
	case <-ctx.Done():
		return zero, context.Cause(ctx)
	}
}
