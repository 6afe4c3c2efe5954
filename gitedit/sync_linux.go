//go:build linux

package gitedit

import (
	"os"

	"golang.org/x/sys/unix"
)

// haveSyncFS is true where one syncfs(2) call can make a whole batch of
// written files durable, instead of an fsync per file.
const haveSyncFS = true

// syncFS flushes the file system holding dir (syncfs(2)).
func syncFS(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return unix.Syncfs(int(d.Fd()))
}
