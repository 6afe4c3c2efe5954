package gitedit

import (
	"os"
	"path/filepath"
	"strings"
)

// writeFiles writes every change to the working tree, each file atomically
// (temporary file in the same folder, fsync, rename). If one write fails,
// the files already written are put back and the error is returned; on
// success it returns a function that puts them back (used when the ref
// cannot move).
func (r *Repo) writeFiles(changes []*change) (restore func(), err error) {
	var done []*change
	restore = func() {
		for i := len(done) - 1; i >= 0; i-- {
			_ = r.writeState(done[i].before)
		}
	}
	for _, c := range changes {
		if err := r.writeState(c.after); err != nil {
			restore()
			return nil, ioError("write "+c.after.Rel, err)
		}
		done = append(done, c)
	}
	return restore, nil
}

// writeState makes the working tree hold st: its content and mode, or no
// file (then empty parent folders are removed, as git does). It runs with
// index.lock held, and first removes the temporary files a killed gitedit
// left in the file's folder (see removeStaleTemps).
func (r *Repo) writeState(st *fileState) error {
	abs := r.abs(st.Rel)
	removeStaleTemps(filepath.Dir(abs))
	if !st.Exists {
		if err := os.Remove(abs); err != nil && !os.IsNotExist(err) {
			return err
		}
		r.removeEmptyParents(filepath.Dir(abs))
		return nil
	}
	return writeFileAtomic(abs, st.Content, filePerm(st))
}

// filePerm returns the permission bits to write st with: the file's own
// bits when its git mode is unchanged, else git's defaults.
func filePerm(st *fileState) os.FileMode {
	if st.perm != 0 && permOf(st.perm) == st.Mode {
		return st.perm
	}
	return st.Mode
}

// writeFileAtomic writes content to path through a temporary file in the
// same folder: written, fsynced, given perm, then renamed over path, so a
// reader (or a crash) sees the old or the new content, never a mix.
func writeFileAtomic(path string, content []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, tempPattern)
	if err != nil {
		return err
	}
	tmp := f.Name()
	if err := fillTemp(f, content, perm); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return syncDir(dir)
}

// tempPattern is the name of writeFileAtomic's temporary files; os.CreateTemp
// replaces the "*" with decimal digits.
const tempPattern = ".gitedit-*.tmp"

// removeStaleTemps removes from dir the temporary files of writeFileAtomic
// that a killed gitedit left behind. It must be called with index.lock
// held: every gitedit writer holds that lock for as long as its temporary
// files exist, so any found now belongs to a process that died.
func removeStaleTemps(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Type().IsRegular() && isTempName(e.Name()) {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// isTempName reports whether name is one os.CreateTemp makes from
// tempPattern: ".gitedit-", decimal digits, ".tmp".
func isTempName(name string) bool {
	digits, ok := strings.CutPrefix(name, ".gitedit-")
	digits, ok2 := strings.CutSuffix(digits, ".tmp")
	if !ok || !ok2 || digits == "" {
		return false
	}
	return strings.Trim(digits, "0123456789") == ""
}

// fillTemp writes, chmods, fsyncs and closes the temporary file.
func fillTemp(f *os.File, content []byte, perm os.FileMode) error {
	_, err := f.Write(content)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir fsyncs a folder so that a rename in it is durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	_ = d.Sync() // not every file system supports fsync on folders
	return nil
}

// removeEmptyParents removes dir and its parents while they are empty,
// stopping at the top of the working tree.
func (r *Repo) removeEmptyParents(dir string) {
	for dir != r.workTree && len(dir) > len(r.workTree) {
		if os.Remove(dir) != nil {
			return
		}
		dir = filepath.Dir(dir)
	}
}
