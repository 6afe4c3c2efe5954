//go:build !unix

package sigstart

import "os"

// Catchable are the signals that would end gitedit.
var Catchable = []os.Signal{os.Interrupt}
