//go:build !unix

package cli

import (
	"os"

	"github.com/gitedit/gitedit/internal/sigstart"
)

// catchable are the signals that would end gitedit (sigstart.Catchable).
var catchable = sigstart.Catchable

// signalName names s.
func signalName(s os.Signal) string { return s.String() }

// signalNumber is 2 (SIGINT) for os.Interrupt, the only signal caught.
func signalNumber(os.Signal) int { return 2 }

// brokenPipe is nil: there is no SIGPIPE.
var brokenPipe os.Signal

// isBrokenPipe is false: a broken pipe raises no signal.
func isBrokenPipe(error) bool { return false }
