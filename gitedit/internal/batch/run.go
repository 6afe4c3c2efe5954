package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/durability"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Plan plans a batch inside its transaction (reads paths, writes their
// new content) and describes it for the commit message.
type Plan func(t *Txn) (*commitmsg.Meta, error)

// Outcome is what a committed (or dry-run) batch did.
type Outcome struct {
	// Files are the touched files with their blob ids, in batch order.
	Files []spec.FileResult
	// Diff is the batch's diff as git diff prints it.
	Diff string
	// Changed is false when the batch changed nothing.
	Changed bool
	// Staged is true when the index was written (not with NoStage).
	Staged bool
	// Commits are the commits made, oldest first (none without Commit).
	Commits []string
	// Notes are the batch's own remarks for the result (the user's
	// unstaged changes staged with the batch's).
	Notes []string
}

// Result starts the docs/reference.md#results result of the batch for
// tool: what every tool's result holds (ok, tool, changed, diff, files,
// dry_run, staged, no failed edit). The caller adds its own counts and
// fields, then calls Fill and sets the summary.
func (o *Outcome) Result(tool spec.Tool, opt spec.Options) *spec.Result {
	return &spec.Result{OK: true, Tool: tool, Changed: o.Changed, Diff: o.Diff, Files: o.Files,
		DryRun: opt.DryRun, Staged: o.Staged, EditsFailed: []spec.EditFailure{}}
}

// Fill gives res what the batch adds to every result: its notes and its
// commits.
func (o *Outcome) Fill(res *spec.Result) {
	res.Notes = append(res.Notes, o.Notes...)
	res.SetCommits(o.Commits)
}

// Run takes the repository lock, runs plan, and when it succeeds writes
// the planned changes atomically: blobs, working-tree files, index entries
// and, with opt.Commit, one commit (two with dirty=commit-first). A failing
// plan, a dry run or any refused check leaves files, index and refs as
// they were. The options say what the caller adds: the request for the
// Edit-Request trailer (WithRequest), an index read before the lock
// (WithIndex).
func Run(ctx context.Context, r *repo.Repo, opt spec.Options, plan Plan, opts ...Option) (*Outcome, error) {
	if err := r.NeedWorkTree(); err != nil {
		return nil, err
	}
	var c config
	for _, o := range opts {
		o(&c)
	}
	if c.request != nil {
		var err error
		if c.canonical, err = canonicalJSON(c.request); err != nil {
			return nil, spec.IOError("encode request", err)
		}
	}
	r = r.ForOperation()
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if err := repo.CheckSession(opt.Session); err != nil {
		return nil, err
	}
	spec.PassWriteGate(ctx)
	lock, err := lockUnlessDryRun(ctx, r, opt)
	if err != nil {
		return nil, err
	}
	if lock != nil {
		defer lock.Rollback()
		if err := recoverIntent(ctx, r, opt.LockWait()); err != nil {
			return nil, intentError(err)
		}
		if c.recovered, err = recoverFiles(r); err != nil {
			return nil, spec.IOError("put back the files of a killed batch", err)
		}
	}
	w, err := prepareUnlessInterrupted(ctx, r, opt, &c, plan)
	if w != nil {
		defer w.db.Close()
		w.out.Notes = append(c.recovered, w.out.Notes...)
	}
	if err != nil {
		return nil, withRecovered(err, c.recovered)
	}
	if !w.out.Changed || opt.DryRun {
		return w.out, nil
	}
	if err := w.apply(ctx, lock); err != nil {
		return nil, withRecovered(err, c.recovered)
	}
	return w.out, nil
}

// withRecovered adds to the error of a refused batch the notes of the
// killed batch its run rolled back first (see recoverFiles): a refused
// run has no result to carry them, and a file left as someone changed
// it since would go unsaid.
func withRecovered(err error, notes []string) error {
	if len(notes) == 0 {
		return err
	}
	also := " (first, a killed gitedit batch was rolled back: " + strings.Join(notes, "; ") + ")"
	se, ok := err.(*spec.Error)
	if !ok {
		return fmt.Errorf("%w%s", err, also)
	}
	cp := *se
	if cp.Message == "" && cp.Err != nil {
		cp.Message = cp.Err.Error()
	}
	cp.Message += also
	return &cp
}

// Option adds to what Run does.
type Option func(*config)

// config is what the options of one Run ask for.
type config struct {
	request any
	read    *index.Index
	// canonical is request's canonical JSON (Run encodes it).
	canonical []byte
	// land commits the paths the plan read as they are (WithLand);
	// each, when set, in one commit per batch (WithEach).
	land bool
	each *Each
	// recovered are the notes of the files of a killed batch put back
	// (see recoverFiles).
	recovered []string
}

// WithRequest makes the canonical JSON of request the commit's
// Edit-Request trailer (its SHA-256; spec.EditRequest and
// spec.PatchRequest encode themselves, anything else through
// encoding/json).
func WithRequest(request any) Option { return func(c *config) { c.request = request } }

// WithIndex hands Run the index its caller read before the lock (a
// recipe's scan): it is used again, instead of read anew, when the index
// file still holds what it was parsed from. idx must not have been
// modified.
func WithIndex(idx *index.Index) Option { return func(c *config) { c.read = idx } }

// canonicalJSON is json.Marshal(request), without reflection for a
// request that encodes itself (spec.EditRequest.CanonicalJSON,
// spec.PatchRequest.CanonicalJSON).
func canonicalJSON(request any) ([]byte, error) {
	if c, ok := request.(interface{ CanonicalJSON() []byte }); ok {
		return c.CanonicalJSON(), nil
	}
	return json.Marshal(request)
}

