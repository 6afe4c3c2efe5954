package gitedit

import (
	"context"

	"github.com/gitedit/gitedit/gitedit/internal/history"
)

// Sessions lists the repository's sessions (every session id some batch
// was recorded under, docs/sessions.md), most recently updated first.
func (r *Repo) Sessions(ctx context.Context) ([]SessionSummary, error) {
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
