package gitedit

import (
	"context"
)

// Hash returns the blob id of each file's working-tree content, as git
// hash-object prints it (after the line-ending conversion git add would
// apply). It reads without taking the repository lock.
func (r *Repo) Hash(ctx context.Context, paths []string) ([]HashResult, error) {
	out := make([]HashResult, 0, len(paths))
	for _, p := range paths {
		st, err := r.core.ReadPath(p)
		if err != nil {
			return nil, err
		}
		blob, err := r.core.BlobOf(st)
		if err != nil {
			return nil, err
		}
		out = append(out, HashResult{FilePath: st.Rel, Blob: blob})
	}
	return out, nil
}
