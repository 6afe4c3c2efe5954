package gitedit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
)

// batchWriter carries a prepared batch through the write phase.
type batchWriter struct {
	r       *Repo
	opt     Options
	idx     *index.Index
	meta    *commitMeta
	changes []*change
	out     *batchOutcome
	head    refs.Head
	// dirty are the changes whose file already differed from HEAD, for
	// dirty=commit-first.
	dirty []*change
}

// apply writes the prepared batch: objects first (harmless if anything
// later fails), then the working-tree files, then the ref (restoring the
// files if the ref cannot move), then the index, as git commit does.
func (w *batchWriter) apply(ctx context.Context, lock *lockfile.File) error {
	var updates []refs.Update
	if !w.opt.NoStage {
		if err := w.writeBlobs(); err != nil {
			return err
		}
	}
	if w.opt.Commit {
		var err error
		if updates, err = w.buildCommits(); err != nil {
			return err
		}
	}
	restore, err := w.r.writeFiles(w.changes)
	if err != nil {
		return err
	}
	if err := w.moveRef(ctx, updates); err != nil {
		restore()
		return err
	}
	if w.opt.NoStage {
		return nil
	}
	return w.stage(lock)
}

// writeBlobs stores the new content of every change.
func (w *batchWriter) writeBlobs() error {
	for _, c := range w.changes {
		if !c.after.Exists {
			continue
		}
		if _, err := objects.WriteBlob(w.r.objects, c.gitAfter); err != nil {
			return ioError("write blob for "+c.after.Rel, err)
		}
	}
	return nil
}

// checkDirty applies the dirty policy: a touched file whose working-tree
// or index content differs from HEAD is refused, included, or (commit-first)
// remembered for a commit of its own before the batch's.
func (w *batchWriter) checkDirty() error {
	head, err := w.r.refs.ReadHead()
	if err != nil {
		return ioError("read HEAD", err)
	}
	w.head = head
	tree, err := w.r.commitTree(head.Commit)
	if err != nil {
		return err
	}
	lookup := w.r.newTreeLookup(tree)
	for _, c := range w.changes {
		if !w.clean(lookup, c) {
			w.dirty = append(w.dirty, c)
		}
	}
	return w.dirtyVerdict()
}

// dirtyVerdict refuses a dirty batch under the refuse policy.
func (w *batchWriter) dirtyVerdict() error {
	if len(w.dirty) == 0 {
		return nil
	}
	switch w.opt.Dirty {
	case DirtyInclude, DirtyCommitFirst:
		return nil
	case DirtyRefuse, "":
		paths := touchedPaths(w.dirty)
		return &Error{Code: CodeDirty, FilePath: paths[0], Message: fmt.Sprintf(
			"%s already differ(s) from HEAD (uncommitted or untracked changes); commit them first, or pass --dirty include (commit them with the batch) or --dirty commit-first",
			strings.Join(paths, ", "))}
	}
	return errorf(CodeInvalidInput, "unknown dirty policy %q (expected refuse, include or commit-first)", w.opt.Dirty)
}

// clean reports whether c's file is, in the working tree and in the index,
// exactly as in HEAD's tree.
func (w *batchWriter) clean(head *treeLookup, c *change) bool {
	headHash, headMode, inHead := head.file(c.before.Rel)
	if c.before.Exists != inHead || (inHead && (c.blobBefore != headHash || modeOf(c.before.Mode) != headMode)) {
		return false
	}
	e := w.idx.Entry(c.before.Rel)
	if e == nil {
		return !inHead
	}
	return inHead && e.Hash == headHash && filemode.FileMode(e.Mode) == headMode
}

// treeEntry looks rel up in tree.
func treeEntry(tree *object.Tree, rel string) (plumbing.Hash, filemode.FileMode, bool) {
	if tree == nil {
		return plumbing.ZeroHash, 0, false
	}
	e, err := tree.FindEntry(rel)
	if err != nil || !e.Mode.IsFile() {
		return plumbing.ZeroHash, 0, false
	}
	return e.Hash, e.Mode, true
}

// commitTree returns the tree of commit h, or nil for the zero hash.
func (r *Repo) commitTree(h plumbing.Hash) (*object.Tree, error) {
	if h.IsZero() {
		return nil, nil
	}
	c, err := object.GetCommit(r.objects, h)
	if err != nil {
		return nil, ioError("read commit "+h.String(), err)
	}
	t, err := c.Tree()
	if err != nil {
		return nil, ioError("read tree of "+h.String(), err)
	}
	return t, nil
}

// modeOf maps permission bits to the git file mode.
func modeOf(perm os.FileMode) filemode.FileMode {
	if perm&0o100 != 0 {
		return filemode.Executable
	}
	return filemode.Regular
}

// buildCommits writes the batch's commit (preceded, under commit-first, by
// a commit of the files' existing changes) and returns the ref updates
// that publish them, oldest first.
func (w *batchWriter) buildCommits() ([]refs.Update, error) {
	now := time.Now()
	author, err := signature("author", w.opt.Author, os.Getenv, w.r.config.get, now)
	if err != nil {
		return nil, err
	}
	committer, err := signature("committer", "", os.Getenv, w.r.config.get, now)
	if err != nil {
		return nil, err
	}
	parent, base := w.head.Commit, w.baseTree()
	var updates []refs.Update
	if len(w.dirty) > 0 && w.opt.Dirty == DirtyCommitFirst {
		u, tree, err := w.commitExisting(parent, base, author, committer)
		if err != nil {
			return nil, err
		}
		updates, parent, base = append(updates, u), u.New, tree
	}
	msg := w.meta.message(w.out.Files, w.opt.Session, w.opt.Agent)
	u, _, err := w.writeCommit(parent, base, treeChanges(w.changes, false), author, committer, msg)
	if err != nil {
		return nil, err
	}
	return append(updates, u), nil
}

