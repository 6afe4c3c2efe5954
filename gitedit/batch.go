package gitedit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// batchFunc prepares a batch inside a transaction and describes it for the
// commit message and result.
type batchFunc func(t *txn) (*commitMeta, error)

// batchOutcome is what a committed (or dry-run) batch did.
type batchOutcome struct {
	Files   []FileResult
	Diff    string
	Changed bool
	Staged  bool
	Commits []string
}

// change is one path's planned change with the blob ids and git modes of
// both sides (zero for a side where the file does not exist).
type change struct {
	before, after         *repo.FileState
	blobBefore, blobAfter plumbing.Hash
	modeBefore, modeAfter filemode.FileMode
	// gitAfter is the new content as git stores it (after conversion).
	gitAfter []byte
}

// runBatch takes the repository lock, runs fn, and when it succeeds writes
// the planned changes atomically: blobs, working-tree files, index entries
// and, with opt.Commit, one commit (two with dirty=commit-first). A failing
// fn, a dry run or any refused check leaves files, index and refs as they
// were.
func (r *Repo) runBatch(ctx context.Context, opt Options, fn batchFunc) (*batchOutcome, error) {
	return r.runBatchOver(ctx, opt, nil, fn)
}

// runBatchOver is runBatch for a caller that read the index before taking
// the lock: read (unmodified) is used again when the file is unchanged.
func (r *Repo) runBatchOver(ctx context.Context, opt Options, read *index.Index, fn batchFunc) (*batchOutcome, error) {
	r = r.forOperation()
	if err := opt.Check(); err != nil {
		return nil, err
	}
	lock, err := r.lockUnlessDryRun(ctx, opt)
	if err != nil {
		return nil, err
	}
	if lock != nil {
		defer lock.Rollback()
	}
	w, err := r.prepareUnlessInterrupted(ctx, opt, read, fn)
	if w != nil {
		defer w.db.Close()
	}
	if err != nil {
		return nil, err
	}
	if !w.out.Changed || opt.DryRun {
		return w.out, nil
	}
	if err := w.apply(ctx, lock); err != nil {
		return nil, err
	}
	return w.out, nil
}

// runRequest runs fn as one batch (see runBatch), handing it the
// canonical JSON of request, the content of the Edit-Request trailer.
func (r *Repo) runRequest(ctx context.Context, opt Options, request any, fn func(t *txn, canonical []byte) (*commitMeta, error)) (*batchOutcome, error) {
	canonical, err := json.Marshal(request)
	if err != nil {
		return nil, spec.IOError("encode request", err)
	}
	return r.runBatch(ctx, opt, func(t *txn) (*commitMeta, error) { return fn(t, canonical) })
}

// lockUnlessDryRun takes index.lock, except for a dry run, which writes
// nothing and so needs no lock.
func (r *Repo) lockUnlessDryRun(ctx context.Context, opt Options) (*lockfile.File, error) {
	if opt.DryRun {
		return nil, nil
	}
	return r.lockIndex(ctx, opt)
}

// prepare runs fn over a fresh transaction (on the index as it is now,
// read anew unless read still matches the file) and computes the changes,
// their blob ids, the diff and, in commit mode, the dirty check.
func (r *Repo) prepare(opt Options, read *index.Index, fn batchFunc) (*batchWriter, error) {
	indexTime := r.indexTime()
	idx, err := r.rereadIndex(read)
	if err != nil {
		return nil, err
	}
	if opt.Commit {
		if op := r.core.OperationInProgress(); op != "" {
			return nil, spec.Errorf(CodeConflict, "a %s is in progress; finish or abort it before committing with gitedit", op)
		}
	}
	t := newTxn(r, idx)
	meta, err := fn(t)
	if err != nil {
		return nil, err
	}
	if err := t.checkLinkPrefixes(); err != nil {
		return nil, err
	}
	changes, err := r.collectChanges(t)
	if err != nil {
		return nil, err
	}
	w := &batchWriter{r: r, opt: opt, idx: idx, indexTime: indexTime, meta: meta, changes: changes,
		db: objects.NewDB(r.core.Objects(), r.core.ObjectsDir())}
	w.db.SyncFile = r.core.ObjectSyncer()
	w.out = &batchOutcome{Files: fileResults(changes), Diff: r.diffOf(changes), Changed: len(changes) > 0}
	if opt.Commit && len(changes) > 0 {
		err = w.checkDirty()
		if !opt.DryRun {
			w.hooks = r.commitHooks(opt)
		}
	}
	return w, err
}

