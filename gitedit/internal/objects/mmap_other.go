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
