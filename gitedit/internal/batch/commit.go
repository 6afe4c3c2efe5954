package batch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/durability"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
	"github.com/gitedit/gitedit/gitedit/internal/sign"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// message returns the commit message m describes for the batch's files
// (commitmsg.Meta.Message).
func message(m *commitmsg.Meta, files []spec.FileResult, session, agent string) string {
	return m.Message(messageFiles(files), session, agent)
}

// messageFiles is files as commitmsg takes them.
func messageFiles(files []spec.FileResult) []commitmsg.File {
	out := make([]commitmsg.File, len(files))
	for i, f := range files {
		out[i] = commitmsg.File{Path: f.FilePath, Created: f.Created, Deleted: f.Deleted, RenamedFrom: f.RenamedFrom,
			Replacements: f.Replacements, BlobBefore: f.BlobBefore, BlobAfter: f.BlobAfter}
	}
	return out
}

// buildCommits writes the batch's commit (preceded, under commit-first, by
// a commit of the files' existing changes) and returns the one ref update
// that publishes them: a single compare-and-swap from the commit the batch
// started from, so the branch never shows half a batch.
func (w *batchWriter) buildCommits(ctx context.Context) (*refs.Update, error) {
	plan, err := w.planCommits()
	if err != nil {
		return nil, err
	}
	if plan == nil {
		return nil, nil // HEAD already holds the batch (emptyCommit)
	}
	if w.hooks != nil {
		w.plan = plan // the commits are written once the hooks have run
		return nil, nil
	}
	return w.writeCommits(ctx, plan)
}

// commitPlan is a batch's commits with their trees written: what is left
// is their messages (which hooks may rewrite) and the commit objects.
type commitPlan struct {
	author, committer string
	// parent is the commit the batch started from (zero: unborn branch).
	parent  plumbing.Hash
	commits []plannedCommit
	// record, when set, is the message of the batch's ledger entry (a
	// land with --each: its commits carry their batches' messages).
	record string
}

// plannedCommit is one commit of a plan: the commit of the existing
// changes under commit-first, then the batch's own.
type plannedCommit struct {
	tree plumbing.Hash
	msg  string
	// author, when set, replaces the plan's author (a land with --each
	// keeps each batch's).
	author string
}

// planCommits resolves the identities and the signer, and writes the
// trees of the batch's commits.
func (w *batchWriter) planCommits() (*commitPlan, error) {
	now := time.Now()
	src, err := identitySource(w.r, os.LookupEnv)
	if err != nil {
		return nil, err
	}
	p := &commitPlan{}
	if p.author, err = signature("author", w.opt.Author, src, now); err != nil {
		return nil, err
	}
	if p.committer, err = signature("committer", "", src, now); err != nil {
		return nil, err
	}
	w.author = p.author
	if w.signer, err = commitSigner(w.r, w.opt, p.committer); err != nil {
		return nil, err
	}
	var base plumbing.Hash
	if p.parent, base, err = w.baseTree(); err != nil {
		return nil, err
	}
	if w.trees == nil {
		w.trees = objects.NewTrees(w.db)
	}
	if len(w.dirty) > 0 && w.opt.Dirty == spec.DirtyCommitFirst {
		if base, err = w.planExisting(p, base); err != nil {
			return nil, err
		}
	}
	tree, err := w.writeTree(base, treeChanges(w.changes, false))
	if w.each != nil {
		w.planEach(p, tree)
		return p, err
	}
	if err == nil && len(p.commits) == 0 && tree == base {
		return nil, w.emptyCommit()
	}
	p.commits = append(p.commits, plannedCommit{tree: tree, msg: message(w.meta, w.out.Files, w.opt.Session, w.opt.Agent)})
	return p, err
}

// emptyCommit settles a commit-mode batch whose tree is HEAD's (it
// restores HEAD's content, as an undo of changes never committed does):
// git commit makes no such commit ("nothing to commit"), and a land
// commits no file HEAD already holds, so the batch makes none either. Its
// files are written and staged, it is recorded as a staging-mode batch,
// and a note says so.
func (w *batchWriter) emptyCommit() error {
	w.noCommit = true
	w.out.Notes = append(w.out.Notes, "no commit was made: HEAD already holds what the batch leaves (as git commit, with nothing to commit, makes none); the files are written and staged")
	return nil
}

