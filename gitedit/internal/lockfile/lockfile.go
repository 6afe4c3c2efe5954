// Package lockfile takes git-style lock files: "<path>.lock" created with
// O_EXCL, written, fsynced and renamed over <path> to commit.
//
// The protocol is git's own (lockfile.c): whoever creates "<path>.lock"
// owns the right to replace <path>; everyone else waits or gives up. A
// lock file that this process did not create is never removed.
package lockfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// ErrLocked is wrapped by the error Acquire returns when the lock stays
// held by someone else until the timeout.
var ErrLocked = errors.New("lock is held by another process")

// Suffix is appended to the target path to name its lock file.
const Suffix = ".lock"

// Backoff bounds between attempts: git starts at 1 ms and grows the wait
// quadratically; the cap is lower than git's 1 s so that a lock released
// mid-wait is noticed quickly.
const (
	initialBackoff = time.Millisecond
	maxBackoff     = 50 * time.Millisecond
)

// File is a held lock file.
type File struct {
	path   string // the lock file, target + Suffix
	target string
	f      *os.File
	info   os.FileInfo // identity of the file we created
	done   bool        // committed or rolled back
	// sync makes the content durable before the rename (nil: not synced);
	// syncDir also fsyncs the target's folder after it. By default both
	// are on (see SetSync).
	sync    func(*os.File) error
	syncDir bool
	synced  bool // nothing written since the last Sync
}

// SetSync chooses how Sync and Commit make the lock's content durable:
// sync is called on the file (nil: no sync, as git by default for the
// index and refs), and dir asks for an fsync of the target's folder after
// the rename. A new lock fsyncs both.
func (f *File) SetSync(sync func(*os.File) error, dir bool) {
	f.sync, f.syncDir = sync, dir
}

// Acquire creates path+".lock" exclusively, retrying until timeout (or ctx
// ends); on timeout it returns an error wrapping ErrLocked that names the
// lock file. It never removes a lock it did not create. A timeout of 0
// tries once; a negative timeout waits until ctx ends. When ctx ends first
// the error wraps both ErrLocked and ctx.Err().
func Acquire(ctx context.Context, path string, timeout time.Duration) (*File, error) {
	lock := path + Suffix
	deadline := time.Now().Add(timeout)
	for attempt := 1; ; attempt++ {
		lf, err := tryCreate(path, lock)
		if err == nil || !errors.Is(err, fs.ErrExist) {
			return lf, err
		}
		wait, ok := nextWait(attempt, timeout, deadline)
		if !ok {
			return nil, fmt.Errorf("acquire %s: %w (waited %v)", lock, ErrLocked, timeout)
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, fmt.Errorf("acquire %s: %w: %w", lock, ErrLocked, err)
		}
	}
}

// tryCreate makes one attempt at creating the lock file.
func tryCreate(target, lock string) (*File, error) {
	f, err := wtfs.OpenFile(lock, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		return nil, fmt.Errorf("create %s: %w", lock, err)
	}
	info, err := f.Stat()
	if err != nil {
		_ = f.Close()
		_ = os.Remove(lock)
		return nil, fmt.Errorf("stat %s: %w", lock, err)
	}
	return &File{path: lock, target: target, f: f, info: info, sync: (*os.File).Sync, syncDir: true}, nil
}

// nextWait returns how long to sleep before attempt+1, or false when the
// deadline leaves no room for another attempt. The wait grows like git's
// (1, 4, 9, … ms with ±25% jitter), capped at maxBackoff, and is cut
// short so that the last attempt happens at the deadline.
func nextWait(attempt int, timeout time.Duration, deadline time.Time) (time.Duration, bool) {
	if timeout == 0 {
		return 0, false
	}
	wait := min(initialBackoff*time.Duration(attempt*attempt), maxBackoff)
	wait = wait*3/4 + rand.N(wait/2+1)
	if timeout < 0 {
		return wait, true
	}
	left := time.Until(deadline)
	if left <= 0 {
		return 0, false
	}
	return min(wait, left), true
}

// sleep waits for d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Path returns the lock file's path.
func (f *File) Path() string { return f.path }

// Write writes to the lock file.
func (f *File) Write(p []byte) (int, error) {
	if f.done {
		return 0, fmt.Errorf("write %s: lock already released", f.path)
	}
	f.synced = false
	n, err := f.f.Write(p)
	if err != nil {
		return n, fmt.Errorf("write %s: %w", f.path, err)
	}
	return n, nil
}

// Sync makes the lock file's content durable (see SetSync) without
// releasing it, so that a later Commit only has to rename it.
func (f *File) Sync() error {
	if f.done {
		return fmt.Errorf("sync %s: lock already released", f.path)
	}
	if f.sync == nil || f.synced {
		return nil
	}
	if err := f.sync(f.f); err != nil {
		return fmt.Errorf("fsync %s: %w", f.path, err)
	}
	f.synced = true // Commit need not sync again
	return nil
}

// Commit makes the content durable (see SetSync), closes the lock file,
// renames it over the target and, when asked, fsyncs the target's folder
// so the rename is durable. On failure the lock file is removed (if it is
// still ours) and the target is unchanged.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("commit %s: lock already released", f.path)
	}
	if err := f.Sync(); err != nil {
		return f.fail(err)
	}
	if err := f.f.Close(); err != nil {
		return f.fail(fmt.Errorf("close %s: %w", f.path, err))
	}
	if err := wtfs.RenamePath(f.path, f.target); err != nil {
		return f.fail(fmt.Errorf("rename %s to %s: %w", f.path, f.target, err))
	}
	f.done = true
	if !f.syncDir {
		return nil
	}
	return syncDir(filepath.Dir(f.target))
}

// fail rolls back after a failed commit step and returns err.
func (f *File) fail(err error) error {
	_ = f.Rollback()
	return err
}

// Rollback closes and removes the lock file, leaving the target as it was.
// It is safe to call after Commit (then it does nothing). It removes the
// lock only while it is still the file this File created: a lock that
// someone else deleted and re-created is left alone.
func (f *File) Rollback() error {
	if f.done {
		return nil
	}
	f.done = true
	_ = f.f.Close() // may already be closed by a failed Commit
	cur, err := os.Lstat(f.path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("rollback %s: %w", f.path, err)
	}
	if !os.SameFile(cur, f.info) {
		return nil
	}
	if err := os.Remove(f.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("rollback %s: %w", f.path, err)
	}
	return nil
}

// syncDir fsyncs a directory so that a rename inside it is durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("open %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("fsync %s: %w", dir, err)
	}
	return nil
}

// Adopt takes the file now at the lock path as this lock's own, for a
// lock whose file a child process replaced while it ran under the lock
// (a hook given the lock file as its index, as git gives it): Rollback
// then removes that file, and Commit makes that file's content durable
// before it renames it. A lock path with no file is left as it is.
func (f *File) Adopt() {
	cur, err := os.Lstat(f.path)
	if err != nil || f.done || os.SameFile(cur, f.info) {
		return
	}
	f.info = cur
	if g, err := os.Open(f.path); err == nil {
		_ = f.f.Close()
		f.f, f.synced = g, false
	}
}
