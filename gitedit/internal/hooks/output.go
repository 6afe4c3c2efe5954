package hooks

import (
	"bytes"
	"fmt"
	"os"

	"github.com/gitedit/gitedit/engine/quote"
)

// Output collects a hook's output (a Runner's Output): printed to
// standard error (control characters escaped) when the hook succeeds
// (Flush), quoted in the error when it refuses (Tail).
type Output struct{ bytes.Buffer }

// MaxOutput bounds the output kept from one hook run (its end is kept),
// so that a hook printing without end cannot exhaust memory.
const MaxOutput = 1 << 20

// Write keeps the last MaxOutput bytes written.
func (o *Output) Write(p []byte) (int, error) {
	n, _ := o.Buffer.Write(p)
	if extra := o.Len() - MaxOutput; extra > 0 {
		kept := append([]byte(nil), o.Bytes()[extra:]...)
		o.Reset()
		o.Buffer.Write(kept)
	}
	return n, nil
}

// MaxTail bounds the hook output an error message quotes.
const MaxTail = 4000

// Tail is the end of the output, for an error message: ":\n" and the
// text, escaped ("" for none).
func (o *Output) Tail() string {
	b := bytes.TrimSpace(o.Bytes())
	if len(b) == 0 {
		return ""
	}
	if len(b) > MaxTail {
		b = append([]byte("…"), b[len(b)-MaxTail:]...)
	}
	return ":\n" + quote.Printable(string(b))
}

// Flush prints the output to standard error, escaped, and empties it.
func (o *Output) Flush() {
	if o.Len() > 0 {
		fmt.Fprint(os.Stderr, quote.Printable(o.String()))
	}
	o.Reset()
}

// LateOutput prints to standard error (control characters escaped) what
// a background process left by a hook writes to the hook's output after
// the hook exited, as it would reach git's standard error (a Runner's
// Late).
type LateOutput struct{}

// Write prints p escaped.
func (LateOutput) Write(p []byte) (int, error) {
	fmt.Fprint(os.Stderr, quote.Printable(string(p)))
	return len(p), nil
}