// writeCommits writes the plan's commits, each on the previous one, and
// returns the ref update that publishes them.
func (w *batchWriter) writeCommits(ctx context.Context, p *commitPlan) (*refs.Update, error) {
	parent := p.parent
	var ids []plumbing.Hash
	for _, c := range p.commits {
		author := p.author
		if c.author != "" {
			author = c.author
		}
		id, err := w.commitObject(ctx, parent, c.tree, author, p.committer, c.msg)
		if err != nil {
			return nil, err
		}
		ids, parent = append(ids, id), id
	}
	w.out.Commits, w.written = hashStrings(ids), p
	return w.refUpdate(parent, p.committer, p.commits[len(p.commits)-1].msg), nil
}

// refUpdate describes the move of HEAD's branch (or of a detached HEAD)
// from the commit the batch started from to id.
func (w *batchWriter) refUpdate(id plumbing.Hash, committer, msg string) *refs.Update {
	ref := w.head.Ref
	if ref == "" {
		ref = "HEAD"
	}
	kind := "commit: "
	if w.head.Commit.IsZero() {
		kind = "commit (initial): "
	}
	subject, _, _ := strings.Cut(msg, "\n")
	// OnHead: a hook that switched or detached HEAD since it was read
	// refuses the batch, as git commit refuses it.
	return &refs.Update{Ref: ref, Old: w.head.Commit, New: id, Ident: committer, Message: kind + subject, OnHead: ref != "HEAD"}
}

// baseTree returns HEAD's commit and tree (zero on an unborn branch).
func (w *batchWriter) baseTree() (plumbing.Hash, plumbing.Hash, error) {
	if w.head.Commit.IsZero() {
		return plumbing.ZeroHash, plumbing.ZeroHash, nil
	}
	tree, err := w.commitTreeID(w.head.Commit)
	return w.head.Commit, tree, err
}

// planExisting plans the commit of what the dirty files already hold
// beyond HEAD (for dirty=commit-first): their working-tree content, or,
// when the working tree equals HEAD, the staged content. It returns that
// commit's tree, or base when it would change nothing (no commit then).
func (w *batchWriter) planExisting(p *commitPlan, base plumbing.Hash) (plumbing.Hash, error) {
	changes, err := w.existingChanges()
	if err != nil {
		return base, err
	}
	tree, err := objects.UpdateTree(w.trees, base, changes)
	if err != nil || tree == base {
		return base, wrapIO("write tree", err)
	}
	paths := touchedPaths(w.dirty)
	msg := fmt.Sprintf("Commit existing changes to %s\n\nCommitted by gitedit (--dirty commit-first) before the edit batch, so that\nundoing the batch takes back only the batch.\n", strings.Join(paths, ", "))
	if tree, err = w.writeTree(base, changes); err != nil {
		return base, err
	}
	p.commits = append(p.commits, plannedCommit{tree: tree, msg: msg})
	return tree, nil
}

// existingChanges returns the tree changes that record each dirty file's
// existing state, writing the blobs they need.
func (w *batchWriter) existingChanges() ([]objects.TreeChange, error) {
	var out []objects.TreeChange
	for _, c := range w.dirty {
		tc, err := w.existingChange(c)
		if err != nil {
			return nil, err
		}
		out = append(out, tc)
	}
	return out, nil
}

// existingChange records one dirty file: the working tree when it differs
// from HEAD, else the index.
func (w *batchWriter) existingChange(c *change) (objects.TreeChange, error) {
	rel := c.before.Rel
	headHash, headMode, inHead := w.headTree.File(rel)
	worktreeClean := c.before.Exists == inHead && (!inHead || (c.blobBefore == headHash && c.modeBefore == headMode))
	if worktreeClean {
		if e := w.Idx.Entry(rel); e != nil {
			return objects.TreeChange{Path: rel, Hash: e.Hash, Mode: filemode.FileMode(e.Mode)}, nil
		}
		return objects.TreeChange{Path: rel, Delete: true}, nil
	}
	if !c.before.Exists {
		return objects.TreeChange{Path: rel, Delete: true}, nil
	}
	content, err := blobContent(w.r, c.before, c.blobBefore)
	if err == nil {
		_, err = objects.WriteBlob(w.db, content)
	}
	return objects.TreeChange{Path: rel, Hash: c.blobBefore, Mode: c.modeBefore}, wrapIO("write blob", err)
}

