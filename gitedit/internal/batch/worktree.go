package batch

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync/atomic"

	"github.com/gitedit/gitedit/gitedit/internal/durability"
	"github.com/gitedit/gitedit/gitedit/internal/journal"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// writeFiles makes the working tree hold the new side of every change, in
// two phases. First the folders that will hold temporary files are noted
// in a journal (see journal.RemoveStaleTemps), with the batch's rollback
// record and, before it, the old bytes it keeps aside (journal.File),
// each new content is written to a
// temporary file in its target's folder and given its mode (in parallel),
// and made durable (one syncfs on Linux, else an fsync per file): a
// failure here removes the temporary files and leaves the tree as it was.
// Then deleted files are removed and the temporary files renamed over
// their targets (in parallel, see placeFiles), and the renames are made
// durable (syncfs, else one fsync per folder). Every file operation goes
// through root, which opens each folder from the top of the working tree
// without following a symlink: a folder swapped for a symlink meanwhile
// makes the batch fail (and be put back), never write outside the tree. So a reader, or a crash,
// sees each file old or new, never torn. It runs with index.lock held; the
// caller marks the journal done (journal.File.Done) when the batch is over. If a
// rename fails, the files already replaced are put back; on success the
// returned function puts them back (used when the ref cannot move).
//
// settle (which may be nil) runs after the renames and before they are
// made durable: the batch waits there for its objects, written meanwhile,
// so that the same syncfs covers them. If it fails, the files are put
// back and its error returned.
func writeFiles(r *repo.Repo, root *wtfs.Root, j *journal.File, changes []*change, settle func() error) (restore func(), err error) {
	prev, err := j.Open()
	if err == nil {
		journal.RemoveStaleTemps(root, prev, tempPrefixOf(r))
		err = j.WriteSide(r.TempSyncer())
	}
	if err == nil {
		err = j.Note(tempDirs(changes), prev)
	}
	if err == nil {
		err = j.Durable(r.TempSyncer())
	}
	if err != nil {
		return nil, spec.IOError("write "+j.Path, err)
	}
	temps, err := prepareTemps(r, root, changes)
	if err != nil {
		return nil, err
	}
	if restore, err = placeFiles(r, root, changes, temps); err != nil {
		return nil, err
	}
	if settle != nil {
		if err := settle(); err != nil {
			restore()
			return nil, err
		}
	}
	syncFolders(r, changes)
	return restore, nil
}

// placeFiles puts every change in place: the deletions first, in order
// (so that a folder a deletion empties can make way for a file), then the
// renames of the temporary files, in parallel (each rename is atomic on
// its own, and they are independent). If one fails, the files already
// placed are put back and the error returned; on success the returned
// function puts them back. First every folder opened so far is checked
// to be still where its path leads (see wtfs.Root.Recheck).
func placeFiles(r *repo.Repo, root *wtfs.Root, changes []*change, temps []string) (restore func(), err error) {
	if err := root.Recheck(); err != nil {
		removeTemps(root, temps)
		return nil, spec.IOError("write files", err)
	}
	placed := make([]bool, len(changes))
	errs := make([]error, len(changes))
	restore = func() {
		for i := len(changes) - 1; i >= 0; i-- {
			if placed[i] {
				_ = writeState(r, root, changes[i].before)
			}
		}
	}
	var failed atomic.Bool
	for i, c := range changes {
		if !c.after.Exists && !failed.Load() {
			errs[i] = commitState(r, root, c.after, "")
			placed[i] = errs[i] == nil
			failed.Store(errs[i] != nil)
		}
	}
	pauseForTest(context.Background(), "place files") // the deletions done, no rename yet: a kill test's half-placed batch
	order := acrossFolders(changes)
	parallel(len(changes), func(k int) {
		i := order[k]
		if c := changes[i]; c.after.Exists && !failed.Load() {
			errs[i] = commitState(r, root, c.after, temps[i])
			if placed[i] = errs[i] == nil; !placed[i] {
				failed.Store(true)
			}
		}
	})
	for i, err := range errs {
		if err != nil {
			restore()
			removeTemps(root, unplaced(temps, placed))
			return nil, spec.IOError("write "+changes[i].after.Rel, err)
		}
	}
	return restore, nil
}

// renameFile renames a temporary file over its target, both slash paths
// below root (a variable so that tests can make one rename fail).
var renameFile = func(root *wtfs.Root, temp, target string) error { return root.Rename(temp, target) }

