//go:build linux

package gitedit

import (
	"errors"
	"fmt"
	"syscall"
)

// scanDir is the working tree opened for a scan: files are opened
// relative to it, which spares the kernel the walk from the root.
type scanDir int

// openScanDir opens the working tree for a scan.
func (r *Repo) openScanDir() (scanDir, error) {
	fd, err := openNoFollow(r.workTree, syscall.O_DIRECTORY)
	if err != nil {
		return -1, ioError("open "+r.workTree, err)
	}
	return scanDir(fd), nil
}

// close releases the scan's folder.
func (d scanDir) close() { _ = syscall.Close(int(d)) }

// readForScan reads the working-tree content of rel for a recipe scan
// with as few system calls as it takes (open without following a
// symlink, fstat, read, close: the os package adds a poller registration
// and flag calls per file, a third of a 100,000-file scan). ok is false
// when rel is not a regular file (missing, a folder, a symlink, a FIFO).
func (d scanDir) readForScan(rel string) (content []byte, ok bool, err error) {
	fd, err := openAt(int(d), rel)
	if isNotRegular(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, ioError("open "+rel, err)
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, false, ioError("stat "+rel, err)
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, false, nil
	}
	content, err = readFD(fd, int(st.Size))
	if err != nil {
		return nil, false, ioError(fmt.Sprintf("read %s", rel), err)
	}
	return content, true, nil
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
