package batch

import (
	"fmt"
	"io/fs"
	"os"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Txn is one atomic batch being prepared while the repository lock is
// held. Steps read paths and plan their new content; nothing touches the
// disk until the batch function returns without error.
type Txn struct {
	r *repo.Repo
	// Idx is the index as the batch read it under the lock; steps look
	// entries up in it (tracked, conflicted, sparse, gitlinks).
	Idx *index.Index
	// orig holds each path's state when the batch first read it, cur its
	// planned state; order is the order in which paths were first touched.
	orig, cur map[string]*repo.FileState
	order     []string
	// AllowBinary lets read return files that contain NUL bytes (patches).
	AllowBinary bool
	// FolderIsGone reads a folder at a file's path as no file, as git
	// sees it (a land of a file deleted, whose path a folder took since).
	FolderIsGone bool
	// movedAway are the paths removed as the source of a rename or move.
	movedAway map[string]bool
	// keepUnchanged keeps the paths read but left as they are among the
	// batch's changes (a land, see WithLand).
	keepUnchanged bool
	// obstacles stand in the way of paths the batch creates, until it
	// deletes them (see ReadEntryToCreate).
	obstacles []obstacle
}

// newTxn starts a transaction over idx.
func newTxn(r *repo.Repo, idx *index.Index) *Txn {
	return &Txn{r: r, Idx: idx, orig: map[string]*repo.FileState{}, cur: map[string]*repo.FileState{}}
}

// Repo returns the repository the batch runs in: the operation's copy
// (see repo.ForOperation), which stats each attribute file once per batch
// and reads the .gitattributes the batch writes as planned. Steps look
// paths, attributes and objects up through it.
func (t *Txn) Repo() *repo.Repo { return t.r }

// Read resolves p (as resolvePath does) and returns its current state in
// this batch. A directory is is_directory; a file with a NUL byte in its
// first 8000 bytes is binary_file; a conflicted path is conflict.
func (t *Txn) Read(p string) (*repo.FileState, error) {
	rel, _, err := t.r.ResolvePath(p)
	if err == nil {
		err = repo.CheckFileName(p)
	}
	if folded, ok := t.foldCase(rel); ok && err == nil {
		rel, _, err = t.r.ResolvePath(t.r.Abs(folded))
	}
	if err != nil {
		return nil, err
	}
	return t.ReadRel(rel)
}

// foldCase respells rel as the index spells it under core.ignorecase (see
// index.FoldCase), as git add names a new entry after the folder already
// in the index (Dir/g.txt for dir/g.txt): two spellings of one folder
// would collide on every case-insensitive checkout. It reports whether
// the spelling changed (the caller then resolves the new one).
func (t *Txn) foldCase(rel string) (string, bool) {
	if rel == "" || t.Idx == nil {
		return rel, false
	}
	if on, _, _ := t.r.ConfigBool("core.ignorecase"); !on {
		return rel, false
	}
	folded := t.Idx.FoldCase(rel)
	return folded, folded != rel
}

// readAny is read that also returns a binary file (for a deletion or a
// move, which do not look at the content).
func (t *Txn) readAny(p string) (*repo.FileState, error) {
	rel, _, err := t.r.ResolvePath(p)
	if err != nil {
		return nil, err
	}
	return t.readAnyRel(rel)
}

// readAnyRel is readAny for an already repository-relative slash path.
func (t *Txn) readAnyRel(rel string) (*repo.FileState, error) {
	prev := t.AllowBinary
	t.AllowBinary = true
	defer func() { t.AllowBinary = prev }()
	return t.ReadRel(rel)
}

// ReadRel is read for an already repository-relative slash path.
func (t *Txn) ReadRel(rel string) (*repo.FileState, error) {
	if st, ok := t.cur[rel]; ok {
		return st.Clone(), nil
	}
	if err := t.checkReadable(rel); err != nil {
		return nil, err
	}
	st, err := t.r.ReadWorktree(rel)
	if t.FolderIsGone && spec.CodeOf(err) == spec.CodeIsDirectory {
		st, err = &repo.FileState{Rel: rel}, nil
	}
	if err != nil {
		return nil, err
	}
	if !t.AllowBinary && st.Exists && repo.IsBinary(st.Content) {
		return nil, &spec.Error{Code: spec.CodeBinaryFile, FilePath: rel, Message: "the file is binary (it contains a NUL byte); gitedit edits text files only"}
	}
	t.orig[rel], t.cur[rel] = st, st.Clone()
	t.order = append(t.order, rel)
	return st.Clone(), nil
}

// checkReadable refuses a path inside a submodule (outside_repo), a
// submodule itself (unsupported: its entry is a commit, not a file), one
// with merge conflicts (conflict) and one outside the sparse checkout
// (unsupported).
func (t *Txn) checkReadable(rel string) error {
	if g := t.Idx.GitlinkFor(rel); g != nil {
		return &spec.Error{Code: spec.CodeOutsideRepo, FilePath: rel, Message: fmt.Sprintf("%s is in submodule '%s' (git tracks nothing inside a submodule in this repository)", quote.QuotePath(rel), g.Name)}
	}
	if e := t.Idx.Entry(rel); e != nil && e.Mode == index.ModeGitlink {
		return &spec.Error{Code: spec.CodeUnsupported, FilePath: rel, Message: "the path is a submodule; gitedit changes files and symbolic links only"}
	}
	if t.Idx.Conflicted(rel) {
		return &spec.Error{Code: spec.CodeConflict, FilePath: rel, Message: "the path has unresolved merge conflicts; resolve them first"}
	}
	if e := t.Idx.Entry(rel); (e != nil && e.SkipWorktree) || t.Idx.SparseDirFor(rel) != nil {
		return &spec.Error{Code: spec.CodeUnsupported, FilePath: rel, Message: "the path is outside the sparse checkout (skip-worktree); add it to the sparse-checkout patterns first"}
	}
	return nil
}

// Write plans content as the new content of rel with mode (0 keeps the
// current mode, or 0644 for a new file). rel must have been read first.
func (t *Txn) Write(rel string, content []byte, mode os.FileMode) {
	st := t.mustCur(rel)
	if mode == 0 {
		mode = st.Mode
	}
	if mode == 0 {
		mode = 0o644
	}
	t.cur[rel] = &repo.FileState{Rel: rel, Exists: true, Content: content, Mode: mode, Perm: st.Perm}
}

// Remove plans the deletion of rel. rel must have been read first.
func (t *Txn) Remove(rel string) {
	t.mustCur(rel)
	t.cur[rel] = &repo.FileState{Rel: rel}
	delete(t.movedAway, rel)
}

// MoveAway plans the removal of rel as the source of a rename or move:
// its content lives on at another path, so only changes the index does
// not hold stop it, as git apply --index and git mv refuse them (see
// checkRemovals). rel must have been read first.
func (t *Txn) MoveAway(rel string) {
	t.Remove(rel)
	if t.movedAway == nil {
		t.movedAway = map[string]bool{}
	}
	t.movedAway[rel] = true
}

// RemoveKept plans the removal of rel whose current content something
// else keeps (an undo --session deletes a file a session created, whose
// content the session's ledger holds): as for MoveAway, only changes the
// index does not hold stop it. rel must have been read first.
func (t *Txn) RemoveKept(rel string) { t.MoveAway(rel) }

// mustCur returns the planned state of rel; planning a path that was never
// read is a programming error.
func (t *Txn) mustCur(rel string) *repo.FileState {
	st, ok := t.cur[rel]
	if !ok {
		panic("gitedit: txn.write/remove of a path not read first: " + rel)
	}
	return st
}

// A symbolic link is an entry of its own to git: its blob is the link's
// target text, its mode 120000, and git rm and git mv act on the link,
// never on what it points to. A patch's deletion or move of a link (a git
// diff's, or an envelope's *** Delete File and *** Move to) does the same;
// an edit through a link still edits its target (see resolvePath).

// ModeSymlink is the repo.FileState mode of a symbolic link.
const ModeSymlink = os.ModeSymlink

// ReadEntry returns the state of the entry p names (see resolveEntry): a
// symbolic link as a link (its target text as content), anything else as
// readAny reads it (from the path resolveEntry resolved, not resolved
// again).
func (t *Txn) ReadEntry(p string) (*repo.FileState, error) {
	if err := t.r.CheckBeyondLink(p); err != nil {
		return nil, err
	}
	rel, link, err := t.r.ResolveEntry(p)
	if err == nil {
		err = repo.CheckFileName(p)
	}
	if folded, ok := t.foldCase(rel); ok && err == nil {
		rel, link, err = t.r.ResolveEntry(t.r.Abs(folded))
	}
	if err != nil {
		return nil, err
	}
	if !link {
		return t.readAnyRel(rel)
	}
	return t.readLinkRel(rel)
}

// ReadRelEntry is readRel for a repository-relative path that may be a
// symbolic link, read as the link (undo restores entries, not targets).
func (t *Txn) ReadRelEntry(rel string) (*repo.FileState, error) {
	if _, ok := t.cur[rel]; !ok {
		if fi, err := os.Lstat(t.r.Abs(rel)); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return t.readLinkRel(rel)
		}
	}
	return t.ReadRel(rel)
}

