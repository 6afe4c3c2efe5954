//go:build !linux

package cli

import "os"

// terminalFile reports whether f is a character device (a terminal).
func terminalFile(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