// unplaced lists the temporary files of the changes not placed.
func unplaced(temps []string, placed []bool) []string {
	var out []string
	for i, t := range temps {
		if !placed[i] && t != "" {
			out = append(out, t)
		}
	}
	return out
}

// syncWorkTree makes what was written to the working tree (and the
// objects, when the git directory is on another file system) durable with
// syncfs; it reports false where that is not available.
func syncWorkTree(r *repo.Repo) bool {
	if !repo.HaveSyncFS {
		return false
	}
	if !repo.SameFS(r.WorkTree(), r.CommonDir()) && repo.SyncFileSystem(r.CommonDir()) != nil {
		return false
	}
	return repo.SyncFileSystem(r.WorkTree()) == nil
}

// prepareTemps writes the new content of every change that keeps a file
// into a fsynced temporary file beside it, in parallel; temps[i] is ""
// for a deletion. On failure no temporary file is left.
func prepareTemps(r *repo.Repo, root *wtfs.Root, changes []*change) ([]string, error) {
	temps := make([]string, len(changes))
	errs := make([]error, len(changes))
	order := acrossFolders(changes)
	removed := removedFiles(changes)
	parallel(len(changes), func(k int) {
		i := order[k]
		if st := changes[i].after; st.Exists {
			temps[i], errs[i] = writeTempOf(r, root, st, tempDir(st.Rel, removed))
		}
	})
	for i, err := range errs {
		if err != nil {
			removeTemps(root, temps)
			return nil, spec.IOError("write "+changes[i].after.Rel, err)
		}
	}
	if repo.HaveSyncFS && r.Flushes(durability.Index) && !syncWorkTree(r) {
		removeTemps(root, temps)
		return nil, spec.IOError("sync the working tree", errSyncFailed)
	}
	return temps, nil
}

// errSyncFailed is the cause reported when syncfs fails.
var errSyncFailed = errors.New("syncfs failed")

// acrossFolders orders the changes' positions so that consecutive ones are
// in different folders (the first file of each folder, then the second of
// each, …): creating or renaming a file locks its folder, and workers
// taking neighbouring paths of one folder would wait on each other.
func acrossFolders(changes []*change) []int {
	rank := make([]int, len(changes)) // position of the change within its folder
	seen := map[string]int{}
	for i, c := range changes {
		dir := repo.ParentOf(c.after.Rel)
		rank[i] = seen[dir]
		seen[dir]++
	}
	order := make([]int, len(changes))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rank[order[a]] < rank[order[b]] })
	return order
}

// commitState puts st in place: renames its temporary file over the
// target, or removes the target (and its folders left empty, as git does).
func commitState(r *repo.Repo, root *wtfs.Root, st *repo.FileState, temp string) error {
	if !st.Exists {
		if err := root.Remove(st.Rel, false); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		removeEmptyParents(root, repo.ParentOf(st.Rel))
		return nil
	}
	made := ""
	if dir := repo.ParentOf(st.Rel); repo.ParentOf(temp) != dir { // see tempDir
		if err := root.MkdirAll(dir); err != nil {
			_ = root.Remove(temp, false)
			return err
		}
		made = dir
	}
	if err := renameFile(root, temp, st.Rel); err != nil {
		_ = root.Remove(temp, false)
		removeEmptyParents(root, made) // so that the file it replaced can be put back
		return err
	}
	return nil
}

// writeState makes the working tree hold st at once (used to put files
// back after a failure).
func writeState(r *repo.Repo, root *wtfs.Root, st *repo.FileState) error {
	temp := ""
	if st.Exists {
		var err error
		if temp, err = writeTempOf(r, root, st, repo.ParentOf(st.Rel)); err != nil {
			return err
		}
	}
	return commitState(r, root, st, temp)
}

// writeTempOf writes st (which exists) under a temporary name in the
// folder dir (beside its path, see tempDir): a file with its content and
// permissions, or a symbolic link.
func writeTempOf(r *repo.Repo, root *wtfs.Root, st *repo.FileState, dir string) (string, error) {
	if st.IsLink() {
		return root.SymlinkTemp(dir, tempPrefixOf(r), journal.TempSuffix, string(st.Content))
	}
	perm, keep := filePerm(st)
	return writeTemp(root, dir, tempPrefixOf(r), st.Content, perm, keep, r.TempSyncer())
}

