//go:build !linux

package gitedit

// scanDir is the working tree a scan reads from.
type scanDir struct{ r *Repo }

// openScanDir returns the working tree for a scan.
func (r *Repo) openScanDir() (scanDir, error) { return scanDir{r}, nil }

// close releases nothing.
func (d scanDir) close() {}

// readForScan reads the working-tree content of rel for a recipe scan; ok
// is false when rel is not a regular file (missing, a folder, a symlink).
func (d scanDir) readForScan(rel string) (content []byte, ok bool, err error) {
	st, err := d.r.readWorktree(rel)
	switch {
	case err != nil && CodeOf(err) != CodeIOError:
		return nil, false, nil
	case err != nil:
		return nil, false, err
	}
	return st.Content, st.Exists, nil
}
