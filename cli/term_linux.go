package cli

import (
	"os"

	"golang.org/x/sys/unix"
)

// terminalFile reports whether f is a terminal, as isatty(3) (and so git)
// decides: a file whose terminal attributes can be read. /dev/null, a
// character device too, is not one: output sent there is neither
// coloured nor written line by line.
func terminalFile(f *os.File) bool {
	conn, err := f.SyscallConn() // not Fd(), which would make f blocking
	if err != nil {
		return false
	}
	var ioctlErr error
	if err := conn.Control(func(fd uintptr) { _, ioctlErr = unix.IoctlGetTermios(int(fd), unix.TCGETS) }); err != nil {
		return false
	}
	return ioctlErr == nil
}
