package gitedit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/durability"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// txn is one atomic batch being prepared while the repository lock is
// held. Steps read paths and plan their new content; nothing touches the
// disk until the batch function returns without error.
type txn struct {
	r   *Repo
	idx *index.Index
	// orig holds each path's state when the batch first read it, cur its
	// planned state; order is the order in which paths were first touched.
	orig, cur map[string]*repo.FileState
	order     []string
	// allowBinary lets read return files that contain NUL bytes (patches).
	allowBinary bool
}

// newTxn starts a transaction over idx.
func newTxn(r *Repo, idx *index.Index) *txn {
	return &txn{r: r, idx: idx, orig: map[string]*repo.FileState{}, cur: map[string]*repo.FileState{}}
}

// read resolves p (as resolvePath does) and returns its current state in
// this batch. A directory is is_directory; a file with a NUL byte in its
// first 8000 bytes is binary_file; a conflicted path is conflict.
func (t *txn) read(p string) (*repo.FileState, error) {
	rel, _, err := t.r.core.ResolvePath(p)
	if err == nil {
		err = repo.CheckFileName(p)
	}
	if err != nil {
		return nil, err
	}
	return t.readRel(rel)
}

// readAny is read that also returns a binary file (for a deletion or a
// move, which do not look at the content).
func (t *txn) readAny(p string) (*repo.FileState, error) {
	rel, _, err := t.r.core.ResolvePath(p)
	if err != nil {
		return nil, err
	}
	return t.readAnyRel(rel)
}

// readAnyRel is readAny for an already repository-relative slash path.
func (t *txn) readAnyRel(rel string) (*repo.FileState, error) {
	prev := t.allowBinary
	t.allowBinary = true
	defer func() { t.allowBinary = prev }()
	return t.readRel(rel)
}

// readRel is read for an already repository-relative slash path.
func (t *txn) readRel(rel string) (*repo.FileState, error) {
	if st, ok := t.cur[rel]; ok {
		return st.Clone(), nil
	}
	if err := t.checkReadable(rel); err != nil {
		return nil, err
	}
	st, err := t.r.core.ReadWorktree(rel)
	if err != nil {
		return nil, err
	}
	if !t.allowBinary && st.Exists && repo.IsBinary(st.Content) {
		return nil, &Error{Code: CodeBinaryFile, FilePath: rel, Message: "the file is binary (it contains a NUL byte); gitedit edits text files only"}
	}
	t.orig[rel], t.cur[rel] = st, st.Clone()
	t.order = append(t.order, rel)
	return st.Clone(), nil
}

// checkReadable refuses a path inside a submodule (outside_repo), one
// with merge conflicts (conflict) and one outside the sparse checkout
// (unsupported).
func (t *txn) checkReadable(rel string) error {
	if g := t.idx.GitlinkFor(rel); g != nil {
		return &Error{Code: CodeOutsideRepo, FilePath: rel, Message: fmt.Sprintf("%s is in submodule '%s' (git tracks nothing inside a submodule in this repository)", engine.QuotePath(rel), g.Name)}
	}
	if t.idx.Conflicted(rel) {
		return &Error{Code: CodeConflict, FilePath: rel, Message: "the path has unresolved merge conflicts; resolve them first"}
	}
	if e := t.idx.Entry(rel); (e != nil && e.SkipWorktree) || t.idx.SparseDirFor(rel) != nil {
		return &Error{Code: CodeUnsupported, FilePath: rel, Message: "the path is outside the sparse checkout (skip-worktree); add it to the sparse-checkout patterns first"}
	}
	return nil
}

// write plans content as the new content of rel with mode (0 keeps the
// current mode, or 0644 for a new file). rel must have been read first.
func (t *txn) write(rel string, content []byte, mode os.FileMode) {
	st := t.mustCur(rel)
	if mode == 0 {
		mode = st.Mode
	}
	if mode == 0 {
		mode = 0o644
	}
	t.cur[rel] = &repo.FileState{Rel: rel, Exists: true, Content: content, Mode: mode, Perm: st.Perm}
}

// remove plans the deletion of rel. rel must have been read first.
func (t *txn) remove(rel string) {
	t.mustCur(rel)
	t.cur[rel] = &repo.FileState{Rel: rel}
}

// mustCur returns the planned state of rel; planning a path that was never
// read is a programming error.
func (t *txn) mustCur(rel string) *repo.FileState {
	st, ok := t.cur[rel]
	if !ok {
		panic("gitedit: txn.write/remove of a path not read first: " + rel)
	}
	return st
}

// lockIndex takes index.lock, waiting up to the option's timeout.
func (r *Repo) lockIndex(ctx context.Context, opt Options) (*lockfile.File, error) {
	lock, err := lockfile.Acquire(ctx, r.indexPath(), opt.LockWait())
	if err != nil && ctx.Err() != nil {
		return nil, interrupted(ctx)
	}
	if errors.Is(err, lockfile.ErrLocked) {
		return nil, &Error{Code: CodeLocked, Message: err.Error() + " (another git or gitedit process is working here; if none is, remove the lock file)", Err: err}
	}
	if err != nil {
		return nil, spec.IOError("lock index", err)
	}
	lock.SetSync(r.core.SyncerFor(durability.Index), r.core.Flushes(durability.Index))
	return lock, nil
}

// indexPath returns the path of this worktree's index file.
func (r *Repo) indexPath() string {
	if r.core.IndexFile() != "" {
		return r.core.IndexFile()
	}
	return filepath.Join(r.core.GitDir(), "index")
}

// rereadIndex returns prev when the index file still holds the bytes it
// was parsed from (a check of size and checksum), else parses the file.
// prev (which may be nil) must not have been modified.
func (r *Repo) rereadIndex(prev *index.Index) (*index.Index, error) {
	if prev != nil && prev.Unchanged(r.indexPath()) {
		return prev, nil
	}
	return r.readIndex()
}

// readIndex parses the index file.
func (r *Repo) readIndex() (*index.Index, error) {
	idx, err := index.Read(r.indexPath())
	if err != nil {
		return nil, spec.IOError("read index", err)
	}
	return idx, nil
}