// baseTree is the id of HEAD's tree (zero on an unborn branch).
func (w *batchWriter) baseTree() plumbing.Hash {
	if w.head.Commit.IsZero() {
		return plumbing.ZeroHash
	}
	c, err := object.GetCommit(w.r.objects, w.head.Commit)
	if err != nil {
		return plumbing.ZeroHash
	}
	return c.TreeHash
}

// commitExisting commits the dirty files' current content (for
// dirty=commit-first), writing the blobs it needs.
func (w *batchWriter) commitExisting(parent, base plumbing.Hash, author, committer string) (refs.Update, plumbing.Hash, error) {
	for _, c := range w.dirty {
		if !c.before.Exists {
			continue
		}
		content, err := w.r.toGit(c.before.Rel, c.before.Content)
		if err != nil {
			return refs.Update{}, plumbing.ZeroHash, err
		}
		if _, err := objects.WriteBlob(w.r.objects, content); err != nil {
			return refs.Update{}, plumbing.ZeroHash, ioError("write blob", err)
		}
	}
	paths := touchedPaths(w.dirty)
	msg := fmt.Sprintf("Commit existing changes to %s\n\nCommitted by gitedit (--dirty commit-first) before the edit batch, so that\nundoing the batch takes back only the batch.\n", strings.Join(paths, ", "))
	return w.writeCommit(parent, base, treeChanges(w.dirty, true), author, committer, msg)
}

// writeCommit writes the tree base+changes and a commit of it on parent,
// and returns the ref update that publishes it and the new tree.
func (w *batchWriter) writeCommit(parent, base plumbing.Hash, changes []objects.TreeChange, author, committer, msg string) (refs.Update, plumbing.Hash, error) {
	tree, err := objects.UpdateTree(w.r.objects, base, changes)
	if err != nil {
		return refs.Update{}, plumbing.ZeroHash, ioError("write tree", err)
	}
	c := objects.Commit{Tree: tree, Author: author, Committer: committer, Message: msg}
	kind := "commit (initial): "
	if !parent.IsZero() {
		c.Parents, kind = []plumbing.Hash{parent}, "commit: "
	}
	id, err := objects.WriteCommit(w.r.objects, c)
	if err != nil {
		return refs.Update{}, plumbing.ZeroHash, ioError("write commit", err)
	}
	ref := w.head.Ref
	if ref == "" {
		ref = "HEAD"
	}
	subject, _, _ := strings.Cut(msg, "\n")
	return refs.Update{Ref: ref, Old: parent, New: id, Ident: committer, Message: kind + subject}, tree, nil
}

// treeChanges maps changes to tree updates: their new side, or with
// before set their current (pre-batch) side.
func treeChanges(changes []*change, before bool) []objects.TreeChange {
	var out []objects.TreeChange
	for _, c := range changes {
		st, h := c.after, c.blobAfter
		if before {
			st, h = c.before, c.blobBefore
		}
		if !st.Exists {
			out = append(out, objects.TreeChange{Path: st.Rel, Delete: true})
			continue
		}
		out = append(out, objects.TreeChange{Path: st.Rel, Hash: h, Mode: modeOf(st.Mode)})
	}
	return out
}

// moveRef applies the ref updates in order and records the commits.
func (w *batchWriter) moveRef(ctx context.Context, updates []refs.Update) error {
	timeout := w.opt.LockTimeout
	if timeout <= 0 {
		timeout = DefaultLockTimeout
	}
	for _, u := range updates {
		err := w.r.refs.Apply(ctx, u, timeout)
		switch {
		case errors.Is(err, refs.ErrStale):
			return &Error{Code: CodeConflict, Message: fmt.Sprintf("%s moved while the batch was prepared; nothing was committed, try again", u.Ref), Err: err}
		case errors.Is(err, lockfile.ErrLocked):
			return &Error{Code: CodeLocked, Message: err.Error(), Err: err}
		case err != nil:
			return ioError("update "+u.Ref, err)
		}
		w.out.Commits = append(w.out.Commits, u.New.String())
	}
	return nil
}

// stage updates the index entries of the touched paths, with the stat data
// of the files just written, and commits index.lock.
func (w *batchWriter) stage(lock *lockfile.File) error {
	for _, c := range w.changes {
		if err := w.stageOne(c); err != nil {
			return err
		}
	}
	data, err := w.idx.Encode()
	if err != nil {
		return ioError("encode index", err)
	}
	if _, err := lock.Write(data); err != nil {
		return ioError("write index", err)
	}
	if err := lock.Commit(); err != nil {
		return ioError("commit index", err)
	}
	w.out.Staged = true
	return nil
}

// stageOne updates the index entry of one change.
func (w *batchWriter) stageOne(c *change) error {
	rel := c.after.Rel
	if !c.after.Exists {
		w.idx.Remove(rel)
		return nil
	}
	fi, err := os.Lstat(w.r.abs(rel))
	if err != nil {
		return ioError("stat "+rel, err)
	}
	e := &index.Entry{Name: rel, Hash: c.blobAfter}
	e.SetStat(fi)
	if old := w.idx.Entry(rel); old != nil && !w.r.trustFileMode() {
		e.Mode = old.Mode // core.fileMode=false: the index keeps the recorded mode
	}
	w.idx.Add(e)
	return nil
}

// trustFileMode is core.fileMode (default true): whether the executable
// bit of working-tree files is meaningful.
func (r *Repo) trustFileMode() bool {
	v, ok, err := r.config.getBool("core.filemode")
	return err != nil || !ok || v
}
