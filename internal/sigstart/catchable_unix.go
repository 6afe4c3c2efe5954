//go:build unix

package sigstart

import (
	"os"
	"syscall"
)

// Catchable are the signals that would end gitedit: git's own list
// (sigchain_push_common: SIGINT, SIGHUP, SIGTERM, SIGQUIT, SIGPIPE) and
// the other terminating signals a process may be sent.
var Catchable = []os.Signal{
	syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGPIPE,
	syscall.SIGALRM, syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGXCPU, syscall.SIGXFSZ, syscall.SIGVTALRM,
}
