package spec

import "context"

// writeGateKey is the context key of WithWriteGate's gate.
type writeGateKey struct{}

// WithWriteGate returns a copy of ctx carrying gate, which a batch run
// with it calls before it takes the repository's lock, that is before it
// writes anything. The command line passes the wait for its signal
// handlers: setting them up (about a quarter of a millisecond) then
// overlaps the batch's reading of the repository, and they are in place
// before the first write, as a batch needs them.
func WithWriteGate(ctx context.Context, gate func()) context.Context {
	return context.WithValue(ctx, writeGateKey{}, gate)
}

// PassWriteGate calls the gate ctx carries (see WithWriteGate), if any.
func PassWriteGate(ctx context.Context) {
	if gate, _ := ctx.Value(writeGateKey{}).(func()); gate != nil {
		gate()
	}
}
