// Package stdinfile gives a child process (a hook, a signing program) its
// standard input as an unlinked temporary file instead of a pipe: a child
// that exits without reading all of a pipe would raise SIGPIPE in this
// process on the next write, where git ignores SIGPIPE around such calls
// (run-command.c, gpg-interface.c). A file is read at the child's pace and
// needs no goroutine to feed it. It is a leaf: no other gitedit import.
package stdinfile

import (
	"io"
	"os"
)

// New returns data in a temporary file, already removed from its folder
// and positioned at its start, to be a child's standard input. The caller
// closes it.
func New(data []byte) (*os.File, error) {
	f, err := os.CreateTemp("", "gitedit-stdin-")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
