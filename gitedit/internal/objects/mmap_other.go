//go:build !unix

package objects

import "os"

// readIndexFile reads a pack index whole where mapping files is not
// available.
func readIndexFile(path string) (data []byte, mapped bool, err error) {
	data, err = os.ReadFile(path)
	return data, false, err
}

// unmapIndex is never called here: nothing is mapped.
func unmapIndex(data []byte) error { return nil }

// keepPacksOpen is false where an open file cannot be removed (Windows):
// a PackCache kept from one batch to the next would make git gc and git
// repack fail to delete the packs it replaces, so each batch opens its own.
const keepPacksOpen = false
