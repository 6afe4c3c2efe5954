//go:build !unix

package cli

import "os"

// catchable are the signals that would end gitedit.
var catchable = []os.Signal{os.Interrupt}

// signalName names s.
func signalName(s os.Signal) string { return s.String() }

// signalNumber is 2 (SIGINT) for os.Interrupt, the only signal caught.
func signalNumber(os.Signal) int { return 2 }
