//go:build darwin

package index

import (
	"os"
	"syscall"
)

// fillSys copies the stat fields git records from the platform's stat
// data: ctime and mtime with nanoseconds, dev, ino, uid, gid.
func fillSys(e *Entry, fi os.FileInfo) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	e.CtimeSec, e.CtimeNsec = uint32(st.Ctimespec.Sec), uint32(st.Ctimespec.Nsec)
	e.MtimeSec, e.MtimeNsec = uint32(st.Mtimespec.Sec), uint32(st.Mtimespec.Nsec)
	e.Dev, e.Ino = uint32(st.Dev), uint32(st.Ino)
	e.UID, e.GID = st.Uid, st.Gid
	e.Size = uint32(st.Size)
}
