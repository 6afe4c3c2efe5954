package history

import (
	"bytes"
	"context"
	"errors"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/engine/diff"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// sessionLog lists the batches of session req.Session from its ledger,
// newest first, whatever mode they ran in; ok is false when the session
// has no ledger (its commits, if any, are then found on the branch, as
// an older gitedit recorded them).
func (h *history) sessionLog(ctx context.Context, r *repo.Repo, req spec.LogRequest) ([]spec.LogEntry, bool, error) {
	if err := ledger.CheckID(req.Session); err != nil {
		return nil, false, repo.LedgerError(req.Session, err)
	}
	l := h.ledgers(r)
	sess, err := l.Read(ctx, req.Session)
	if errors.Is(err, ledger.ErrNoSession) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, repo.LedgerError(req.Session, err)
	}
	entries := []spec.LogEntry{}
	for _, e := range sess.Batches() {
		if req.N > 0 && len(entries) == req.N {
			break
		}
		le, err := h.ledgerLogEntry(l, e, req)
		if err != nil {
			return nil, true, err
		}
		if entryMatches(&le, req) {
			entries = append(entries, le)
		}
	}
	return entries, true, nil
}

// ledgerLogEntry is one batch entry as log lists it: its trailers, its
// files from its tree when the message lists them as a count, and, when
// asked, its diffstat and diff. It takes the commit the ledger read,
// and diffs the entry's tree only for a count or a diff.
func (h *history) ledgerLogEntry(l *ledger.Store, e *ledger.Entry, req spec.LogRequest) (spec.LogEntry, error) {
	le, _ := entryOf(&objects.CommitInfo{Hash: e.ID, Tree: e.Tree, Author: e.Author, Committer: e.Committer, Message: e.Message})
	le.Entry = e.ID.String()
	if !e.Commit.IsZero() {
		le.Commit = e.Commit.String()
	}
	if len(le.Files) > 0 && !req.Stat && !req.Patch {
		return le, nil
	}
	files, err := l.Files(e)
	if err != nil {
		return le, repo.LedgerError(req.Session, err)
	}
	if len(le.Files) == 0 {
		for _, f := range files {
			le.Files = append(le.Files, f.Path)
		}
	}
	if req.Stat || req.Patch {
		changes := make([]fileChange, len(files))
		for i, f := range files {
			changes[i] = changeOf(f.Path, f.Before, f.After)
		}
		err = h.setDiff(&le, changes, req)
	}
	return le, err
}

// addDiffs sets the diffstat or diff of each listed branch commit.
func (h *history) addDiffs(entries []spec.LogEntry, req spec.LogRequest) error {
	for i := range entries {
		c, err := h.commit(plumbing.NewHash(entries[i].Commit))
		if err != nil {
			return err
		}
		changes, err := h.commitChanges(c)
		if err != nil {
			return err
		}
		if err := h.setDiff(&entries[i], changes, req); err != nil {
			return err
		}
	}
	return nil
}

// setDiff renders changes into e's Stat and Diff, as req asks.
func (h *history) setDiff(e *spec.LogEntry, changes []fileChange, req spec.LogRequest) error {
	var all bytes.Buffer
	stats := make([]diff.FileStat, 0, len(changes))
	for _, c := range changes {
		st, err := h.renderChange(&all, c, renderReview)
		if err != nil {
			return err
		}
		stats = append(stats, st)
	}
	if req.Stat && len(stats) > 0 {
		e.Stat = diff.FormatStat(stats)
	}
	if req.Patch {
		e.Diff = all.String()
	}
	return nil
}