// collectChanges turns the transaction's planned states into changes,
// skipping paths that end as they started, and hashes both sides: the
// old side with the attributes as they are, the new side with the
// attributes the batch leaves (a .gitattributes it writes applies to the
// files it writes, as a git add after the batch would apply it).
func (r *Repo) collectChanges(t *txn) ([]*change, error) {
	var changes []*change
	for _, rel := range t.order {
		before, after := t.orig[rel], t.cur[rel]
		if before.Same(after) {
			continue
		}
		c, err := r.hashBefore(before, after, t.idx.Entry(rel))
		if err != nil {
			return nil, err
		}
		changes = append(changes, c)
	}
	r.planAttributes(changes)
	for _, c := range changes {
		if err := r.hashAfter(c, t.idx.Entry(c.after.Rel)); err != nil {
			return nil, err
		}
	}
	return changes, nil
}

// planAttributes makes the rest of the operation read the .gitattributes
// files the changes write (or delete) with their planned content.
func (r *Repo) planAttributes(changes []*change) {
	for _, c := range changes {
		if path.Base(c.after.Rel) != ".gitattributes" {
			continue
		}
		dir := path.Dir(c.after.Rel)
		if dir == "." {
			dir = ""
		}
		r.core.Attrs().Plan(r.core.Abs(c.after.Rel), dir, c.after.Content, c.after.Exists && !c.after.IsLink())
	}
}

// hashBefore starts the change of one path: the blob id of its old side,
// as git add would store it (for a CRLF file already staged with CRLF
// under autocrlf or text=auto, git add leaves it unconverted). staged is
// the path's index entry, or nil.
func (r *Repo) hashBefore(before, after *repo.FileState, staged *index.Entry) (*change, error) {
	c := &change{before: before, after: after}
	if before.Exists {
		gitBefore, err := r.blobContent(before, stagedHash(staged))
		if err != nil {
			return nil, err
		}
		c.blobBefore = objects.HashBlob(gitBefore)
	}
	return c, nil
}

// hashAfter completes c: the blob of its new side and both git modes.
func (r *Repo) hashAfter(c *change, staged *index.Entry) error {
	if c.after.Exists {
		gitAfter, err := r.blobContent(c.after, stagedHash(staged))
		if err != nil {
			return err
		}
		c.gitAfter, c.blobAfter = gitAfter, objects.HashBlob(gitAfter)
	}
	c.modeBefore, c.modeAfter = r.gitModes(c.before, c.after, staged)
	if c.after.Exists {
		return repo.VerifyPath(c.after.Rel, uint32(c.modeAfter))
	}
	return nil
}

// stagedHash is the blob id of an index entry (zero for none).
func stagedHash(staged *index.Entry) plumbing.Hash {
	if staged == nil {
		return plumbing.ZeroHash
	}
	return staged.Hash
}

// blobContent is the content git stores for st: a link's target text as
// it is, a file's content converted as git add converts it (see
// toGitForIndex; staged is the path's staged blob).
func (r *Repo) blobContent(st *repo.FileState, staged plumbing.Hash) ([]byte, error) {
	if st.IsLink() {
		return st.Content, nil
	}
	return r.core.ToGitForIndex(st.Rel, st.Content, staged)
}

