package batch

import (
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gitedit/gitedit/gitedit/internal/durability"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/sharedperm"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// writeFiles makes the working tree hold the new side of every change, in
// two phases. First the folders that will hold temporary files are noted
// in a journal (see removeStaleTemps), each new content is written to a
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
// caller marks the journal done (tempJournal.forget) when the batch is over. If a
// rename fails, the files already replaced are put back; on success the
// returned function puts them back (used when the ref cannot move).
//
// settle (which may be nil) runs after the renames and before they are
// made durable: the batch waits there for its objects, written meanwhile,
// so that the same syncfs covers them. If it fails, the files are put
// back and its error returned.
func writeFiles(r *repo.Repo, root *wtfs.Root, j *tempJournal, changes []*Change, settle func() error) (restore func(), err error) {
	prev, err := j.open()
	if err == nil {
		removeStaleTemps(root, prev, tempPrefixOf(r))
		err = j.note(changes, prev)
	}
	if err != nil {
		return nil, spec.IOError("write "+j.path, err)
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
func placeFiles(r *repo.Repo, root *wtfs.Root, changes []*Change, temps []string) (restore func(), err error) {
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

// RenameFile renames a temporary file over its target, both slash paths
// below root (a variable so that tests can make one rename fail).
var RenameFile = func(root *wtfs.Root, temp, target string) error { return root.Rename(temp, target) }

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
func prepareTemps(r *repo.Repo, root *wtfs.Root, changes []*Change) ([]string, error) {
	temps := make([]string, len(changes))
	errs := make([]error, len(changes))
	order := acrossFolders(changes)
	parallel(len(changes), func(k int) {
		i := order[k]
		if st := changes[i].after; st.Exists {
			temps[i], errs[i] = writeTempOf(r, root, st)
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
func acrossFolders(changes []*Change) []int {
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

// parallel calls f(0..n-1) on up to GOMAXPROCS×4 goroutines (file writes
// wait on the disk more than on the processor). A batch of smallBatch
// calls or fewer runs on the caller's goroutine: handing them to others
// costs thread wake-ups, which on a busy machine take longer than the
// work, and two files of one folder would wait on each other's folder
// lock anyway.
func parallel(n int, f func(i int)) {
	if n <= smallBatch {
		for i := range n {
			f(i)
		}
		return
	}
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
func commitState(r *repo.Repo, root *wtfs.Root, st *repo.FileState, temp string) error {
	if !st.Exists {
		if err := root.Remove(st.Rel, false); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		removeEmptyParents(root, repo.ParentOf(st.Rel))
		return nil
	}
	if err := RenameFile(root, temp, st.Rel); err != nil {
		_ = root.Remove(temp, false)
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
		if temp, err = writeTempOf(r, root, st); err != nil {
			return err
		}
	}
	return commitState(r, root, st, temp)
}

// writeTempOf writes st (which exists) under a temporary name beside its
// path: a file with its content and permissions, or a symbolic link.
func writeTempOf(r *repo.Repo, root *wtfs.Root, st *repo.FileState) (string, error) {
	if st.IsLink() {
		return root.SymlinkTemp(repo.ParentOf(st.Rel), tempPrefixOf(r), tempSuffix, string(st.Content))
	}
	perm, keep := filePerm(st)
	return writeTemp(root, st.Rel, tempPrefixOf(r), st.Content, perm, keep, r.TempSyncer())
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

// writeTemp writes content into a new temporary file in the folder of rel
// (created as needed), named prefix, digits, tempSuffix, synced by sync
// when it is set, and returns its slash path. With keep the file gets
// exactly perm; without, it is created with perm and the process's umask
// applies, as to every file git creates in the working tree.
func writeTemp(root *wtfs.Root, rel, prefix string, content []byte, perm os.FileMode, keep bool, sync func(*os.File) error) (string, error) {
	create := perm
	if keep {
		create = 0o600
	}
	f, temp, err := root.CreateTemp(repo.ParentOf(rel), prefix, tempSuffix, create)
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

// tempPrefix and tempSuffix frame the decimal digits of the temporary
// files' names (".gitedit-123.tmp"; see tempPrefixOf for another index's).
const (
	tempPrefix = ".gitedit-"
	tempSuffix = ".tmp"
)

// indexTag names the index a batch writes in its journal's and temporary
// files' names: "" for the repository's own index, else 12 hex digits of
// the SHA-1 of the index's path (GIT_INDEX_FILE).
func indexTag(r *repo.Repo) string {
	ix := filepath.Clean(r.IndexFile())
	if ix == filepath.Join(r.GitDir(), "index") {
		return ""
	}
	sum := sha1.Sum([]byte(ix))
	return hex.EncodeToString(sum[:6])
}

// tempJournalPath is the journal of the folders where a batch in
// progress may hold temporary files: $GIT_DIR/gitedit/temp-folders for
// the repository's own index, temp-folders-<its indexTag> for another
// (GIT_INDEX_FILE). A journal is read and written only under its index's
// lock, and names the files of its own index's writers only (see
// tempPrefixOf), so a writer of another index, which holds another lock,
// never takes a live writer's temporary files for a dead one's.
func tempJournalPath(r *repo.Repo) string {
	name := "temp-folders"
	if tag := indexTag(r); tag != "" {
		name += "-" + tag
	}
	return filepath.Join(r.GitDir(), "gitedit", name)
}

// tempPrefixOf is the prefix of the temporary files of r's index's
// writers: tempPrefix, then another index's tag and "-"
// (".gitedit-0123456789ab-123.tmp"). A writer cleaning what a killed one
// of its index left in a folder (removeStaleTempsIn) then leaves alone
// the files a live writer of another index has there.
func tempPrefixOf(r *repo.Repo) string {
	if tag := indexTag(r); tag != "" {
		return tempPrefix + tag + "-"
	}
	return tempPrefix
}

// The journal ($GIT_DIR/gitedit/temp-folders) is journalHeader, a state
// byte (journalPending while a batch may hold temporary files, journalDone
// once it holds none), a newline, then the folders, each ended by a NUL.
// A batch marks it done by rewriting the state byte: the file keeps its
// size and, when the next batch touches the same folders, its content but
// that byte. Truncating it instead (as before) costs, on ext4, a flush of
// the data just written (auto_da_alloc) and a wait for it: up to a
// millisecond on a slow disk. A journal without the header is the older
// format (folders only; empty when done), still read.
const (
	journalHeader  = "gitedit-temps "
	journalPending = 'A'
	journalDone    = 'D'
	journalState   = len(journalHeader) // offset of the state byte
)

// journalText is the journal in state for the folders dirs (each ended by
// a NUL).
func journalText(state byte, dirs string) string {
	return journalHeader + string(state) + "\n" + dirs
}

// pendingDirs returns the folders a journal's content names as possibly
// holding temporary files: none when it is done or empty.
func pendingDirs(data []byte) []string {
	text := string(data)
	if rest, ok := strings.CutPrefix(text, journalHeader); ok {
		if len(rest) < 2 || rest[0] != journalPending {
			return nil
		}
		text = rest[2:]
	}
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\x00"), "\x00")
}

// tempJournal is a batch's journal file, opened once (see open) and
// closed by forget.
type tempJournal struct {
	path string
	// shared gives the journal, and the folder made for it, the
	// permissions of core.sharedRepository, as git gives the files it
	// creates in the repository (another member of the group must be able
	// to open the journal for writing, or all its batches fail).
	shared sharedperm.Mode
	f      *os.File
}

// open opens the journal for reading and writing, creating it (and its
// folder, only when missing) as needed, and returns its content. It is
// opened without the network poller (see wtfs.OpenFile), never with
// O_TRUNC (see the journal's format above), and never through a symbolic
// link: a journal that is a link (to a file outside the repository, say)
// makes the batch fail before any file is written, instead of naming
// folders to clean, then overwriting and cutting the link's target. It
// must be called with index.lock held: every gitedit writer holds that
// lock while its journal and temporary files exist.
func (j *tempJournal) open() ([]byte, error) {
	f, err := wtfs.OpenFile(j.path, os.O_RDWR|wtfs.NoFollow, 0)
	if errors.Is(err, fs.ErrNotExist) {
		f, err = j.create()
	}
	if err != nil {
		return nil, err
	}
	j.f = f
	return readAt(f)
}

// create creates the missing journal, and its folder when missing too,
// with the permissions of j.shared (git's adjust_shared_perm on what it
// creates).
func (j *tempJournal) create() (*os.File, error) {
	if err := j.shared.MkdirAll(filepath.Dir(j.path)); err != nil {
		return nil, err
	}
	flags := os.O_RDWR | os.O_CREATE | os.O_EXCL | wtfs.NoFollow
	f, err := wtfs.OpenFile(j.path, flags, 0o666)
	if err != nil {
		return nil, err
	}
	if err := j.shared.Adjust(j.path); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readAt reads the whole of f from its start.
func readAt(f *os.File) ([]byte, error) {
	buf := make([]byte, 512)
	n := 0
	for {
		m, err := f.ReadAt(buf[n:], int64(n))
		n += m
		switch {
		case err == io.EOF:
			return buf[:n], nil
		case err != nil:
			return nil, err
		case n == len(buf):
			buf = append(buf, make([]byte, len(buf))...)
		}
	}
}

// removeStaleTemps removes the temporary files a killed gitedit left
// behind, from the folders its journal (content data) names while
// pending: with index.lock held, any found now belong to a process that
// died. A journal costs no listing of the folders a batch touches (a
// tenth of a second for 1,000 files in folders of 1,000); a done or empty
// journal names nothing. Only the files named with prefix (see
// tempPrefixOf) are the journal's writers'.
func removeStaleTemps(root *wtfs.Root, data []byte, prefix string) {
	for _, dir := range pendingDirs(data) {
		if isJournalDir(dir) {
			removeStaleTempsIn(root, dir, prefix)
		}
	}
}

// note writes the journal of the folders the changes' temporary files go
// to, pending, before any is created; prev is its content as read (see
// open). When prev names the same folders, only the state byte is
// rewritten; a longer prev is cut. It is not fsynced: the syncfs that
// makes the temporary files durable covers it (same file system), and
// losing it after a power cut costs at worst a stray temporary file.
func (j *tempJournal) note(changes []*Change, prev []byte) error {
	var b strings.Builder
	seen := map[string]bool{}
	for _, c := range changes {
		if dir := repo.ParentOf(c.after.Rel); !seen[dir] {
			seen[dir] = true
			b.WriteString(dir)
			b.WriteByte(0)
		}
	}
	text := journalText(journalPending, b.String())
	if string(prev) == journalText(journalDone, b.String()) {
		_, err := j.f.WriteAt([]byte{journalPending}, int64(journalState))
		return err
	}
	_, err := j.f.WriteAt([]byte(text), 0)
	if err == nil && len(prev) > len(text) {
		err = j.f.Truncate(int64(len(text)))
	}
	return err
}

// isJournalDir reports whether a journal line is a folder below the
// working tree ("" is its top): relative, without "..".
func isJournalDir(dir string) bool {
	return !strings.HasPrefix(dir, "/") && !slices.Contains(strings.Split(dir, "/"), "..")
}

// forget marks the journal done once no temporary file is left, by
// rewriting its state byte, and closes it (nothing when it was not
// opened). A journal this batch did not mark pending (an older format's)
// is left as it is: its folders are a dead writer's, which the next batch
// cleans.
func (j *tempJournal) forget() {
	if j.f == nil {
		return
	}
	defer j.f.Close()
	head := make([]byte, journalState+1)
	if n, _ := j.f.ReadAt(head, 0); n == len(head) && string(head) == journalHeader+string(rune(journalPending)) {
		_, _ = j.f.WriteAt([]byte{journalDone}, int64(journalState))
	}
}

// removeStaleTempsIn removes the stale temporary files named with prefix
// of the folder dir.
func removeStaleTempsIn(root *wtfs.Root, dir, prefix string) {
	names, plain, err := root.List(dir)
	if err != nil {
		return
	}
	for i, name := range names {
		if plain[i] && isTempName(name, prefix) { // a file or a link (writeTempOf)
			_ = root.Remove(path.Join(dir, name), false)
		}
	}
}

// isTempName reports whether name is a temporary file's: prefix (see
// tempPrefixOf), decimal digits, ".tmp".
func isTempName(name, prefix string) bool {
	digits, ok := strings.CutPrefix(name, prefix)
	digits, ok2 := strings.CutSuffix(digits, ".tmp")
	if !ok || !ok2 || digits == "" {
		return false
	}
	return strings.Trim(digits, "0123456789") == ""
}

// folders lists the distinct folders of the changed files, sorted.
func folders(r *repo.Repo, changes []*Change) []string {
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
func syncFolders(r *repo.Repo, changes []*Change) {
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
