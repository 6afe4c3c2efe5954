package gitedit

import (
	"context"

	"github.com/gitedit/gitedit/gitedit/internal/history"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// CheckSession refuses, with invalid_input, a session id that is not one
// valid ref name component not starting with "-" (SPEC section 7); ""
// (no session) passes. Every batch checks its session so; a server that
// fixes one id for all its calls checks it before it serves.
func CheckSession(id string) error {
	return repo.CheckSession(id)
}

// Sessions lists the repository's sessions (every session id some batch
// was recorded under, docs/sessions.md), most recently updated first. A
// session whose ledger cannot be read is left out; SessionList names it.
func (r *Repo) Sessions(ctx context.Context) ([]SessionSummary, error) {
	list, err := r.SessionList(ctx)
	if err != nil {
		return nil, err
	}
	return list.Sessions, nil
}

// SessionList lists the sessions as Sessions does, and notes each session
// whose ledger cannot be read (a ref moved by hand onto a blob or another
// session's entry): the note names it, the error, and gitedit session
// drop S. Such a ledger does not refuse the list.
func (r *Repo) SessionList(ctx context.Context) (*SessionList, error) {
	return history.Sessions(ctx, r.core)
}

// ShowSession returns a session's batches, newest first, and its net
// change per file (the content before the session's first batch of it
// and after its last, with a unified diff). A session without a ledger
// is not_found; an invalid id invalid_input.
func (r *Repo) ShowSession(ctx context.Context, req SessionRequest) (*SessionShow, error) {
	return history.ShowSession(ctx, r.core, req)
}

// DropSession deletes a session's ledger ref and its reflog (the files
// and commits its batches made stay as they are), waiting for the
// ledger's lock up to opt's lock timeout. It returns the entry the
// ledger named.
func (r *Repo) DropSession(ctx context.Context, session string, opt Options) (*SessionDropped, error) {
	return history.DropSession(ctx, r.core, session, opt)
}

// UndoSession takes back the batches of session req.Session not undone
// yet (the newest req.Last of them when Last > 0), newest first, as one
// atomic batch in opt's mode. Each file is brought back by a three-way
// merge of the batch's after → before onto its current content, so what
// anyone else changed since stays; a conflict is conflict and changes
// nothing. In staging mode the merged content is written to the files
// and the index; in commit mode one commit `Revert session S` is made,
// with one Edit-Reverts per reverted branch commit. Either way the undo
// is recorded in the session's ledger (Edit-Tool: undo, one Edit-Undoes
// per entry taken back). Nothing left to take back is nothing_to_undo.
func (r *Repo) UndoSession(ctx context.Context, req SessionUndoRequest, opt Options) (*Result, error) {
	return history.UndoSession(ctx, r.core, req, opt)
}

// LandSession makes one commit on the current branch holding, for each
// file session req.Session touched since its last land, the content its
// last batch left: HEAD's tree with only those files changed, so other
// staged changes stay staged and out of it, with Edit-Tool: land,
// Edit-Session, Edit-Batches and the per-file trailers. A file HEAD
// already holds as the session left it (a batch committed already) is
// not committed again; with none left, nothing changes. A session file
// whose index or working tree now differs from what the session left is
// dirty, unless opt.Dirty is include (commit-first is invalid_input).
// The land is recorded in the ledger; the session's state becomes
// landed. An undo --session after it takes back nothing of the land's
// commit itself: land entries are never taken back. With req.Each it
// makes one commit per batch instead (session land --each), in order,
// each with its batch's message and author, all of them or none; the
// last one's tree is the one commit's.
func (r *Repo) LandSession(ctx context.Context, req LandRequest, opt Options) (*Result, error) {
	return history.LandSession(ctx, r.core, req, opt)
}
