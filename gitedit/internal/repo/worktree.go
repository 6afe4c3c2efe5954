package repo

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// FileState is the content of one path as a batch sees it: the working
// tree's content, or what an earlier step of the same batch planned.
type FileState struct {
	// Rel is the repository-relative slash path.
	Rel string
	// Exists is false for a path with no file (yet).
	Exists bool
	// Content is the working-tree bytes (nil when !Exists).
	Content []byte
	// Mode is the file's permission bits as git records them: 0644 or 0755.
	Mode os.FileMode
	// Perm is the file's actual permission bits, kept when it is rewritten.
	Perm os.FileMode
}

// binarySniffLen is how much of a file is searched for a NUL byte, as git
// does to decide that content is binary.
const binarySniffLen = 8000

// Clone returns a copy of st that shares no mutable state.
func (st *FileState) Clone() *FileState {
	c := *st
	c.Content = bytes.Clone(st.Content)
	return &c
}

// Same reports whether two states have the same existence, content and mode.
func (st *FileState) Same(o *FileState) bool {
	if st.Exists != o.Exists {
		return false
	}
	return !st.Exists || (st.Mode == o.Mode && bytes.Equal(st.Content, o.Content))
}

// IsBinary applies git's rule: a NUL byte in the first 8000 bytes.
func IsBinary(b []byte) bool {
	if len(b) > binarySniffLen {
		b = b[:binarySniffLen]
	}
	return bytes.IndexByte(b, 0) >= 0
}

// ReadWorktree reads rel from the working tree.
func (r *Repo) ReadWorktree(rel string) (*FileState, error) {
	abs := r.Abs(rel)
	fi, err := os.Lstat(abs)
	if errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return &FileState{Rel: rel}, nil
	}
	if err != nil {
		return nil, &spec.Error{Code: spec.CodeIOError, FilePath: rel, Message: fmt.Sprintf("stat: %v", err), Err: err}
	}
	if fi.IsDir() {
		return nil, &spec.Error{Code: spec.CodeIsDirectory, FilePath: rel, Message: "the path is a directory"}
	}
	if !fi.Mode().IsRegular() {
		return nil, &spec.Error{Code: spec.CodeUnsupported, FilePath: rel, Message: fmt.Sprintf("not a regular file (%s)", fi.Mode().Type())}
	}
	content, err := wtfs.ReadFile(abs)
	if err != nil {
		return nil, &spec.Error{Code: spec.CodeIOError, FilePath: rel, Message: fmt.Sprintf("read: %v", err), Err: err}
	}
	return &FileState{Rel: rel, Exists: true, Content: content, Mode: PermOf(fi.Mode()), Perm: fi.Mode().Perm()}, nil
}

// PermOf maps a file mode to the two modes git records: 0755 when the
// owner may execute, 0644 otherwise.
func PermOf(m os.FileMode) os.FileMode {
	if m&0o100 != 0 {
		return 0o755
	}
	return 0o644
}

// Abs returns the absolute path of a repository-relative slash path.
func (r *Repo) Abs(rel string) string {
	return filepath.Join(r.workTree, filepath.FromSlash(rel))
}

// ModeOf maps permission bits to the git file mode.
func ModeOf(perm os.FileMode) filemode.FileMode {
	if perm&0o100 != 0 {
		return filemode.Executable
	}
	return filemode.Regular
}
