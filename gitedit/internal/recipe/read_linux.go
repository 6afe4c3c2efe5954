//go:build linux

package recipe

import (
	"errors"
	"fmt"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/scancache"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// haveScanStat is true where a scan can stat files for the scan cache.
const haveScanStat = true

// scanDir is the working tree opened for a scan: files are opened
// relative to it, which spares the kernel the walk from the root.
type scanDir int

// openScanDir opens the working tree for a scan.
func openScanDir(r *repo.Repo) (scanDir, error) {
	fd, err := openNoFollow(r.WorkTree(), syscall.O_DIRECTORY)
	if err != nil {
		return -1, spec.IOError("open "+r.WorkTree(), err)
	}
	return scanDir(fd), nil
}

// close releases the scan's folder.
func (d scanDir) close() { _ = syscall.Close(int(d)) }

// readForScan reads the working-tree content of rel for a recipe scan
// with as few system calls as it takes (open without following a
// symlink, fstat, read, close: the os package adds a poller registration
// and flag calls per file, a third of a 100,000-file scan), and returns
// the stat data of the file it read. ok is false when rel is not a
// regular file (missing, a folder, a symlink, a FIFO).
func (d scanDir) readForScan(rel string) (content []byte, st scancache.Stat, ok bool, err error) {
	fd, err := openAt(int(d), rel)
	if isNotRegular(err) {
		return nil, st, false, nil
	}
	if err != nil {
		return nil, st, false, spec.IOError("open "+rel, err)
	}
	defer syscall.Close(fd)
	var sys syscall.Stat_t
	if err := syscall.Fstat(fd, &sys); err != nil {
		return nil, st, false, spec.IOError("stat "+rel, err)
	}
	if sys.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, st, false, nil
	}
	content, err = readFD(fd, int(sys.Size))
	if err != nil {
		return nil, st, false, spec.IOError(fmt.Sprintf("read %s", rel), err)
	}
	return content, scanStat(sys.Ctim.Nano(), sys.Mtim.Nano(), sys.Size, uint64(sys.Ino), uint64(sys.Dev), sys.Mode), true, nil
}

// statForScan returns the stat data of rel without following a symlink
// (one fstatat); ok is false when rel is not a regular file.
func (d scanDir) statForScan(rel string) (st scancache.Stat, ok bool, err error) {
	var sys unix.Stat_t
	for {
		err = unix.Fstatat(int(d), rel, &sys, unix.AT_SYMLINK_NOFOLLOW)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	switch {
	case isNotRegular(err):
		return st, false, nil
	case err != nil:
		return st, false, spec.IOError("stat "+rel, err)
	case sys.Mode&unix.S_IFMT != unix.S_IFREG:
		return st, false, nil
	}
	return scanStat(sys.Ctim.Nano(), sys.Mtim.Nano(), sys.Size, uint64(sys.Ino), uint64(sys.Dev), sys.Mode), true, nil
}

// scanStat converts stat fields to the scan cache's stat data.
func scanStat(ctime, mtime, size int64, ino, dev uint64, mode uint32) scancache.Stat {
	return scancache.Stat{Ctime: ctime, Mtime: mtime, Size: size, Ino: ino, Dev: dev, Mode: mode}
}

// openNoFollow opens path read-only with extra flags, refusing a symlink
// (ELOOP) and never blocking on a FIFO, retrying on EINTR.
func openNoFollow(path string, extra int) (int, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC|extra, 0)
		if !errors.Is(err, syscall.EINTR) {
			return fd, err
		}
	}
}

// openAt opens rel (a slash path) below the folder dir as openNoFollow
// does; only the last component is refused when it is a symlink.
func openAt(dir int, rel string) (int, error) {
	for {
		fd, err := syscall.Openat(dir, rel, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if !errors.Is(err, syscall.EINTR) {
			return fd, err
		}
	}
}

// isNotRegular reports whether an open error means "no regular file
// here": missing, under a file, or a symlink.
func isNotRegular(err error) bool {
	return errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.ELOOP)
}

// readFD reads fd to its end; size is the expected length.
func readFD(fd, size int) ([]byte, error) {
	buf := make([]byte, 0, size+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		switch {
		case errors.Is(err, syscall.EINTR):
			continue
		case err != nil:
			return nil, err
		case n == 0:
			return buf, nil
		}
		buf = buf[:len(buf)+n]
	}
}
