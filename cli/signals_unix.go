//go:build unix

package cli

import (
	"errors"
	"os"
	"syscall"

	"github.com/gitedit/gitedit/internal/sigstart"
)

// catchable are the signals that would end gitedit (sigstart.Catchable).
var catchable = sigstart.Catchable

// signalNames are the names messages use.
var signalNames = map[syscall.Signal]string{
	syscall.SIGHUP: "SIGHUP", syscall.SIGINT: "SIGINT", syscall.SIGQUIT: "SIGQUIT", syscall.SIGTERM: "SIGTERM",
	syscall.SIGPIPE: "SIGPIPE", syscall.SIGALRM: "SIGALRM", syscall.SIGUSR1: "SIGUSR1", syscall.SIGUSR2: "SIGUSR2",
	syscall.SIGXCPU: "SIGXCPU", syscall.SIGXFSZ: "SIGXFSZ", syscall.SIGVTALRM: "SIGVTALRM",
}

// signalName names s ("SIGTERM").
func signalName(s os.Signal) string {
	if n, ok := signalNames[s.(syscall.Signal)]; ok {
		return n
	}
	return s.String()
}

// signalNumber is s's number, for the exit status 128 + number.
func signalNumber(s os.Signal) int { return int(s.(syscall.Signal)) }

// brokenPipe is the signal a write to a pipe without reader raises.
var brokenPipe os.Signal = syscall.SIGPIPE

// isBrokenPipe reports whether err is a write's to a pipe or socket
// whose reader went away (EPIPE: the write raised SIGPIPE).
func isBrokenPipe(err error) bool { return errors.Is(err, syscall.EPIPE) }
