package history

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// UndoSession takes back the batches of session req.Session not undone
// yet (the newest req.Last of them when Last > 0), newest first, as one
// batch in the call's own mode: each file is brought back by a three-way
// merge of the batch's after → before onto its current content, so what
// others changed since stays. A conflict is conflict and changes nothing.
// The undo is recorded in the session's ledger (Edit-Tool: undo, one
// Edit-Undoes per entry taken back); in commit mode its commit is
// `Revert session S` with one Edit-Reverts per reverted branch commit.
// Nothing left to take back is nothing_to_undo.
func UndoSession(ctx context.Context, r *repo.Repo, req spec.SessionUndoRequest, opt spec.Options) (*spec.Result, error) {
	if err := ledger.CheckID(req.Session); err != nil {
		return nil, repo.LedgerError(req.Session, err)
	}
	if req.Last < 0 {
		return nil, spec.Errorf(spec.CodeInvalidInput, "--last takes a positive number of batches, not %d", req.Last)
	}
	opt = opt.ForRequest(req.DryRun, "")
	opt.Session = req.Session // the undo is recorded in the session it undoes
	var plan *sessionUndo
	out, err := batch.Run(ctx, r, opt, func(t *batch.Txn) (*commitmsg.Meta, error) {
		p, err := planSessionUndo(ctx, t, req)
		plan = p
		if err != nil {
			return nil, err
		}
		return p.meta(opt.Message), nil
	}, batch.WithRequest(req))
	if err != nil {
		return nil, err
	}
	return plan.result(out, opt), nil
}

// sessionUndo is an undo of a session's batches being prepared.
type sessionUndo struct {
	session string
	// entries are the batch entries taken back, newest first.
	entries []*ledger.Entry
	files   []string
}

// planSessionUndo reads the session's ledger (under the lock), picks the
// entries to take back and plans each file's merged content in t.
func planSessionUndo(ctx context.Context, t *batch.Txn, req spec.SessionUndoRequest) (*sessionUndo, error) {
	r := t.Repo()
	h, err := openHistory(r)
	if err != nil {
		return nil, err
	}
	defer h.close()
	l := h.ledgers(r)
	sess, err := l.Read(ctx, req.Session)
	if errors.Is(err, ledger.ErrNoSession) {
		return nil, noLedgerToUndo(req.Session)
	}
	if err != nil {
		return nil, repo.LedgerError(req.Session, err)
	}
	p := &sessionUndo{session: req.Session, entries: undoable(sess, req.Last)}
	if len(p.entries) == 0 {
		return nil, spec.Errorf(spec.CodeNothingToUndo, "session %s has no batch left to undo", req.Session)
	}
	m := newMerger(r, t, h)
	for _, e := range p.entries {
		if err := m.takeBack(l, e); err != nil {
			return nil, repo.LedgerError(req.Session, err)
		}
	}
	if err := m.conflict(fmt.Sprintf("session %s cannot be undone", req.Session)); err != nil {
		return nil, err
	}
	if err := m.swaps(); err != nil {
		return nil, err
	}
	if p.files, err = m.plan(); err == nil && len(p.files) == 0 {
		err = spec.Errorf(spec.CodeNothingToUndo, "the changes of session %s's batches are already undone in the working tree", req.Session)
	}
	return p, err
}

// undoable returns the session's batches an undo takes back, newest
// first: those not undone yet, undos and lands excepted; at most last
// of them when last > 0.
func undoable(sess *ledger.Session, last int) []*ledger.Entry {
	var out []*ledger.Entry
	for _, e := range sess.Batches() {
		if e.Undone || e.Tool == ledger.ToolUndo || e.Tool == ledger.ToolLand {
			continue
		}
		out = append(out, e)
		if last > 0 && len(out) == last {
			break
		}
	}
	return out
}

// meta describes the undo for its commit message (and its ledger entry).
func (p *sessionUndo) meta(message string) *commitmsg.Meta {
	m := &commitmsg.Meta{Tool: string(spec.ToolUndo), Subject: message, Count: len(p.files)}
	if m.Subject == "" {
		m.Subject = "Revert session " + p.session
	}
	for _, e := range p.entries {
		if !e.Commit.IsZero() {
			m.Body = append(m.Body, "This reverts commit "+e.Commit.String()+".")
			m.Extra = append(m.Extra, commitmsg.Trailer{Key: trReverts, Value: e.Commit.String()})
		} else {
			m.Body = append(m.Body, commitmsg.SafeLine("Takes back "+shortID(e.ID.String())+" \""+e.Subject+"\"."))
		}
	}
	m.Body = append(m.Body, "")
	for _, rel := range p.files {
		m.Body = append(m.Body, commitmsg.Path(rel)+": reverted")
	}
	for _, e := range p.entries {
		m.Extra = append(m.Extra, commitmsg.Trailer{Key: ledger.TrailerUndoes, Value: e.ID.String()})
	}
	return m
}

// result builds the docs/reference.md#results result of a session undo.
func (p *sessionUndo) result(out *batch.Outcome, opt spec.Options) *spec.Result {
	res := out.Result(spec.ToolUndo, opt)
	res.EditsApplied = len(p.files)
	if len(res.Files) == 1 {
		res.FilePath = res.Files[0].FilePath
	}
	out.Fill(res)
	subjects := make([]string, 0, 3)
	for i, e := range p.entries {
		if i == 3 {
			subjects = append(subjects, "…")
			break
		}
		subjects = append(subjects, fmt.Sprintf("%q", e.Subject))
	}
	res.Summary = res.Decorate(fmt.Sprintf("Undid %s of session %s (%s): %s", batches(len(p.entries)),
		p.session, commitmsg.Plural(len(p.files), "file"), strings.Join(subjects, ", ")))
	return res
}

// batches is "1 batch" or "N batches".
func batches(n int) string {
	if n == 1 {
		return "1 batch"
	}
	return fmt.Sprintf("%d batches", n)
}

// hashOf is the blob id of git-form content.
func hashOf(content []byte) plumbing.Hash {
	return plumbing.ComputeHash(plumbing.BlobObject, content)
}

// noLedgerToUndo is the refusal of undo --session for a session without
// ledger: never recorded here, or dropped. Its commit-mode batches may
// still be on the branch (log and series --session find them by their
// Edit-Session trailer), but only a ledger says what to take back.
func noLedgerToUndo(session string) error {
	return spec.Errorf(spec.CodeNothingToUndo, "session %s has no ledger (none was recorded here, or gitedit session drop deleted it): "+
		"undo --session takes back only the batches a ledger records; gitedit log --session %s lists the session's commits on the branch, "+
		"and gitedit undo COMMIT reverts one (gitedit session list lists the sessions)", session, session)
}
