// Package sigstart starts, while the program's packages are initialised,
// the signal.Notify that a gitedit command line which writes needs (see
// package cli's signalCatcher): Go hands each signal over to a runtime
// thread of its own, a quarter of a millisecond or more, which then
// overlaps the initialisation of the packages that follow instead of the
// command's own work. Only the gitedit binary asks for it, by importing
// package autostart (whose init calls Start): a program that imports
// package cli for another purpose keeps its signals' default actions.
package sigstart

import (
	"os"
	"os/signal"
)

// Writers are the commands, named right after the program name, whose
// signals are caught from the start: those that may write. Package cli checks the list against its own
// (TestEarlySignalsAreTheWritersOnes).
var Writers = map[string]bool{
	"edit": true, "multiedit": true, "apply": true, "batch": true, "patch": true,
	"undo": true, "series": true, "session": true, "run": true, "demo": true, "mcp": true,
}

// Early is the signal.Notify started for the command line os.Args: C
// receives the signals of Catchable once Ready is closed. Both are nil
// when os.Args names no command of Writers right after the program name
// (flags first, a command that only reads, a test binary).
var Early struct {
	C     chan os.Signal
	Ready chan struct{}
}

// Start starts the early signal.Notify when os.Args names a command of
// Writers right after the program name (at most once: the gitedit
// binary calls it from package autostart's init).
func Start() {
	if Early.C != nil || len(os.Args) < 2 || !Writers[os.Args[1]] {
		return
	}
	Early.C, Early.Ready = make(chan os.Signal, 1), make(chan struct{})
	go func() {
		signal.Notify(Early.C, Catchable...)
		close(Early.Ready)
	}()
}
