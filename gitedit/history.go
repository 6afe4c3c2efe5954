package gitedit

import (
	"context"

	"github.com/gitedit/gitedit/gitedit/internal/history"
)

// Log lists the gitedit commits (those with an Edit-Tool trailer)
// reachable from HEAD, newest first, filtered by req. An unborn branch
// gives an empty list.
func (r *Repo) Log(ctx context.Context, req LogRequest) ([]LogEntry, error) {
	return history.Log(ctx, r.core, req)
}

// LogList lists the commits as Log does, with notes on how they were
// found: for a session without ledger (dropped, or never recorded
// here), that they are its commits on the branch, found by their
// Edit-Session trailer.
func (r *Repo) LogList(ctx context.Context, req LogRequest) (*LogList, error) {
	return history.LogList(ctx, r.core, req)
}

// Undo reverts a gitedit commit with a new commit (always: an undo is a
// revert, whatever opt.Commit says): subject `Revert "<subject>"`, body
// `This reverts commit <sha>.`, trailers Edit-Tool: undo and Edit-Reverts
// plus the per-file ones. The inverse is merged into HEAD's version of
// each touched file, so later changes elsewhere in a file are kept; a
// later change to the same lines is conflict and nothing changes. A
// touched file with uncommitted changes is dirty. Without a commit to
// revert: nothing_to_undo. Reverting an undo commit re-applies the change.
func (r *Repo) Undo(ctx context.Context, req UndoRequest, opt Options) (*Result, error) {
	return history.Undo(ctx, r.core, req, opt)
}

// Series exports commits as numbered format-patch emails that git am
// applies, and writes them to req.OutputDir (relative to the directory the
// repository was opened from) when it is set. No commit to export is
// not_found.
func (r *Repo) Series(ctx context.Context, req SeriesRequest) (*SeriesResult, error) {
	return history.Series(ctx, r.core, req)
}
