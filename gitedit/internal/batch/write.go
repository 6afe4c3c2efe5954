package batch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/sign"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// batchWriter carries a prepared batch through the write phase.
type batchWriter struct {
	r   *repo.Repo
	opt spec.Options
	Idx *index.Index
	// indexTime is the modification time of the index file read.
	indexTime time.Time
	meta      *commitmsg.Meta
	changes   []*Change
	out       *Outcome
	head      refs.Head
	// headTree looks paths up in HEAD's tree (commit mode).
	headTree headLookup
	// trees reads and writes the commit's trees (commit mode).
	trees *objects.Trees
	// db reads and writes the batch's objects.
	db *objects.DB
	// built are the trees the commit encoded from the index (see
	// treeFromIndex), by folder; nil when HEAD's trees were rewritten.
	built map[string]plumbing.Hash
	// dirty are the changes whose file already differed from HEAD, for
	// dirty=commit-first.
	dirty []*Change
	// signer signs the batch's commits (nil: unsigned).
	signer *sign.Signer
	// root writes and stats the working tree's files (see wtfs).
	root *wtfs.Root
	// hooks are the commit hooks to run (nil: none exists); plan holds
	// the commits while they run.
	hooks *commitHooks
	plan  *commitPlan
	// author is the commits' author line, for the hooks' environment.
	author string
	// commitTrees are the root trees of the commits this batch found
	// (HEAD's is looked up by the dirty check and again for the commit).
	commitTrees map[plumbing.Hash]plumbing.Hash
}

// apply writes the prepared batch so that a failure at any step leaves
// files, index and refs as they were: the objects (unreferenced objects
// are harmless) and, at the same time, the working-tree files (put back
// if the objects fail), both made durable as core.fsync asks; then the
// new index written into index.lock, then the ref (the files are put back
// if it cannot move), and last the rename of index.lock, which cannot
// fail short of a broken file system. A crash leaves the old or the new
// state of each file, and at worst a stale index.lock, as with git.
func (w *batchWriter) apply(ctx context.Context, lock *lockfile.File) error {
	objs, err := w.startObjects()
	if err != nil {
		return err
	}
	var update *refs.Update
	settled := false
	settle := func() error {
		o := <-objs
		update, settled = o.update, true
		return o.err
	}
	defer func() {
		if !settled {
			<-objs // the files failed first: let the objects finish before the database closes
		}
	}()
	journal := &tempJournal{path: tempJournalPath(w.r), shared: w.db.Shared}
	defer journal.forget()
	root, err := wtfs.Open(w.r.WorkTree())
	if err != nil {
		return spec.IOError("open the working tree", err)
	}
	defer root.Close()
	w.root = root
	var restore func()
	err = w.revocable(ctx, "write files", func() (err error) {
		restore, err = writeFiles(w.r, root, journal, w.changes, settle)
		return err
	})
	if err != nil {
		return err
	}
	if writesAttributes(w.changes) {
		w.r.Attrs().Forget() // the racy check below converts with the new ones
	}
	// Up to the ref move (or, without one, the index rename) a signal
	// still undoes everything; from there on, the batch completes.
	if err := w.revocable(ctx, "write index", func() error { return w.prepareIndex(lock) }); err != nil {
		restore()
		return err
	}
	if err := w.hookedCommits(ctx, lock, &update); err != nil {
		restore()
		return err
	}
	if err := w.revocable(ctx, "move ref", func() error { return w.moveRef(ctx, update) }); err != nil {
		restore()
		return err
	}
	if update == nil {
		// The index rename is the point of no return.
		err = w.revocable(ctx, "commit index", func() error { return w.commitIndex(lock) })
		if err != nil && !w.out.Staged {
			restore()
		}
		return err
	}
	pauseForTest(ctx, "commit index")
	_, err = Traced("commit index", func() (any, error) { return nil, w.commitIndex(lock) })
	if err == nil {
		w.hooks.postCommit(w.r.IndexFile())
	}
	return err
}