// writeTree writes the tree base+changes: encoded from the index when
// its cache-tree allows (see treeFromIndex), else by rewriting base.
func (w *batchWriter) writeTree(base plumbing.Hash, changes []objects.TreeChange) (plumbing.Hash, error) {
	tree, ok, err := w.treeFromIndex(base, changes)
	if err == nil && !ok {
		tree, err = objects.UpdateTree(w.trees, base, changes)
	}
	return tree, wrapIO("write tree", err)
}

// commitObject writes the commit of tree on parent (none when zero): with
// the encoding header of i18n.commitEncoding, signed when the batch signs.
func (w *batchWriter) commitObject(ctx context.Context, parent, tree plumbing.Hash, author, committer, msg string) (plumbing.Hash, error) {
	enc, err := commitEncoding(w.r, msg)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	c := objects.Commit{Tree: tree, Author: author, Committer: committer, Encoding: enc, Message: msg,
		Sign: signFunc(ctx, w.signer), Header: sign.AddHeader}
	if !parent.IsZero() {
		c.Parents = []plumbing.Hash{parent}
	}
	id, err := objects.WriteCommit(w.db, c)
	var e *spec.Error
	if errors.As(err, &e) {
		return plumbing.ZeroHash, err
	}
	if err == nil {
		knownTrees.store(id, tree)
	}
	return id, wrapIO("write commit", err)
}

// treeChanges maps changes to tree updates: their new side, or with
// before set their current (pre-batch) side.
func treeChanges(changes []*change, before bool) []objects.TreeChange {
	var out []objects.TreeChange
	for _, c := range changes {
		st, h, mode := c.after, c.blobAfter, c.modeAfter
		if before {
			st, h, mode = c.before, c.blobBefore, c.modeBefore
		}
		if !st.Exists {
			out = append(out, objects.TreeChange{Path: st.Rel, Delete: true})
			continue
		}
		out = append(out, objects.TreeChange{Path: st.Rel, Hash: h, Mode: mode})
	}
	return out
}

// moveRef applies the ref update, if any.
func (w *batchWriter) moveRef(ctx context.Context, u *refs.Update) error {
	if u == nil {
		return nil
	}
	u.Hook = refHook(ctx, w.r, u, w.author)
	u.BeforeCommit = func() error { // the point of no return, then the session's ledger entry (see recording)
		if err := w.journal.Point(u.Ref, u.New, w.r.SyncerFor(durability.Reference)); err != nil || w.beforeRef == nil {
			return err
		}
		return w.beforeRef()
	}
	if w.records() {
		w.intent = newIntent(w.r, ledger.Ref(w.opt.Session), u) // see intent.go
	}
	err := w.r.Refs().Apply(ctx, *u, w.opt.LockWait())
	if err != nil && ctx.Err() != nil {
		return interrupted(ctx)
	}
	var hookErr *spec.Error
	switch {
	case errors.As(err, &hookErr):
		return err
	case errors.Is(err, refs.ErrHeadMoved):
		return &spec.Error{Code: spec.CodeConflict, Message: fmt.Sprintf("HEAD no longer points at %s: a hook or another process switched or detached it while the batch was prepared; nothing was committed", u.Ref), Err: err}
	case errors.Is(err, refs.ErrStale):
		return &spec.Error{Code: spec.CodeConflict, Message: fmt.Sprintf("%s moved while the batch was prepared; nothing was committed, try again", u.Ref), Err: err}
	case errors.Is(err, lockfile.ErrLocked):
		return spec.LockedError(err)
	case errors.Is(err, refs.ErrSymbolic):
		return &spec.Error{Code: spec.CodeUnsupported, Message: err.Error() + "; nothing was committed", Err: err}
	case err != nil:
		return spec.IOError("update "+u.Ref, err)
	}
	return nil
}

// hashStrings formats commit ids.
func hashStrings(hs []plumbing.Hash) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.String()
	}
	return out
}

// wrapIO wraps a non-nil err as an io_error about what; nil stays nil.
func wrapIO(what string, err error) error {
	if err == nil {
		return nil
	}
	return spec.IOError(what, err)
}
