package history

import (
	"bytes"
	"context"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/engine/diff"
	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// ledgers returns the repository's session ledgers, read through h's
// object database, once the ledger entry a killed commit-mode batch may
// have left without its branch move is settled (batch.RecoverLedger:
// best effort, a reader is not refused for it). The note of the files
// it rolled back, if any, is kept in h.recovered for the reader to give.
func (h *history) ledgers(r *repo.Repo) *ledger.Store {
	h.recovered, _ = batch.RecoverLedger(context.Background(), r)
	return ledger.New(h.db, r.Refs())
}

// Sessions lists the repository's sessions, most recently updated first,
// and notes each session whose ledger cannot be read (naming it, the
// error and gitedit session drop S) instead of refusing the whole list.
func Sessions(ctx context.Context, r *repo.Repo) (*spec.SessionList, error) {
	h, err := openHistory(r)
	if err != nil {
		return nil, err
	}
	defer h.close()
	l := h.ledgers(r)
	list, broken, err := l.List(ctx)
	if err != nil {
		return nil, spec.IOError("list the sessions", err)
	}
	out := &spec.SessionList{Sessions: make([]spec.SessionSummary, 0, len(list)), Notes: h.recovered}
	for _, err := range broken {
		out.Notes = append(out.Notes, err.Error())
	}
	for _, sess := range list {
		files, err := l.Touched(sess)
		if err != nil {
			out.Notes = append(out.Notes, repo.LedgerError(sess.ID, err).Error())
			continue
		}
		out.Sessions = append(out.Sessions, spec.SessionSummary{Session: sess.ID, Agent: sess.Agent(), Batches: len(sess.Batches()),
			Files: len(files), State: string(sess.State()), Started: sess.Started(), Updated: sess.Updated()})
	}
	return out, nil
}

// ShowSession returns a session's batches, newest first, and its net
// change per file, with diffs.
func ShowSession(ctx context.Context, r *repo.Repo, req spec.SessionRequest) (*spec.SessionShow, error) {
	h, err := openHistory(r)
	if err != nil {
		return nil, err
	}
	defer h.close()
	l := h.ledgers(r)
	sess, err := l.Read(ctx, req.Session)
	if err != nil {
		return nil, repo.LedgerError(req.Session, err)
	}
	show := &spec.SessionShow{Session: sess.ID, State: string(sess.State()), Tip: sess.Tip.String(), Batches: []spec.SessionBatch{},
		Notes: h.recovered}
	if !sess.Base.IsZero() {
		show.Base = hashPtr(sess.Base)
	}
	for _, e := range sess.Batches() {
		b, err := sessionBatch(l, e)
		if err != nil {
			return nil, repo.LedgerError(sess.ID, err)
		}
		show.Batches = append(show.Batches, b)
	}
	net, err := l.Net(sess)
	if err != nil {
		return nil, repo.LedgerError(sess.ID, err)
	}
	if err := h.netFiles(show, net); err != nil {
		return nil, err
	}
	return show, nil
}

// sessionBatch describes one batch entry.
func sessionBatch(l *ledger.Store, e *ledger.Entry) (spec.SessionBatch, error) {
	files, err := l.Files(e)
	b := spec.SessionBatch{Entry: e.ID.String(), Tool: e.Tool, Subject: e.Subject, Agent: e.Agent, Files: make([]string, len(files)),
		Undone: e.Undone, Date: e.Committer.When}
	for i, f := range files {
		b.Files[i] = f.Path
	}
	if !e.Commit.IsZero() {
		b.Commit = hashPtr(e.Commit)
	}
	return b, err
}

// netFiles fills the show's files, diff and stat from the net changes.
func (h *history) netFiles(show *spec.SessionShow, net []ledger.NetFile) error {
	show.Files = make([]spec.SessionFile, 0, len(net))
	var all bytes.Buffer
	stats := make([]diff.FileStat, 0, len(net))
	for _, f := range net {
		var one bytes.Buffer
		st, err := h.renderChange(&one, changeOf(f.Path, f.Before, f.After), renderReview)
		if err != nil {
			return err
		}
		stats = append(stats, st)
		all.Write(one.Bytes())
		show.Files = append(show.Files, spec.SessionFile{FilePath: f.Path, BlobBefore: f.Before.Hash.String(), BlobAfter: f.After.Hash.String(),
			Created: !f.Before.Exists(), Deleted: !f.After.Exists(), OutsideChanges: f.OutsideChanges, Batches: f.Batches, Diff: one.String()})
	}
	show.Diff = all.String()
	if len(stats) > 0 {
		show.Stat = diff.FormatStat(stats)
	}
	return nil
}

// changeOf is a ledger change as the series diff takes it.
func changeOf(path string, before, after ledger.Side) fileChange {
	side := func(s ledger.Side) *treeFile {
		if !s.Exists() {
			return nil
		}
		return &treeFile{path: path, mode: s.Mode, hash: s.Hash}
	}
	return fileChange{side(before), side(after)}
}

// renderReview writes one file's diff for a reader (git diff without
// --binary: a binary file is one "Binary files … differ" line) and
// returns its stat.
func renderReview(w *bytes.Buffer, fp *filePatch) diff.FileStat {
	if !fp.IsBinary() || (fp.from != nil && fp.to != nil && fp.from.hash == fp.to.hash) {
		return renderFile(w, fp)
	}
	st := statOf(fp)
	st.Binary, st.OldSize, st.NewSize = true, len(fp.old), len(fp.cur)
	writeHeader(w, fp.from, fp.to)
	w.WriteString(diff.BinaryDiff(fp.from.Path(), fp.to.Path()))
	return st
}

// DropSession deletes a session's ledger ref (loose and packed) and its
// reflog, and returns the entry it named.
func DropSession(ctx context.Context, r *repo.Repo, id string, opt spec.Options) (*spec.SessionDropped, error) {
	h, err := openHistory(r)
	if err != nil {
		return nil, err
	}
	defer h.close()
	if err := ledger.CheckID(id); err != nil {
		return nil, repo.LedgerError(id, err)
	}
	tip, err := r.Refs().Resolve(ledger.Ref(id))
	if err == nil {
		err = h.ledgers(r).Drop(ctx, id, opt.LockWait(), batch.LedgerHook(ctx, r))
	}
	if err != nil {
		return nil, repo.LedgerError(id, err)
	}
	return &spec.SessionDropped{Session: id, Tip: tip.String()}, nil
}

// hashPtr is h's text, as a pointer (JSON null for none).
func hashPtr(h plumbing.Hash) *string {
	s := h.String()
	return &s
}