// tempDirs lists the distinct folders the changes' temporary files go
// to (see tempDir), in the changes' order, for the journal.
func tempDirs(changes []*change) []string {
	var dirs []string
	seen := map[string]bool{}
	removed := removedFiles(changes)
	for _, c := range changes {
		if dir := tempDir(c.after.Rel, removed); !seen[dir] {
			seen[dir] = true
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// removedFiles is the set of paths the changes delete.
func removedFiles(changes []*change) map[string]bool {
	removed := map[string]bool{}
	for _, c := range changes {
		if !c.after.Exists {
			removed[c.after.Rel] = true
		}
	}
	return removed
}

// tempDir is the folder a temporary file of rel is written in: rel's own
// folder, or, when a file the batch deletes stands where one of rel's
// folders is to be (a file replaced by a folder of the same name, which
// an undo of a session can do), the folder above that file: rel's
// folder can only be made once the file is gone (commitState makes it).
func tempDir(rel string, removed map[string]bool) string {
	dir := repo.ParentOf(rel)
	for d := dir; d != "" && len(removed) > 0; d = repo.ParentOf(d) {
		if removed[d] {
			dir = repo.ParentOf(d)
		}
	}
	return dir
}

// filePerm returns the permission bits to write st with: the file's own
// bits (keep) when its git mode is unchanged, else what git creates a
// working-tree file with, 0666 or (executable) 0777, which the umask
// then narrows (keep false).
func filePerm(st *repo.FileState) (perm os.FileMode, keep bool) {
	if st.Perm != 0 && repo.PermOf(st.Perm) == st.Mode {
		return st.Perm, true
	}
	if st.Mode&0o100 != 0 {
		return 0o777, false
	}
	return 0o666, false
}

// writeTemp writes content into a new temporary file in the folder dir
// (created as needed), named prefix, digits, journal.TempSuffix, synced by sync
// when it is set, and returns its slash path. With keep the file gets
// exactly perm; without, it is created with perm and the process's umask
// applies, as to every file git creates in the working tree.
func writeTemp(root *wtfs.Root, dir, prefix string, content []byte, perm os.FileMode, keep bool, sync func(*os.File) error) (string, error) {
	create := perm
	if keep {
		create = 0o600
	}
	f, temp, err := root.CreateTemp(dir, prefix, journal.TempSuffix, create)
	if err != nil {
		return "", err
	}
	if !keep {
		perm = 0 // the umask decided
	}
	if err := fillTemp(f, content, perm, sync); err != nil {
		_ = root.Remove(temp, false)
		return "", err
	}
	return temp, nil
}

// removeTemps removes the named temporary files ("" entries are skipped).
func removeTemps(root *wtfs.Root, temps []string) {
	for _, t := range temps {
		if t != "" {
			_ = root.Remove(t, false)
		}
	}
}

// folders lists the distinct folders of the changed files, sorted.
func folders(r *repo.Repo, changes []*change) []string {
	seen := map[string]bool{}
	var dirs []string
	for _, c := range changes {
		if d := filepath.Dir(r.Abs(c.after.Rel)); !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	sort.Strings(dirs)
	return dirs
}

// syncFolders makes the renames (under core.fsync's index component) and
// the loose objects written meanwhile (loose-object component) durable:
// one syncfs, else an fsync of each folder a change renamed into (the
// objects then synced themselves, see objectSyncer). By git's default
// neither is synced.
func syncFolders(r *repo.Repo, changes []*change) {
	if !r.Flushes(durability.Index) && !r.Flushes(durability.LooseObject) {
		return
	}
	if syncWorkTree(r) || !r.Flushes(durability.Index) {
		return
	}
	for _, dir := range folders(r, changes) {
		_ = repo.FsyncFolder(dir)
	}
}

// fillTemp writes, chmods (unless perm is 0), syncs (when sync is set)
// and closes the temporary file.
func fillTemp(f *os.File, content []byte, perm os.FileMode, sync func(*os.File) error) error {
	_, err := f.Write(content)
	if err == nil && perm != 0 {
		err = f.Chmod(perm)
	}
	if err == nil && sync != nil {
		err = sync(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// removeEmptyParents removes the folder dir (a slash path) and its
// parents while they are empty, stopping at the top of the working tree.
func removeEmptyParents(root *wtfs.Root, dir string) {
	for ; dir != ""; dir = repo.ParentOf(dir) {
		if root.Remove(dir, true) != nil {
			return
		}
	}
}
