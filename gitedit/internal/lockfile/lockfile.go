// Package lockfile takes git-style lock files: "<path>.lock" created with
// O_EXCL, written, fsynced and renamed over <path> to commit.
package lockfile

import (
	"context"
	"errors"
	"time"
)

// ErrLocked is wrapped by the error Acquire returns when the lock stays
// held by someone else until the timeout.
var ErrLocked = errors.New("lock is held by another process")

// File is a held lock file.
type File struct{ path string }

// Acquire creates path+".lock" exclusively, retrying until timeout (or ctx
// ends); on timeout it returns an error wrapping ErrLocked that names the
// lock file. It never removes a lock it did not create.
func Acquire(ctx context.Context, path string, timeout time.Duration) (*File, error) {
	panic("unimplemented")
}

// Path returns the lock file's path.
func (f *File) Path() string { return f.path }

// Write writes to the lock file.
func (f *File) Write(p []byte) (int, error) { panic("unimplemented") }

// Commit fsyncs and closes the lock file and renames it over the target.
func (f *File) Commit() error { panic("unimplemented") }

// Rollback closes and removes the lock file, leaving the target as it was.
// It is safe to call after Commit (then it does nothing).
func (f *File) Rollback() error { panic("unimplemented") }
