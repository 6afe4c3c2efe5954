package gitedit

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// writeFiles makes the working tree hold the new side of every change, in
// two phases. First each new content is written to a temporary file in its
// target's folder and given its mode (in parallel), and made durable (one
// syncfs on Linux, else an fsync per file): a failure here removes the
// temporary files and leaves the tree as it was. Then the temporary files
// are renamed over their targets and deleted files removed, and the renames
// are made durable (syncfs, else one fsync per folder). So a reader, or a
// crash, sees each file old or new, never torn. It runs with index.lock held. If a
// rename fails, the files already replaced are put back; on success the
// returned function puts them back (used when the ref cannot move).
func (r *Repo) writeFiles(changes []*change) (restore func(), err error) {
	r.removeStaleTemps(changes)
	temps, err := r.prepareTemps(changes)
	if err != nil {
		return nil, err
	}
	var done []*change
	restore = func() {
		for i := len(done) - 1; i >= 0; i-- {
			_ = r.writeState(done[i].before)
		}
	}
	for i, c := range changes {
		if err := r.commitState(c.after, temps[i]); err != nil {
			restore()
			removeTemps(temps[i+1:])
			return nil, ioError("write "+c.after.Rel, err)
		}
		done = append(done, c)
	}
	r.syncFolders(changes)
	return restore, nil
}

// syncWorkTree makes what was written to the working tree (and the
// objects, when the git directory is on another file system) durable with
// syncfs; it reports false where that is not available.
func (r *Repo) syncWorkTree() bool {
	if !haveSyncFS {
		return false
	}
	if !sameFS(r.workTree, r.commonDir) && syncFS(r.commonDir) != nil {
		return false
	}
	return syncFS(r.workTree) == nil
}

// prepareTemps writes the new content of every change that keeps a file
// into a fsynced temporary file beside it, in parallel; temps[i] is ""
// for a deletion. On failure no temporary file is left.
func (r *Repo) prepareTemps(changes []*change) ([]string, error) {
	temps := make([]string, len(changes))
	errs := make([]error, len(changes))
	parallel(len(changes), func(i int) {
		if st := changes[i].after; st.Exists {
			temps[i], errs[i] = writeTemp(r.abs(st.Rel), st.Content, filePerm(st), !haveSyncFS)
		}
	})
	for i, err := range errs {
		if err != nil {
			removeTemps(temps)
			return nil, ioError("write "+changes[i].after.Rel, err)
		}
	}
	if haveSyncFS && !r.syncWorkTree() {
		removeTemps(temps)
		return nil, ioError("sync the working tree", errSyncFailed)
	}
	return temps, nil
}

// errSyncFailed is the cause reported when syncfs fails.
var errSyncFailed = errors.New("syncfs failed")

// parallel calls f(0..n-1) on up to GOMAXPROCS×4 goroutines (file writes
// wait on the disk more than on the processor).
func parallel(n int, f func(i int)) {
	workers := min(n, 4*runtime.GOMAXPROCS(0))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// commitState puts st in place: renames its temporary file over the
// target, or removes the target (and its folders left empty, as git does).
func (r *Repo) commitState(st *fileState, temp string) error {
	abs := r.abs(st.Rel)
	if !st.Exists {
		if err := os.Remove(abs); err != nil && !os.IsNotExist(err) {
			return err
		}
		r.removeEmptyParents(filepath.Dir(abs))
		return nil
	}
	if err := os.Rename(temp, abs); err != nil {
		_ = os.Remove(temp)
		return err
	}
	return nil
}

// writeState makes the working tree hold st at once (used to put files
// back after a failure).
func (r *Repo) writeState(st *fileState) error {
	temp := ""
	if st.Exists {
		var err error
		if temp, err = writeTemp(r.abs(st.Rel), st.Content, filePerm(st), true); err != nil {
			return err
		}
	}
	return r.commitState(st, temp)
}

// filePerm returns the permission bits to write st with: the file's own
// bits when its git mode is unchanged, else git's defaults.
func filePerm(st *fileState) os.FileMode {
	if st.perm != 0 && permOf(st.perm) == st.Mode {
		return st.perm
	}
	return st.Mode
}

// writeTemp writes content into a new temporary file in path's folder
// (created as needed), with perm, fsynced when fsync is set, and returns
// its name.
func writeTemp(path string, content []byte, perm os.FileMode, fsync bool) (string, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, tempPattern)
	if err != nil {
		return "", err
	}
	if err := fillTemp(f, content, perm, fsync); err != nil {
		_ = os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// removeTemps removes the named temporary files ("" entries are skipped).
func removeTemps(temps []string) {
	for _, t := range temps {
		if t != "" {
			_ = os.Remove(t)
		}
	}
}

// tempPattern is the name of the temporary files; os.CreateTemp replaces
// the "*" with decimal digits.
const tempPattern = ".gitedit-*.tmp"

// removeStaleTemps removes, from each folder the changes touch (once per
// folder), the temporary files a killed gitedit left behind. It must be
// called with index.lock held: every gitedit writer holds that lock for as
// long as its temporary files exist, so any found now belongs to a process
// that died.
func (r *Repo) removeStaleTemps(changes []*change) {
	for _, dir := range r.folders(changes) {
		removeStaleTempsIn(dir)
	}
}

// removeStaleTempsIn removes dir's stale temporary files.
func removeStaleTempsIn(dir string) {
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

// folders lists the distinct folders of the changed files, sorted.
func (r *Repo) folders(changes []*change) []string {
	seen := map[string]bool{}
	var dirs []string
	for _, c := range changes {
		if d := filepath.Dir(r.abs(c.after.Rel)); !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	sort.Strings(dirs)
	return dirs
}

// syncFolders makes the renames durable: one syncfs, else an fsync of each
// folder a change renamed into.
func (r *Repo) syncFolders(changes []*change) {
	if r.syncWorkTree() {
		return
	}
	for _, dir := range r.folders(changes) {
		_ = syncDir(dir)
	}
}

// fillTemp writes, chmods, fsyncs (when fsync is set) and closes the
// temporary file.
func fillTemp(f *os.File, content []byte, perm os.FileMode, fsync bool) error {
	_, err := f.Write(content)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil && fsync {
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