// gitModes returns the modes git records for both sides, a symbolic
// link's as 120000, a file's as fileModes decides.
func (r *Repo) gitModes(before, after *repo.FileState, staged *index.Entry) (filemode.FileMode, filemode.FileMode) {
	b, a := r.fileModes(before, after, staged)
	if before.IsLink() {
		b = filemode.Symlink
	}
	if after.IsLink() {
		a = filemode.Symlink
	}
	return b, a
}

// fileModes returns the modes git records for both sides: from the
// executable bit, or, with core.fileMode=false (the bit means nothing on
// this file system), the mode already staged (0644 for a new file) unless
// the batch itself changes the mode (a patch's mode change).
//
// With core.symlinks=false, a regular file whose entry is a symlink (120000)
// is the link checked out as a plain file holding its target: it keeps
// mode 120000 on both sides, as git add keeps it (ce_mode_from_stat).
func (r *Repo) fileModes(before, after *repo.FileState, staged *index.Entry) (filemode.FileMode, filemode.FileMode) {
	if staged != nil && staged.Mode == index.ModeSymlink && !r.hasSymlinks() {
		return filemode.Symlink, filemode.Symlink
	}
	if r.trustFileMode() {
		return repo.ModeOf(before.Mode), repo.ModeOf(after.Mode)
	}
	recorded := filemode.Regular
	if staged != nil && staged.Mode == index.ModeExecutable {
		recorded = filemode.Executable
	}
	if before.Exists && after.Exists && before.Mode != after.Mode {
		return recorded, repo.ModeOf(after.Mode)
	}
	return recorded, recorded
}

// indexTime returns the modification time of the index file (zero when
// there is none): entries whose files changed at or after it are "racily
// clean" (see smudgeRacy).
func (r *Repo) indexTime() time.Time {
	fi, err := os.Stat(r.indexPath())
	if err != nil {
		return time.Time{}
	}
	return fi.ModTime()
}

// fileResults describes the changes for the result.
func fileResults(changes []*change) []FileResult {
	files := make([]FileResult, 0, len(changes))
	for _, c := range changes {
		files = append(files, FileResult{
			FilePath:   c.after.Rel,
			BlobBefore: blobString(c.blobBefore),
			BlobAfter:  blobString(c.blobAfter),
			Created:    !c.before.Exists && c.after.Exists,
			Deleted:    c.before.Exists && !c.after.Exists,
		})
	}
	return files
}

// blobString prints a blob id; the zero id (40 zeros) stands for "no
// file", as in git's own diff output and in the Edit-Blob-* trailers.
func blobString(h plumbing.Hash) string { return h.String() }

// diffOf concatenates the unified diffs of the changes (created files
// diff from /dev/null, deleted ones to it); a binary change (see
// diffBinary) is git's "Binary files … differ" line, never its bytes.
func (r *Repo) diffOf(changes []*change) string {
	var b strings.Builder
	for _, c := range changes {
		oldPath, newPath := c.before.Rel, c.after.Rel
		if !c.before.Exists {
			oldPath = ""
		}
		if !c.after.Exists {
			newPath = ""
		}
		if !bytes.Equal(c.before.Content, c.after.Content) && r.diffBinary(c) {
			b.WriteString(engine.BinaryDiff(oldPath, newPath))
		} else {
			b.WriteString(engine.UnifiedDiff(oldPath, newPath, string(c.before.Content), string(c.after.Content)))
		}
		if c.before.Exists && c.after.Exists && c.before.Mode != c.after.Mode {
			fmt.Fprintf(&b, "mode %o => %o %s\n", 0o100000|c.before.Mode, 0o100000|c.after.Mode, c.after.Rel)
		}
	}
	return b.String()
}

// touchedPaths lists the paths of changes, sorted.
func touchedPaths(changes []*change) []string {
	paths := make([]string, len(changes))
	for i, c := range changes {
		paths[i] = c.after.Rel
	}
	sort.Strings(paths)
	return paths
}
