package history

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A series of a session with a ledger is made from the ledger: one
// patch per batch entry, oldest first, on the session's base. Batches
// that were undone and the undos are left out (unless keep-undone), so
// each kept batch's change is replayed on the tree the kept ones before
// it left: its after side where the tree still holds its before side,
// else a three-way line merge; one that cannot be replayed is conflict.
// The trees and blobs of the replay are written to the object database
// (unreferenced, as git's own temporary objects). Lands are left out:
// they change no file.

// sessionPatch is one patch of a session's series: the entry (message,
// author, id) and its changes on the replayed trees.
type sessionPatch struct {
	entry   *ledger.Entry
	changes []fileChange
}

// sessionSeries formats the series of session req.Session from its
// ledger; ok is false when the session has no ledger.
func (h *history) sessionSeries(ctx context.Context, req spec.SeriesRequest, sig string) (*spec.SeriesResult, bool, error) {
	l := h.ledgers(h.repo)
	sess, err := l.Read(ctx, req.Session)
	if errors.Is(err, ledger.ErrNoSession) {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, repo.LedgerError(req.Session, err)
	}
	patches, final, err := h.replay(l, sess, req.KeepUndone)
	if err != nil {
		return nil, true, err
	}
	if len(patches) == 0 {
		return nil, true, spec.Errorf(spec.CodeNotFound, "no commit to export: session %s has no batch left (every one was undone)", req.Session)
	}
	res := &spec.SeriesResult{Patches: []spec.SeriesPatch{}}
	if req.CoverLetter {
		cover, err := h.sessionCover(sess, patches, final, sig, req.KeepUndone)
		if err != nil {
			return nil, true, err
		}
		res.Patches = append(res.Patches, cover)
	}
	for i, p := range patches {
		email, err := h.patchEmail(p, i+1, len(patches), sig)
		if err != nil {
			return nil, true, err
		}
		res.Patches = append(res.Patches, email)
	}
	return res, true, nil
}

// replay replays the session's kept batches on its base tree and returns
// their patches and the final tree.
func (h *history) replay(l *ledger.Store, sess *ledger.Session, keepUndone bool) ([]sessionPatch, plumbing.Hash, error) {
	tree := sess.Entries[len(sess.Entries)-1].Tree
	var out []sessionPatch
	var why replayWhy
	for i := len(sess.Entries) - 1; i >= 0; i-- {
		e := sess.Entries[i]
		why.outside = why.outside || e.Kind == ledger.Outside
		if e.Kind != ledger.Batch || e.Tool == ledger.ToolLand {
			continue
		}
		if !seriesKeeps(e, keepUndone) {
			why.leftOut = true
			continue
		}
		next, err := h.replayEntry(l, e, tree, why, nil)
		if err != nil {
			return nil, tree, err
		}
		changes, err := h.treeDiff(tree, next, "", nil)
		if err != nil {
			return nil, tree, err
		}
		if len(changes) > 0 {
			out = append(out, sessionPatch{entry: e, changes: changes})
		}
		tree = next
	}
	return out, tree, nil
}

// seriesKeeps reports whether a session's series (and a land with
// --each) keeps batch entry e: not a land, and unless keepUndone, not
// undone and not an undo that names what it undid.
func seriesKeeps(e *ledger.Entry, keepUndone bool) bool {
	return e.Tool != ledger.ToolLand && (keepUndone || !e.Undone && !namesUndone(e))
}

// namesUndone reports an undo entry that names the entries it took back
// (Edit-Undoes), which are then left out with it. A plain `gitedit undo`
// recorded in the session (GITEDIT_SESSION, MCP undo with a commit)
// names none: the batch it reverted is not undone in the ledger, so the
// revert stays in the series, or the series would not give the session's
// files.
func namesUndone(e *ledger.Entry) bool {
	return e.Tool == ledger.ToolUndo && len(e.Undoes) > 0
}

// replayWhy is what came before a replayed entry that can keep it from
// applying: batches left out (undone), changes made outside the session.
type replayWhy struct{ leftOut, outside bool }

// conflict is the conflict of entry e that does not apply (msg names the
// lines), saying what may be in its way.
func (w replayWhy) conflict(e *ledger.Entry, msg string) error {
	var why []string
	if w.leftOut {
		why = append(why, "the batches undone before it are left out (--keep-undone keeps them)")
	}
	if w.outside {
		why = append(why, "a change made outside the session between its batches is in the way (session show marks the file)")
	}
	text := fmt.Sprintf("batch %s %q does not apply on the session's batches before it (%s)", shortID(e.ID.String()), e.Subject, msg)
	if len(why) > 0 {
		text += ": " + strings.Join(why, ", or ")
	}
	return spec.Errorf(spec.CodeConflict, "%s", text)
}