// lockUnlessDryRun takes index.lock, except for a dry run, which writes
// nothing and so needs no lock.
func lockUnlessDryRun(ctx context.Context, r *repo.Repo, opt spec.Options) (*lockfile.File, error) {
	if opt.DryRun {
		return nil, nil
	}
	return lockIndex(ctx, r, opt)
}

// prepared is the outcome of prepare run in the background.
type prepared struct {
	w        *batchWriter
	err      error
	panicked any
}

// prepareUnlessInterrupted runs prepare (reading, matching, hashing: no
// write) in the background and returns its outcome, or the interruption
// as soon as ctx ends: matching a large batch can take long, and a signal
// must not wait for it. An abandoned prepare finishes on its own and
// closes its object database.
func prepareUnlessInterrupted(ctx context.Context, r *repo.Repo, opt spec.Options, c *config, plan Plan) (*batchWriter, error) {
	done := make(chan prepared, 1)
	go func() {
		var p prepared
		defer func() {
			p.panicked = recover()
			done <- p
		}()
		pauseForTest(ctx, "prepare")
		p.w, p.err = Traced("prepare", func() (*batchWriter, error) { return prepare(r, opt, c, plan) })
	}()
	select {
	case p := <-done:
		if p.panicked != nil {
			panic(p.panicked)
		}
		return p.w, p.err
	case <-ctx.Done():
		go func() {
			if p := <-done; p.w != nil {
				p.w.db.Close()
			}
		}()
		return nil, interrupted(ctx)
	}
}

// prepare runs plan over a fresh transaction (on the index as it is now,
// read anew unless c.read still matches the file) and computes the changes,
// their blob ids, the diff and, in commit mode, the dirty check.
func prepare(r *repo.Repo, opt spec.Options, c *config, plan Plan) (*batchWriter, error) {
	indexTime := indexTime(r)
	idx, err := rereadIndex(r, c.read)
	if err != nil {
		return nil, err
	}
	if opt.Commit {
		if op := r.OperationInProgress(); op != "" {
			return nil, spec.Errorf(spec.CodeConflict, "a %s is in progress; finish or abort it before committing with gitedit", op)
		}
		if p := idx.Unmerged(); p != "" { // as git commit refuses
			return nil, &spec.Error{Code: spec.CodeConflict, FilePath: p, Message: "committing is not possible because you have unmerged files (" + quote.QuotePath(p) + " among them); fix them, mark them resolved with git add or git rm, then try again"}
		}
	}
	t := newTxn(r, idx)
	meta, err := plan(t)
	if err != nil {
		return nil, err
	}
	if c.canonical != nil && meta != nil {
		meta.Request = c.canonical // the Edit-Request trailer (WithRequest)
	}
	if err := t.checkLinkPrefixes(); err != nil {
		return nil, err
	}
	if err := t.checkObstacles(); err != nil {
		return nil, err
	}
	t.keepUnchanged = c.land
	changes, err := collectChanges(r, t)
	if err != nil {
		return nil, err
	}
	w := &batchWriter{r: r, opt: opt, Idx: idx, indexTime: indexTime, meta: meta, changes: changes,
		db: objects.NewDB(r.ObjectsDir())}
	w.db.SyncFile = r.ObjectSyncer()
	w.db.PackCache = r.Packs()
	if w.db.Shared, err = r.SharedPerm(); err != nil {
		return nil, err
	}
	w.out = &Outcome{Files: fileResults(changes), Diff: diffOf(r, changes), Changed: len(changes) > 0}
	if err := w.checkRemovals(); err != nil {
		return nil, err
	}
	if note := unstagedNote(idx, changes, opt); note != "" {
		w.out.Notes = append(w.out.Notes, note)
	}
	if opt.Commit && len(changes) > 0 {
		if c.land {
			err = w.landOnHead(c.each)
		} else {
			err = w.checkDirty()
		}
		if !opt.DryRun {
			w.hooks = hooksFor(r, opt)
		}
	}
	return w, err
}

// indexTime returns the modification time of the index file (zero when
// there is none): entries whose files changed at or after it are "racily
// clean" (see smudgeRacy).
func indexTime(r *repo.Repo) time.Time {
	fi, err := os.Stat(r.IndexFile())
	if err != nil {
		return time.Time{}
	}
	return fi.ModTime()
}

// lockIndex takes index.lock, waiting up to the option's timeout.
func lockIndex(ctx context.Context, r *repo.Repo, opt spec.Options) (*lockfile.File, error) {
	lock, err := lockfile.Acquire(ctx, r.IndexFile(), opt.LockWait())
	if err != nil && ctx.Err() != nil {
		return nil, interrupted(ctx)
	}
	if errors.Is(err, lockfile.ErrLocked) {
		return nil, spec.LockedError(err)
	}
	if err != nil {
		return nil, spec.IOError("lock index", err)
	}
	// The new index gets core.sharedRepository's permissions, as git's
	// lock files do (a bad value is refused when the batch is planned).
	if shared, err := r.SharedPerm(); err == nil {
		if err := shared.Adjust(lock.Path()); err != nil {
			_ = lock.Rollback()
			return nil, spec.IOError("set the permissions of "+lock.Path(), err)
		}
	}
	lock.SetSync(r.SyncerFor(durability.Index), r.Flushes(durability.Index))
	return lock, nil
}

// rereadIndex returns prev when the index file still holds the bytes it
// was parsed from (a check of size and checksum), else parses the file.
// prev (which may be nil) must not have been modified.
func rereadIndex(r *repo.Repo, prev *index.Index) (*index.Index, error) {
	if prev != nil && prev.Unchanged(r.IndexFile()) {
		return prev, nil
	}
	return r.ReadIndex()
}
