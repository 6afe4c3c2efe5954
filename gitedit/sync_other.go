//go:build !linux

package gitedit

// haveSyncFS is false: each file and folder is fsynced on its own.
const haveSyncFS = false

// syncFS is not available here; callers fsync files themselves.
func syncFS(dir string) error { return nil }
