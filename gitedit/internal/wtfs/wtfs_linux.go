//go:build linux

package wtfs

import (
	"fmt"
	"io/fs"
	"os"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Root is a working tree opened for writing. Its methods are safe for
// concurrent use; Close must come last.
type Root struct {
	path string
	mu   sync.Mutex
	dirs map[string]int // open folder descriptors by slash path; "" is the top
}

// Open opens the folder path (trusted: the caller resolved it) as a Root.
func Open(path string) (*Root, error) {
	fd, err := retry(func() (int, error) {
		return unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	})
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return &Root{path: path, dirs: map[string]int{"": fd}}, nil
}

// Close closes every folder descriptor.
func (r *Root) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for rel, fd := range r.dirs {
		_ = unix.Close(fd)
		delete(r.dirs, rel)
	}
	return nil
}

// retry calls f until it does not fail with EINTR.
func retry(f func() (int, error)) (int, error) {
	for {
		fd, err := f()
		if err != unix.EINTR {
			return fd, err
		}
	}
}

// dir returns a descriptor of the folder rel, opening each missing
// component from the nearest open ancestor with O_NOFOLLOW (a symlink is
// ELOOP, a file ENOTDIR); create makes missing folders. release must be
// called when done (it closes the descriptors not kept).
func (r *Root) dir(rel string, create bool) (fd int, release func(), err error) {
	if err := checkRel(rel); err != nil {
		return -1, nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	cur, todo := rel, []string(nil)
	for {
		if _, ok := r.dirs[cur]; ok {
			break
		}
		parent, base := split(cur)
		cur, todo = parent, append(todo, base)
	}
	fd = r.dirs[cur]
	var transient []int
	release = func() {
		for _, t := range transient {
			_ = unix.Close(t)
		}
	}
	for i := len(todo) - 1; i >= 0; i-- {
		next := join(cur, todo[i])
		nfd, err := openDir(fd, todo[i], create)
		if err != nil {
			release()
			return -1, nil, &os.PathError{Op: "open", Path: next, Err: err}
		}
		if len(r.dirs) < maxCached {
			r.dirs[next] = nfd
		} else {
			transient = append(transient, nfd)
		}
		fd, cur = nfd, next
	}
	return fd, release, nil
}

// openDir opens the folder name in the folder pfd without following a
// symlink, creating it first when missing and create is set.
func openDir(pfd int, name string, create bool) (int, error) {
	open := func() (int, error) {
		return unix.Openat(pfd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	}
	fd, err := retry(open)
	if err == unix.ENOENT && create {
		if err = unix.Mkdirat(pfd, name, 0o777); err == nil || err == unix.EEXIST {
			fd, err = retry(open)
		}
	}
	return fd, err
}

// CreateTemp creates a new file in the folder dir (created as needed) named
// prefix + digits + suffix, opened for writing with permission bits perm,
// and returns it and its slash path.
func (r *Root) CreateTemp(dir, prefix, suffix string, perm os.FileMode) (*os.File, string, error) {
	dfd, release, err := r.dir(dir, true)
	if err != nil {
		return nil, "", err
	}
	defer release()
	var fd int
	name, err := tempName(prefix, suffix, func(name string) (err error) {
		fd, err = retry(func() (int, error) {
			return unix.Openat(dfd, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, uint32(perm.Perm()))
		})
		return err
	})
	if err != nil {
		return nil, "", &os.PathError{Op: "create", Path: join(dir, name), Err: err}
	}
	return os.NewFile(uintptr(fd), join(r.path, join(dir, name))), join(dir, name), nil
}

// SymlinkTemp creates a symbolic link to target in the folder dir
// (created as needed) named prefix + digits + suffix, and returns its
// slash path.
func (r *Root) SymlinkTemp(dir, prefix, suffix, target string) (string, error) {
	dfd, release, err := r.dir(dir, true)
	if err != nil {
		return "", err
	}
	defer release()
	name, err := tempName(prefix, suffix, func(name string) error {
		_, err := retry(func() (int, error) { return 0, unix.Symlinkat(target, dfd, name) })
		return err
	})
	if err != nil {
		return "", &os.LinkError{Op: "symlink", Old: target, New: join(dir, name), Err: err}
	}
	return join(dir, name), nil
}

// Rename renames from over to (slash paths), each resolved in its folder
// without following symlinks.
func (r *Root) Rename(from, to string) error {
	fdir, fbase := split(from)
	tdir, tbase := split(to)
	ffd, frelease, err := r.dir(fdir, false)
	if err != nil {
		return err
	}
	defer frelease()
	tfd, trelease, err := r.dir(tdir, false)
	if err != nil {
		return err
	}
	defer trelease()
	_, err = retry(func() (int, error) { return 0, unix.Renameat(ffd, fbase, tfd, tbase) })
	if err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	return nil
}

// Remove removes the file (or, with dir set, the empty folder) rel.
func (r *Root) Remove(rel string, dir bool) error {
	d, base := split(rel)
	dfd, release, err := r.dir(d, false)
	if err != nil {
		return err
	}
	defer release()
	flags := 0
	if dir {
		flags = unix.AT_REMOVEDIR
	}
	_, err = retry(func() (int, error) { return 0, unix.Unlinkat(dfd, base, flags) })
	if err != nil {
		return &os.PathError{Op: "remove", Path: rel, Err: err}
	}
	if dir {
		r.forget(rel)
	}
	return nil
}

// forget closes the kept descriptor of a removed folder and its children.
func (r *Root) forget(rel string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for k, fd := range r.dirs {
		if k == rel || len(k) > len(rel) && k[:len(rel)+1] == rel+"/" {
			_ = unix.Close(fd)
			delete(r.dirs, k)
		}
	}
}

// Lstat returns the file information of rel without following a symlink
// anywhere on its path: one fstatat(AT_SYMLINK_NOFOLLOW) in its folder's
// descriptor (an O_PATH open, os.NewFile's fcntl, fstat and close cost
// four). Sys is a *syscall.Stat_t, as os.Lstat's.
func (r *Root) Lstat(rel string) (os.FileInfo, error) {
	d, base := split(rel)
	dfd, release, err := r.dir(d, false)
	if err != nil {
		return nil, err
	}
	defer release()
	var st unix.Stat_t
	_, err = retry(func() (int, error) { return 0, unix.Fstatat(dfd, base, &st, unix.AT_SYMLINK_NOFOLLOW) })
	if err != nil {
		return nil, &os.PathError{Op: "lstat", Path: rel, Err: err}
	}
	return &statInfo{name: base, sys: sysStat(&st)}, nil
}

// sysStat copies stat data into the syscall package's type, the one
// os.Lstat's Sys returns (the field types are the same, the padding
// fields' names are not).
func sysStat(st *unix.Stat_t) syscall.Stat_t {
	return syscall.Stat_t{
		Dev: st.Dev, Ino: st.Ino, Nlink: st.Nlink, Mode: st.Mode, Uid: st.Uid, Gid: st.Gid,
		Rdev: st.Rdev, Size: st.Size, Blksize: st.Blksize, Blocks: st.Blocks,
		Atim: syscall.Timespec{Sec: st.Atim.Sec, Nsec: st.Atim.Nsec},
		Mtim: syscall.Timespec{Sec: st.Mtim.Sec, Nsec: st.Mtim.Nsec},
		Ctim: syscall.Timespec{Sec: st.Ctim.Sec, Nsec: st.Ctim.Nsec},
	}
}

// statInfo is an os.FileInfo over stat data, as os fills it.
type statInfo struct {
	name string
	sys  syscall.Stat_t
}

func (fi *statInfo) Name() string { return fi.name }
func (fi *statInfo) Size() int64  { return int64(fi.sys.Size) }
func (fi *statInfo) IsDir() bool  { return fi.Mode().IsDir() }
func (fi *statInfo) Sys() any     { return &fi.sys }
func (fi *statInfo) ModTime() time.Time {
	return time.Unix(int64(fi.sys.Mtim.Sec), int64(fi.sys.Mtim.Nsec))
}

// Mode converts st_mode as os does (fillFileStatFromSys).
func (fi *statInfo) Mode() fs.FileMode {
	m := fi.sys.Mode
	mode := fs.FileMode(m & 0o777)
	switch m & syscall.S_IFMT {
	case syscall.S_IFBLK:
		mode |= fs.ModeDevice
	case syscall.S_IFCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFDIR:
		mode |= fs.ModeDir
	case syscall.S_IFIFO:
		mode |= fs.ModeNamedPipe
	case syscall.S_IFLNK:
		mode |= fs.ModeSymlink
	case syscall.S_IFSOCK:
		mode |= fs.ModeSocket
	}
	for _, b := range [...]struct {
		bit  uint32
		mode fs.FileMode
	}{{syscall.S_ISGID, fs.ModeSetgid}, {syscall.S_ISUID, fs.ModeSetuid}, {syscall.S_ISVTX, fs.ModeSticky}} {
		if m&b.bit != 0 {
			mode |= b.mode
		}
	}
	return mode
}

// SyncDir fsyncs the folder dir, so that renames in it are durable.
func (r *Root) SyncDir(dir string) error {
	dfd, release, err := r.dir(dir, false)
	if err != nil {
		return err
	}
	defer release()
	_ = unix.Fsync(dfd) // not every file system supports fsync on folders
	return nil
}

// Recheck verifies that every folder the Root holds open is still the one
// its path names from the top, with no symlink on the way: each kept
// folder is compared (device and inode) with its entry in its parent.
// ErrMoved means a swap happened since it was opened.
func (r *Root) Recheck() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for rel, fd := range r.dirs {
		if rel == "" {
			continue
		}
		parent, base := split(rel)
		pfd, ok := r.dirs[parent]
		if !ok {
			continue // its parent is not kept: it was opened through it, checked below
		}
		var held, entry unix.Stat_t
		if unix.Fstat(fd, &held) != nil || unix.Fstatat(pfd, base, &entry, unix.AT_SYMLINK_NOFOLLOW) != nil ||
			held.Dev != entry.Dev || held.Ino != entry.Ino {
			return fmt.Errorf("%s: %w", rel, ErrMoved)
		}
	}
	return nil
}

// List returns the names in the folder dir and whether each is a regular
// file or a symbolic link (neither a folder nor a special file), read through its descriptor.
func (r *Root) List(dir string) (names []string, plain []bool, err error) {
	dfd, release, err := r.dir(dir, false)
	if err != nil {
		return nil, nil, err
	}
	defer release()
	own, err := retry(func() (int, error) {
		return unix.Openat(dfd, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	})
	if err != nil {
		return nil, nil, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	f := os.NewFile(uintptr(own), join(r.path, dir))
	defer f.Close()
	entries, err := f.ReadDir(-1)
	for _, e := range entries {
		names, plain = append(names, e.Name()), append(plain, isPlain(e.Type()))
	}
	return names, plain, err
}

// ReadFile returns the content of the file at path, as os.ReadFile does,
// with the same errors (an *fs.PathError), in four system calls: open,
// fstat, read, close. A regular file is read until it holds the size
// fstat gave, as git's read_in_full does, with room for one byte more to
// see that it grew (then it is read to its end); anything else is read
// until read returns nothing. os.ReadFile also registers each file with the
// runtime's network poller, which refuses regular files after four more
// calls (fcntl twice each side of epoll_ctl); a batch reads HEAD, refs,
// loose objects, the index and every racily clean file that way.
func ReadFile(path string) ([]byte, error) {
	fd, st, err := openStat(path)
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	return readAll(fd, &st, path)
}

// ReadRegular reads the file at path as ReadFile does, for a caller that
// has just seen it as a regular file of the given size (lstat): without
// the fstat, in three system calls. A file that changed meanwhile is still
// read whole (to its end if it grew).
func ReadRegular(path string, size int64) ([]byte, error) {
	fd, err := openRead(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer unix.Close(fd)
	return readAll(fd, &unix.Stat_t{Mode: unix.S_IFREG, Size: size}, path)
}

// openStat opens the file at path for reading and returns its stat data
// (fstat), or an *fs.PathError.
func openStat(path string) (int, unix.Stat_t, error) {
	var st unix.Stat_t
	fd, err := openRead(path)
	if err != nil {
		return -1, st, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return -1, st, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	return fd, st, nil
}

// readAll reads the file fd, whose stat data is st, as ReadFile does.
func readAll(fd int, st *unix.Stat_t, path string) ([]byte, error) {
	buf := make([]byte, 0, max(st.Size, 0)+1) // +1: see the end without a second read
	for {
		n, err := unix.Read(fd, buf[len(buf):cap(buf)])
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		case n == 0:
			return buf, nil
		}
		buf = buf[:len(buf)+n]
		if st.Mode&unix.S_IFMT == unix.S_IFREG && int64(len(buf)) == st.Size {
			return buf, nil
		}
		if len(buf) == cap(buf) { // the file grew: room for more
			buf = append(buf, 0)[:len(buf)]
		}
	}
}

// openRead opens path for reading, retrying when a signal interrupts it.
func openRead(path string) (int, error) {
	for {
		fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != unix.EINTR {
			return fd, err
		}
	}
}

// OpenFile opens path as os.OpenFile does (close-on-exec, errors as
// *fs.PathError), in two system calls instead of six: the file is not
// offered to the runtime's network poller, which refuses regular files
// (see ReadFile).
func OpenFile(path string, flag int, perm os.FileMode) (*os.File, error) {
	for {
		fd, err := unix.Open(path, flag|unix.O_CLOEXEC, uint32(perm.Perm()))
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return os.NewFile(uintptr(fd), path), nil
	}
}

// RenamePath renames the file from over to (absolute or relative paths),
// as os.Rename does but in one system call: os.Rename first lstats to to
// refuse a folder there, which rename(2) refuses by itself (EISDIR).
func RenamePath(from, to string) error {
	_, err := retry(func() (int, error) { return 0, unix.Rename(from, to) })
	if err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	return nil
}

// NoFollow is the open flag that refuses a symbolic link as the last
// component of the path (O_NOFOLLOW), for OpenFile.
const NoFollow = unix.O_NOFOLLOW

// MkdirAll makes the folder rel and the missing folders above it.
func (r *Root) MkdirAll(rel string) error {
	_, release, err := r.dir(rel, true)
	if err == nil {
		release()
	}
	return err
}
