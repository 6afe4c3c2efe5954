// Package autostart calls sigstart.Start from its init, so that a
// writing gitedit command line catches its signals from the program's
// start (see package sigstart). Only the gitedit binary's main package
// imports it: it depends on the standard library alone, so it is
// initialised before the heavier packages that follow.
package autostart

import "github.com/gitedit/gitedit/internal/sigstart"

func init() { sigstart.Start() }