// hookedCommits, when the batch has commit hooks, runs them and writes
// the commits (see commitWithHooks), setting *update.
func (w *batchWriter) hookedCommits(ctx context.Context, lock *lockfile.File, update **refs.Update) error {
	if w.plan == nil {
		return nil
	}
	return w.revocable(ctx, "hooks", func() (err error) {
		*update, err = w.commitWithHooks(lock)
		return err
	})
}

// commitWithHooks runs the commit hooks where git commit runs them, with
// the files and the new index (index.lock) written and the branch not yet
// moved: pre-commit, then prepare-commit-msg and commit-msg on each
// commit's message; then it writes the commits (made durable: the batch's
// syncfs ran before them) and returns the ref update. A refusing hook
// refuses the batch, which then changes nothing.
func (w *batchWriter) commitWithHooks(lock *lockfile.File) (*refs.Update, error) {
	p := w.plan
	w.hooks.author = p.author
	indexFile, cleanup, err := w.hookIndex(p.commits[len(p.commits)-1].tree)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	err = w.hooks.preCommit(indexFile, w.Idx.Entries)
	lock.Adopt() // a hook that replaced index.lock: a refusal removes its file
	if err != nil {
		return nil, err
	}
	for i := range p.commits {
		if p.commits[i].msg, err = w.hooks.message(w.r.GitDir(), indexFile, p.commits[i].msg); err != nil {
			return nil, err
		}
	}
	u, err := w.writeCommits(p)
	if err == nil && repo.HaveSyncFS && repo.SyncFS(w.r.CommonDir()) != nil {
		err = spec.IOError("sync the commits", errSyncFailed)
	}
	return u, err
}

// revocable runs one step of apply before the point of no return, unless
// ctx has ended (see interrupted).
func (w *batchWriter) revocable(ctx context.Context, phase string, step func() error) error {
	pauseForTest(ctx, phase)
	_, err := Traced(phase, func() (any, error) {
		if err := interrupted(ctx); err != nil {
			return nil, err
		}
		return nil, step()
	})
	return err
}

// written is the outcome of writing a batch's objects: the ref update
// that publishes them (commit mode) or the error.
type written struct {
	update *refs.Update
	err    error
}

// startObjects writes the batch's objects on another goroutine and
// returns where their outcome arrives; a small batch writes them at once
// (a failure is then returned before any file is touched).
func (w *batchWriter) startObjects() (<-chan written, error) {
	objs := make(chan written, 1) // buffered: never blocks if writeFiles fails first
	write := func() written {
		u, err := Traced("write objects", w.writeObjects)
		return written{u, err}
	}
	if len(w.changes) > smallBatch {
		go func() { objs <- write() }()
		return objs, nil
	}
	o := write() // too little to overlap: spare the hand-over to another thread
	objs <- o
	return objs, o.err
}

// smallBatch is the most changes a batch writes its objects for before
// its files rather than at the same time: for a file or two, the objects
// take less time than waking another thread to write them.
const smallBatch = 2

// writesAttributes reports whether a change writes a .gitattributes file.
func writesAttributes(changes []*Change) bool {
	for _, c := range changes {
		if path.Base(c.after.Rel) == ".gitattributes" {
			return true
		}
	}
	return false
}

// writeObjects stores the blobs and, in commit mode, the trees and commits
// of the batch, and returns the ref update that publishes them (nil
// without commit mode).
func (w *batchWriter) writeObjects() (*refs.Update, error) {
	if w.opt.NoStage {
		return nil, nil
	}
	if err := w.writeBlobs(); err != nil {
		return nil, err
	}
	if !w.opt.Commit {
		return nil, nil
	}
	return w.buildCommits()
}

