//go:build linux

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
	e.CtimeSec, e.CtimeNsec = uint32(st.Ctim.Sec), uint32(st.Ctim.Nsec)
	e.MtimeSec, e.MtimeNsec = uint32(st.Mtim.Sec), uint32(st.Mtim.Nsec)
	e.Dev, e.Ino = uint32(st.Dev), uint32(st.Ino)
	e.UID, e.GID = st.Uid, st.Gid
	e.Size = uint32(st.Size)
}
