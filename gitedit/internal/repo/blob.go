package repo

import (
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// ReadPath resolves p and reads the file, which must exist; a path that
// names a folder ("a.txt/", "a.txt/.") is refused as CheckFileName does.
func (r *Repo) ReadPath(p string) (*FileState, error) {
	rel, _, err := r.ResolvePath(p)
	if err == nil {
		err = CheckFileName(p)
	}
	if err != nil {
		return nil, spec.WithPath(err, p)
	}
	st, err := r.ReadWorktree(rel)
	if err != nil {
		return nil, err
	}
	if !st.Exists {
		return nil, &spec.Error{Code: spec.CodeFileMissing, FilePath: rel, Message: "the file does not exist"}
	}
	return st, nil
}

// BlobOf returns the blob id of a file's content.
func (r *Repo) BlobOf(st *FileState) (string, error) {
	content, err := r.ToGit(st.Rel, st.Content)
	if err != nil {
		return "", err
	}
	return objects.HashBlob(content).String(), nil
}
