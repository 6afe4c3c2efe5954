package gitedit

import (
	"context"

	"github.com/gitedit/gitedit/gitedit/internal/objects"
)

// Hash returns the blob id of each file's working-tree content, as git
// hash-object prints it (after the line-ending conversion git add would
// apply). It reads without taking the repository lock.
func (r *Repo) Hash(ctx context.Context, paths []string) ([]HashResult, error) {
	out := make([]HashResult, 0, len(paths))
	for _, p := range paths {
		st, err := r.readPath(p)
		if err != nil {
			return nil, err
		}
		blob, err := r.blobOf(st)
		if err != nil {
			return nil, err
		}
		out = append(out, HashResult{FilePath: st.Rel, Blob: blob})
	}
	return out, nil
}

// readPath resolves p and reads the file, which must exist.
func (r *Repo) readPath(p string) (*fileState, error) {
	rel, _, err := r.resolvePath(p)
	if err != nil {
		return nil, withPath(err, p)
	}
	st, err := r.readWorktree(rel)
	if err != nil {
		return nil, err
	}
	if !st.Exists {
		return nil, &Error{Code: CodeFileMissing, FilePath: rel, Message: "the file does not exist"}
	}
	return st, nil
}

// blobOf returns the blob id of a file's content.
func (r *Repo) blobOf(st *fileState) (string, error) {
	content, err := r.toGit(st.Rel, st.Content)
	if err != nil {
		return "", err
	}
	return objects.HashBlob(content).String(), nil
}
