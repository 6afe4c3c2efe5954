package gitedit

import (
	"context"
	"os"
)

// fileState is the content of one path as a batch sees it: the working
// tree's content, or what an earlier step of the same batch planned.
type fileState struct {
	// Rel is the repository-relative slash path.
	Rel string
	// Exists is false for a path with no file (yet).
	Exists bool
	// Content is the working-tree bytes (nil when !Exists).
	Content []byte
	// Mode is the file's mode bits (0644 or 0755; os.ModeSymlink for links).
	Mode os.FileMode
}

// txn is one atomic batch being prepared while the repository lock is
// held. Steps read paths and plan their new content; nothing touches the
// disk until the batch function returns without error.
type txn struct{}

// read resolves p (as resolvePath does) and returns its current state in
// this batch. A directory is is_directory; a file with a NUL byte in its
// first 8000 bytes is binary_file; a conflicted path is conflict.
func (t *txn) read(p string) (*fileState, error) { panic("unimplemented") }

// readRel is read for an already repository-relative slash path.
func (t *txn) readRel(rel string) (*fileState, error) { panic("unimplemented") }

// write plans content as the new content of rel with mode (0 keeps the
// current mode, or 0644 for a new file).
func (t *txn) write(rel string, content []byte, mode os.FileMode) { panic("unimplemented") }

// remove plans the deletion of rel.
func (t *txn) remove(rel string) { panic("unimplemented") }

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

// runBatch takes the repository lock, runs fn, and when it succeeds writes
// the planned changes atomically: blobs, working-tree files, index entries
// and, with opt.Commit, one commit (two with dirty=commit-first). A failing
// fn, a dry run or any refused check leaves files, index and refs as they
// were.
func (r *Repo) runBatch(ctx context.Context, opt Options, fn batchFunc) (*batchOutcome, error) {
	panic("unimplemented")
}
