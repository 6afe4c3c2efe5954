//go:build !linux

package repo

import "os"

// HaveSyncFS is false: each file and folder is fsynced on its own.
const HaveSyncFS = false

// SyncFS is not available here; callers fsync files themselves.
func SyncFS(dir string) error { return nil }

// SameFS is not needed where SyncFS is not available.
func SameFS(a, b string) bool { return true }

// writeOut is a plain fsync where the kernel offers no write-out without
// a device flush.
func writeOut(f *os.File) error { return f.Sync() }