// readLinkRel reads the symbolic link rel: its target text as content.
func (t *Txn) readLinkRel(rel string) (*repo.FileState, error) {
	if st, ok := t.cur[rel]; ok {
		return st.Clone(), nil
	}
	if err := t.checkReadable(rel); err != nil {
		return nil, err
	}
	target, err := os.Readlink(t.r.Abs(rel))
	if err != nil {
		return nil, &spec.Error{Code: spec.CodeIOError, FilePath: rel, Message: fmt.Sprintf("readlink: %v", err), Err: err}
	}
	st := &repo.FileState{Rel: rel, Exists: true, Content: []byte(target), Mode: ModeSymlink}
	t.orig[rel], t.cur[rel] = st, st.Clone()
	t.order = append(t.order, rel)
	return st.Clone(), nil
}

// checkLinkPrefixes refuses a batch that would leave a symbolic link at a
// folder of another path it writes: the file would be written through the
// link (git apply refuses paths beyond a symbolic link too).
func (t *Txn) checkLinkPrefixes() error {
	if !t.plansLink() {
		return nil
	}
	for _, rel := range t.order {
		st := t.cur[rel]
		if !st.Exists {
			continue
		}
		for dir := repo.ParentOf(rel); dir != ""; dir = repo.ParentOf(dir) {
			if l, ok := t.cur[dir]; ok && l.IsLink() {
				return &spec.Error{Code: spec.CodeUnsupported, FilePath: rel, Message: fmt.Sprintf("the batch writes %s beyond the symbolic link %s", quote.QuotePath(rel), quote.QuotePath(dir))}
			}
		}
	}
	return nil
}

// plansLink reports whether the batch leaves a symbolic link anywhere.
func (t *Txn) plansLink() bool {
	for _, st := range t.cur {
		if st.IsLink() {
			return true
		}
	}
	return false
}
