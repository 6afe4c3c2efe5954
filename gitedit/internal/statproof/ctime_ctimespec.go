//go:build darwin || freebsd || netbsd

package statproof

import (
	"os"
	"syscall"
)

// ctime returns the inode change time of fi in nanoseconds (0 when the
// system does not give it): a chmod, or a rename that brings another file
// with the same time and size, changes it.
func ctime(fi os.FileInfo) int64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ctimespec.Nano()
	}
	return 0
}