// writeBlobs stores the new content of every change, in parallel
// (compressing is most of the work).
func (w *batchWriter) writeBlobs() error {
	errs := make([]error, len(w.changes))
	parallel(len(w.changes), func(i int) {
		if c := w.changes[i]; c.after.Exists {
			errs[i] = objects.WriteBlobAs(w.db, c.gitAfter, c.blobAfter)
		}
	})
	for i, err := range errs {
		if err != nil {
			return spec.IOError("write blob for "+w.changes[i].after.Rel, err)
		}
	}
	return nil
}

// buildCommits writes the batch's commit (preceded, under commit-first, by
// a commit of the files' existing changes) and returns the one ref update
// that publishes them: a single compare-and-swap from the commit the batch
// started from, so the branch never shows half a batch.
func (w *batchWriter) buildCommits() (*refs.Update, error) {
	plan, err := w.planCommits()
	if err != nil {
		return nil, err
	}
	if w.hooks != nil {
		w.plan = plan // the commits are written once the hooks have run
		return nil, nil
	}
	return w.writeCommits(plan)
}

// commitPlan is a batch's commits with their trees written: what is left
// is their messages (which hooks may rewrite) and the commit objects.
type commitPlan struct {
	author, committer string
	// parent is the commit the batch started from (zero: unborn branch).
	parent  plumbing.Hash
	commits []plannedCommit
}

// plannedCommit is one commit of a plan: the commit of the existing
// changes under commit-first, then the batch's own.
type plannedCommit struct {
	tree plumbing.Hash
	msg  string
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
	p.commits = append(p.commits, plannedCommit{tree, message(w.meta, w.out.Files, w.opt.Session, w.opt.Agent)})
	return p, err
}

