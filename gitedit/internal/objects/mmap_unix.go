//go:build unix

package objects

import (
	"os"
	"syscall"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// readIndexFile maps a pack index into memory read-only, as git does: a
// lookup then reads only the pages it touches (the fanout table and a
// binary search's path), not the whole index, which for a large
// repository is tens of megabytes. mapped tells Close to unmap it. An
// empty or unmappable file is read instead.
func readIndexFile(path string) (data []byte, mapped bool, err error) {
	f, err := wtfs.OpenFile(path, os.O_RDONLY, 0) // not offered to the network poller
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	if size := st.Size(); size > 0 && size == int64(int(size)) {
		data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
		if err == nil {
			return data, true, nil
		}
	}
	data, err = os.ReadFile(path)
	return data, false, err
}

// unmapIndex releases a mapping made by readIndexFile.
func unmapIndex(data []byte) error { return syscall.Munmap(data) }

// keepPacksOpen is true where a file stays readable and removable while
// open: a PackCache keeps the packs from one batch to the next.
const keepPacksOpen = true
