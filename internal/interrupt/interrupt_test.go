package interrupt

import (
	"context"
	"errors"
	"testing"
)

// TestDoReturnsTheCallsResultOrTheCause checks both ways out: f's own
// result when it returns, the context's cause when the context ends while
// f blocks, and an ended context that does not start f.
func TestDoReturnsTheCallsResultOrTheCause(t *testing.T) {
	v, err := Do(context.Background(), func() (int, error) { return 7, nil })
	if v != 7 || err != nil {
		t.Fatalf("Do = %d, %v; want 7, nil", v, err)
	}
	cause := errors.New("SIGTERM")
	ctx, cancel := context.WithCancelCause(context.Background())
	block, started := make(chan struct{}), make(chan struct{})
	defer close(block)
	go func() { <-started; cancel(cause) }()
	if _, err := Do(ctx, func() (int, error) { close(started); <-block; return 1, nil }); !errors.Is(err, cause) {
		t.Fatalf("Do on a context ended meanwhile = %v; want its cause", err)
	}
	ran := false
	if _, err := Do(ctx, func() (int, error) { ran = true; return 0, nil }); !errors.Is(err, cause) || ran {
		t.Fatalf("Do on an ended context = %v (ran: %v); want its cause, f not run", err, ran)
	}
}
