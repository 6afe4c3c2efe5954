//go:build !linux

package gitedit

import "os"

// haveSyncFS is false: each file and folder is fsynced on its own.
const haveSyncFS = false

// syncFS is not available here; callers fsync files themselves.
func syncFS(dir string) error { return nil }

// sameFS is not needed where syncFS is not available.
func sameFS(a, b string) bool { return true }

// writeOut is a plain fsync where the kernel offers no write-out without
// a device flush.
func writeOut(f *os.File) error { return f.Sync() }
