//go:build linux

package repo

import (
	"os"

	"golang.org/x/sys/unix"
)

// HaveSyncFS is true where one syncfs(2) call can make a whole batch of
// written files durable, instead of an fsync per file.
const HaveSyncFS = true

// SameFS reports whether two paths are on the same file system.
func SameFS(a, b string) bool {
	var sa, sb unix.Stat_t
	return unix.Stat(a, &sa) == nil && unix.Stat(b, &sb) == nil && sa.Dev == sb.Dev
}

// SyncFS flushes the file system holding dir (syncfs(2)).
func SyncFS(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return unix.Syncfs(int(d.Fd()))
}

// writeOut writes f's data out to the device without a hardware flush,
// as git's core.fsyncMethod=writeout-only does (sync_file_range), and
// falls back to fsync where that is refused.
func writeOut(f *os.File) error {
	err := unix.SyncFileRange(int(f.Fd()), 0, 0, unix.SYNC_FILE_RANGE_WAIT_BEFORE|unix.SYNC_FILE_RANGE_WRITE|unix.SYNC_FILE_RANGE_WAIT_AFTER)
	if err != nil {
		return f.Sync()
	}
	return nil
}