// writeCommits writes the plan's commits, each on the previous one, and
// returns the ref update that publishes them.
func (w *batchWriter) writeCommits(p *commitPlan) (*refs.Update, error) {
	parent := p.parent
	var ids []plumbing.Hash
	for _, c := range p.commits {
		id, err := w.commitObject(parent, c.tree, p.author, p.committer, c.msg)
		if err != nil {
			return nil, err
		}
		ids, parent = append(ids, id), id
	}
	w.out.Commits = hashStrings(ids)
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
	return &refs.Update{Ref: ref, Old: w.head.Commit, New: id, Ident: committer, Message: kind + subject}
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
	p.commits = append(p.commits, plannedCommit{tree, msg})
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
func (w *batchWriter) existingChange(c *Change) (objects.TreeChange, error) {
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
func (w *batchWriter) commitObject(parent, tree plumbing.Hash, author, committer, msg string) (plumbing.Hash, error) {
	enc, err := commitEncoding(w.r, msg)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	c := objects.Commit{Tree: tree, Author: author, Committer: committer, Encoding: enc, Message: msg,
		Sign: signFunc(w.signer), Header: sign.AddHeader}
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
func treeChanges(changes []*Change, before bool) []objects.TreeChange {
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
	u.Hook = refHook(w.r, u, w.author)
	err := w.r.Refs().Apply(ctx, *u, w.opt.LockWait())
	if err != nil && ctx.Err() != nil {
		return interrupted(ctx)
	}
	var hookErr *spec.Error
	switch {
	case errors.As(err, &hookErr):
		return err
	case errors.Is(err, refs.ErrStale):
		return &spec.Error{Code: spec.CodeConflict, Message: fmt.Sprintf("%s moved while the batch was prepared; nothing was committed, try again", u.Ref), Err: err}
	case errors.Is(err, lockfile.ErrLocked):
		return &spec.Error{Code: spec.CodeLocked, Message: err.Error(), Err: err}
	case errors.Is(err, refs.ErrSymbolic):
		return &spec.Error{Code: spec.CodeUnsupported, Message: err.Error() + "; nothing was committed", Err: err}
	case err != nil:
		return spec.IOError("update "+u.Ref, err)
	}
	return nil
}

// prepareIndex updates the index entries of the touched paths, with the
// stat data of the files just written, and writes and fsyncs the new index
// into index.lock (without --no-stage).
func (w *batchWriter) prepareIndex(lock *lockfile.File) error {
	if w.opt.NoStage {
		return nil
	}
	for _, c := range w.changes {
		if err := w.stageOne(c); err != nil {
			return err
		}
	}
	if w.built != nil {
		// The index now holds exactly the new commit's tree, whose folders
		// along the changed paths were encoded from it: the cache-tree
		// stays valid, as after git commit, and the next batch skips
		// reading trees too.
		w.Idx.Revalidate(w.built)
	}
	w.smudgeRacy(lock.Path())
	if err := w.Idx.EncodeTo(lock); err != nil {
		return spec.IOError("write index", err)
	}
	return wrapIO("write index", lock.Sync())
}

// commitIndex renames index.lock over the index (without --no-stage).
func (w *batchWriter) commitIndex(lock *lockfile.File) error {
	if w.opt.NoStage {
		return nil
	}
	if err := lock.Commit(); err != nil {
		return spec.IOError("commit index", err)
	}
	w.out.Staged = true
	return nil
}

// stageOne updates the index entry of one change, removing the entries a
// new file displaces (a file where its folder was, or the reverse), as git
// add does.
func (w *batchWriter) stageOne(c *Change) error {
	rel := c.after.Rel
	if !c.after.Exists {
		w.Idx.Remove(rel)
		return nil
	}
	for _, clash := range w.Idx.Clashes(rel) {
		w.Idx.Remove(clash)
	}
	fi, err := w.root.Lstat(rel)
	if err != nil {
		return spec.IOError("stat "+rel, err)
	}
	e := &index.Entry{Name: rel, Hash: c.blobAfter}
	e.SetStat(fi)
	e.Mode = uint32(c.modeAfter)
	w.Idx.Add(e)
	return nil
}

// smudgeRacy does what git does when it writes the index: an entry whose
// file was modified no earlier than the index it was read from ("racily
// clean": its stat data cannot prove the file unchanged) and whose content
// now differs from its blob gets size 0, so that git looks at the file
// again instead of trusting stat data that a newer index would make look
// clean. The entries the batch staged are left alone: their content is
// their blob. lockPath is the index.lock this batch created: its stat
// data, taken before any file is read, dates the reads (see
// repo.CheckedFiles).
func (w *batchWriter) smudgeRacy(lockPath string) {
	if w.indexTime.IsZero() {
		return
	}
	touched := map[string]bool{}
	for _, c := range w.changes {
		touched[c.after.Rel] = true
	}
	since := w.indexTime.Unix()
	var ref *index.Entry
	for _, e := range w.Idx.Entries {
		// The time first: it shares the entry's first cache line with the
		// size, and rules out nearly every entry of a large index.
		if int64(e.MtimeSec) >= since && e.Size != 0 && e.Stage == 0 && !touched[e.Name] {
			if ref == nil {
				ref = referenceStat(lockPath)
			}
			if racilyChanged(w.r, w.root, e, *ref) {
				smudged := *e
				smudged.Size = 0
				w.Idx.Add(&smudged)
			}
		}
	}
}

// referenceStat returns the stat data of the lock file at path (empty,
// which dates nothing, when it cannot be read).
func referenceStat(path string) *index.Entry {
	fi, err := os.Stat(path)
	if err != nil {
		return &index.Entry{}
	}
	st := repo.StatOf(fi)
	return &st
}

// racilyChanged reports whether the regular file of a racily clean entry
// now has content other than the entry's blob, while its size and
// modification second still match. As in git's
// ce_smudge_racily_clean_entry, a file whose stat data already differs is
// not read: git's stat check sees it changed anyway (size and mtime
// seconds are the fields git compares whatever core.checkStat,
// core.trustctime and its build's USE_NSEC say). A file whose stat data
// is the one recorded by an earlier batch's read is not read again
// (repo.CheckedFiles); ref dates this batch's reads. A file that cannot
// be read, or whose attributes ask for a conversion gitedit does not
// apply (filter, working-tree-encoding, ident: checked before the record,
// which such attributes set since make stale), counts as changed, as in
// git's ce_compare_data: smudging a clean entry only makes git look again,
// leaving it clean would hide the change from git. The file is looked up
// through root (the batch's open working tree, nil for none), which
// stats it in its folder's descriptor, kept open from the file writes,
// instead of walking the whole path again; where that fails (a symbolic
// link on the way, which root does not follow) the path is statted as git
// does, following it.
func racilyChanged(r *repo.Repo, root *wtfs.Root, e *index.Entry, ref index.Entry) bool {
	abs := r.Abs(e.Name)
	fi, err := lstatIn(root, e.Name, abs)
	if err != nil || !fi.Mode().IsRegular() || uint32(fi.Size()) != e.Size || uint32(fi.ModTime().Unix()) != e.MtimeSec {
		return false
	}
	if r.CheckConvertible(e.Name) != nil {
		return true
	}
	st := repo.StatOf(fi)
	if blob, ok := r.Checked().Lookup(e.Name, st); ok {
		return blob != e.Hash
	}
	content, err := wtfs.ReadRegular(abs, fi.Size())
	if err != nil {
		return true
	}
	blob, err := r.ToGitForIndex(e.Name, content, e.Hash)
	if err != nil {
		return true
	}
	id := objects.HashBlob(blob)
	r.Checked().Store(e.Name, st, ref, content, id)
	return id != e.Hash
}

// lstatIn returns the lstat of the working-tree file rel (abs is its
// path) through root, or os.Lstat(abs) when root is nil or fails.
func lstatIn(root *wtfs.Root, rel, abs string) (os.FileInfo, error) {
	if root != nil {
		if fi, err := root.Lstat(rel); err == nil {
			return fi, nil
		}
	}
	return os.Lstat(abs)
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

// commitTreeID returns the tree id of commit h (zero for the zero hash),
// read through the batch's object database: a packed commit is found
// through the mapped pack indexes, never by loading them whole.
func (w *batchWriter) commitTreeID(h plumbing.Hash) (plumbing.Hash, error) {
	if h.IsZero() {
		return plumbing.ZeroHash, nil
	}
	if tree, ok := w.commitTrees[h]; ok {
		return tree, nil
	}
	tree, ok := knownTrees.lookup(h)
	if !ok || !w.db.Has(h) { // still there: a commit removed by hand is read (and missed) as before
		var err error
		if tree, err = objects.CommitTree(w.db, h); err != nil {
			return tree, wrapIO("read commit "+h.String(), err)
		}
		knownTrees.store(h, tree)
	}
	if w.commitTrees == nil {
		w.commitTrees = map[plumbing.Hash]plumbing.Hash{}
	}
	w.commitTrees[h] = tree
	return tree, nil
}

// knownTrees are the root trees of the commits this process read or
// wrote: HEAD's is read by the dirty check and again for the commit, and
// a server's next batch starts from the commit its last one wrote. A
// commit id names one content, so the record never goes stale, in any
// repository; the commit's presence is still checked (DB.Has: a stat or
// a pack index lookup) instead of reading and inflating it.
var knownTrees treeRecord

// treeRecord maps commit ids to their root trees, bounded; safe for
// concurrent use.
type treeRecord struct {
	mu sync.Mutex
	m  map[plumbing.Hash]plumbing.Hash
}

// maxTreeRecord bounds treeRecord; past it the record starts over.
const maxTreeRecord = 256

// lookup returns the tree recorded for commit h.
func (t *treeRecord) lookup(h plumbing.Hash) (plumbing.Hash, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	tree, ok := t.m[h]
	return tree, ok
}

// store records that commit h has root tree tree.
func (t *treeRecord) store(h, tree plumbing.Hash) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil || len(t.m) >= maxTreeRecord {
		t.m = map[plumbing.Hash]plumbing.Hash{}
	}
	t.m[h] = tree
}