// replayEntry applies entry e's changes to tree (only those of the
// paths keep accepts, when set) and returns the new tree.
func (h *history) replayEntry(l *ledger.Store, e *ledger.Entry, tree plumbing.Hash, why replayWhy, keep func(string) bool) (plumbing.Hash, error) {
	files, err := l.Files(e)
	if err != nil {
		return tree, repo.LedgerError("", err)
	}
	look := objects.NewTreeLookup(h.trees, tree)
	var set []objects.TreeChange
	for _, c := range files {
		if keep != nil && !keep(c.Path) {
			continue
		}
		tc, err := h.replayFile(look, e, c, why)
		if err != nil {
			return tree, err
		}
		set = append(set, tc)
	}
	next, err := objects.UpdateTree(h.trees, tree, set)
	if err != nil {
		return tree, spec.IOError("write tree", err)
	}
	return next, nil
}

// replayFile replays one file's change on the tree look reads.
func (h *history) replayFile(look *objects.TreeLookup, e *ledger.Entry, c ledger.Change, why replayWhy) (objects.TreeChange, error) {
	cur := sideOf(look, c.Path)
	before, after := sideOfLedger(c.Before), sideOfLedger(c.After)
	if cur.same(before) || cur.same(after) {
		return sideChange(c.Path, after), nil
	}
	// Take back before → after's inverse: merge after into cur over before.
	s := revertSide{rel: c.Path, base: before, ours: cur, theirs: after}
	merged, mode, msg, err := mergeRevert(s, func() ([]string, error) { return h.blobTexts(before.hash, cur.hash, after.hash) })
	if err != nil {
		return objects.TreeChange{}, err
	}
	if msg != "" {
		return objects.TreeChange{}, why.conflict(e, msg)
	}
	id, err := objects.WriteBlob(h.db, []byte(merged))
	if err != nil {
		return objects.TreeChange{}, spec.IOError("write blob", err)
	}
	return objects.TreeChange{Path: c.Path, Hash: id, Mode: mode}, nil
}

// sideChange sets path to side (deleting it when it does not exist).
func sideChange(path string, s treeSide) objects.TreeChange {
	if !s.exists {
		return objects.TreeChange{Path: path, Delete: true}
	}
	return objects.TreeChange{Path: path, Hash: s.hash, Mode: s.mode}
}

// patchEmail writes patch p as email n of m, as formatPatch does for a
// commit.
func (h *history) patchEmail(p sessionPatch, n, m int, sig string) (spec.SeriesPatch, error) {
	d, stat, err := h.renderDiff(p.changes)
	if err != nil {
		return spec.SeriesPatch{}, err
	}
	id := p.entry.Commit // the branch commit of a commit-mode batch
	if id.IsZero() {
		id = p.entry.ID
	}
	msg := batchMessage(p.entry)
	subject, body := splitMessage(msg)
	var b strings.Builder
	writeMailHeader(&b, id.String(), p.entry.Author, subjectPrefix(n, m)+" ", subject, !isASCII(msg))
	if body != "" {
		b.WriteString(body + "\n")
	}
	fmt.Fprintf(&b, "---\n%s\n%s-- \n%s\n\n", stat, d, sig)
	return spec.SeriesPatch{Name: patchFileName(n, subject), Commit: id.String(), Subject: subject, Content: b.String()}, nil
}

// batchMessage is the message of batch entry e as its commit has it (or
// would have had): without the ledger's own Edit-Commit trailer.
func batchMessage(e *ledger.Entry) string {
	if e.Commit.IsZero() {
		return e.Message
	}
	return strings.TrimSuffix(e.Message, ledger.TrailerCommit+": "+e.Commit.String()+"\n")
}

// sessionCover writes the cover letter of a session's series: its
// patches' subjects, the diffstat from the base to the final tree, and
// base-commit: as git format-patch --base writes it, and whether the
// undone batches and their undos were left out or kept.
func (h *history) sessionCover(sess *ledger.Session, patches []sessionPatch, final plumbing.Hash, sig string, keepUndone bool) (spec.SeriesPatch, error) {
	changes, err := h.treeDiff(sess.Entries[len(sess.Entries)-1].Tree, final, "", nil)
	if err != nil {
		return spec.SeriesPatch{}, err
	}
	_, stat, err := h.renderDiff(changes)
	if err != nil {
		return spec.SeriesPatch{}, err
	}
	last := patches[len(patches)-1].entry
	subject := fmt.Sprintf("gitedit session %s: %s", sess.ID, commitmsg.Plural(len(patches), "change"))
	var b strings.Builder
	writeMailHeader(&b, last.ID.String(), last.Author, subjectPrefix(0, len(patches))+" ", subject, false)
	undone := "undone ones left out"
	if keepUndone {
		undone = "undone ones and their undos kept"
	}
	fmt.Fprintf(&b, "%s of session %s, %s.\n\n", batches(len(patches)), sess.ID, undone)
	for _, p := range patches {
		b.WriteString("  " + p.entry.Subject + "\n")
	}
	b.WriteString("\n" + stat + "\n")
	if !sess.Base.IsZero() {
		b.WriteString("\nbase-commit: " + sess.Base.String() + "\n")
	}
	b.WriteString("-- \n" + sig + "\n\n")
	return spec.SeriesPatch{Name: "0000-cover-letter.patch", Subject: subject, Content: b.String()}, nil
}
