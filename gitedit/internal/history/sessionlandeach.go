package history

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A land with --each makes one commit per batch since the session's last
// land, in order, each with the batch's own message (trailers and
// Edit-Session included) and author. The batches are those series
// --session exports (seriesKeeps: undone batches and their undos left
// out, but see leftOut), replayed the same way (replayEntry) on HEAD's
// tree instead of the session's base. An outside entry between them (someone else
// changed a landed file) is replayed too, so its change is in the next
// batch's commit, as in the content that batch left (which a land
// commits). A batch whose replay changes nothing (a commit-mode batch
// HEAD already holds) makes no commit. The last commit's tree must be
// the one the default land makes (HEAD's with each landed file as the
// session's last batch of it left it); otherwise the land is refused
// (conflict) and the session lands only as one commit.

// eachCommits replays the batches since the session's last land on
// HEAD's tree (h.head, which the batch core checks it still names) and
// returns their commits.
func (p *sessionLand) eachCommits(h *history, l *ledger.Store, sess *ledger.Session, left map[string]ledger.Side) (*batch.Each, error) {
	head, err := h.headTree()
	if err != nil {
		return nil, err
	}
	landed := map[string]bool{}
	for _, rel := range p.files {
		landed[rel] = true
	}
	each := &batch.Each{Base: h.head}
	tree, committed := head, head
	window := landWindow(sess)
	out := leftOut(window)
	for i := len(window) - 1; i >= 0; i-- {
		e := window[i]
		var keep func(string) bool
		switch {
		case e.Kind == ledger.Outside:
			keep = func(rel string) bool { return landed[rel] }
		case out[e.ID]:
			continue
		}
		if tree, err = h.replayEntry(l, e, tree, replayWhy{}, keep); err != nil {
			return nil, p.eachConflict(err)
		}
		if e.Kind == ledger.Batch {
			p.counted(e, tree != committed)
		}
		if e.Kind == ledger.Batch && tree != committed {
			each.Commits = append(each.Commits, batch.EachCommit{Tree: tree, Message: batchMessage(e), Author: authorLine(e.Author)})
			committed = tree
		}
	}
	return each, p.checkEachTree(h, head, tree, left)
}

// leftOut returns the entries of the window (since the last land) that
// a land with --each leaves out: those series --session leaves out
// (seriesKeeps: the undone batches and the undos that name them), except
// an undo that takes back a batch already on the branch (a commit-mode
// batch, or one an earlier land committed): on the session's base, where
// a series applies, that batch and its undo cancel out; on HEAD the undo
// is a change, so it is kept, with the batches it names.
func leftOut(window []*ledger.Entry) map[plumbing.Hash]bool {
	in := map[plumbing.Hash]*ledger.Entry{}
	for _, e := range window {
		in[e.ID] = e
	}
	out := map[plumbing.Hash]bool{}
	for _, e := range window {
		if e.Kind != ledger.Batch || seriesKeeps(e, false) || !namesUndone(e) {
			continue
		}
		onBranch := false
		for _, id := range e.Undoes {
			n, ok := in[id]
			onBranch = onBranch || !ok || !n.Commit.IsZero()
		}
		if onBranch {
			continue
		}
		for _, id := range append(e.Undoes, e.ID) {
			out[id] = true
		}
	}
	return out
}

// headTree is the tree of HEAD's commit (the empty tree, written, on an
// unborn branch).
func (h *history) headTree() (plumbing.Hash, error) {
	if h.head.IsZero() {
		id, err := objects.UpdateTree(h.trees, plumbing.ZeroHash, nil)
		return id, wrapIO("write tree", err)
	}
	id, err := objects.CommitTree(h.db, h.head)
	return id, wrapIO("read commit "+h.head.String(), err)
}

// checkEachTree refuses a replay whose final tree is not the default
// land's: head with each landed file as the session left it.
func (p *sessionLand) checkEachTree(h *history, head, final plumbing.Hash, left map[string]ledger.Side) error {
	set := make([]objects.TreeChange, 0, len(p.files))
	for _, rel := range p.files {
		set = append(set, sideChange(rel, sideOfLedger(left[rel])))
	}
	want, err := objects.UpdateTree(h.trees, head, set)
	if err != nil {
		return spec.IOError("write tree", err)
	}
	if want == final {
		return nil
	}
	return spec.Errorf(spec.CodeConflict, "the batches of session %s replayed one by one on HEAD do not give what the session left (an undone batch, or a change made outside the session, overlaps the others); land it as one commit, without --each", p.session)
}

// eachConflict words a batch that does not replay for a land.
func (p *sessionLand) eachConflict(err error) error {
	if spec.CodeOf(err) != spec.CodeConflict {
		return err
	}
	return spec.Errorf(spec.CodeConflict, "session %s cannot be landed one commit per batch: %s; land it as one commit, without --each", p.session, spec.AsError(err).Message)
}

// wrapIO wraps a non-nil err as an io_error about what.
func wrapIO(what string, err error) error {
	if err == nil {
		return nil
	}
	return spec.IOError(what, err)
}

// eachCount counts what the commits of a land with --each are: one per
// batch and one per undo that changes HEAD's tree, and the batches whose
// change HEAD already holds (a commit-mode batch), which make none.
type eachCount struct{ batches, undos, skipped int }

// counted counts batch entry e of the replay, which made a commit or not.
func (p *sessionLand) counted(e *ledger.Entry, commit bool) {
	switch {
	case commit && e.Tool == ledger.ToolUndo:
		p.each.undos++
	case commit:
		p.each.batches++
	case e.Tool != ledger.ToolUndo:
		p.each.skipped++
	}
}

// String says what the commits are: "2 batches and 1 undo as 3
// commits", and how many batches made none ("(1 more already on the
// branch)").
func (c eachCount) String() string {
	var parts []string
	if c.batches > 0 || c.undos == 0 {
		parts = append(parts, batches(c.batches))
	}
	if c.undos > 0 {
		parts = append(parts, commitmsg.Plural(c.undos, "undo"))
	}
	s := strings.Join(parts, " and ") + " as " + commitmsg.Plural(c.batches+c.undos, "commit")
	if c.skipped > 0 {
		s += fmt.Sprintf(" (%d more already on the branch)", c.skipped)
	}
	return s
}

// fillEach replays the batches for a land with --each into each,
// writing the replay's objects as a batch writes its own (durable as
// core.fsync asks, with core.sharedRepository's permissions); a dry run
// writes them to a temporary object folder instead (dryObjects).
func (p *sessionLand) fillEach(r *repo.Repo, h *history, l *ledger.Store, sess *ledger.Session, left map[string]ledger.Side, each *batch.Each) error {
	h.db.SyncFile = r.ObjectSyncer()
	shared, err := r.SharedPerm()
	if err != nil {
		return err
	}
	h.db.Shared = shared
	if p.dryRun {
		dry, done, err := dryObjects(r, h)
		if err != nil {
			return err
		}
		defer done()
		h = dry
	}
	e, err := p.eachCommits(h, l, sess, left)
	if err != nil {
		return err
	}
	*each = *e
	return nil
}

// authorLine is an entry's author as a commit's author line ("" when it
// has no date: the land's author is used).
func authorLine(s objects.Signature) string {
	if s.When.IsZero() || s.Email == "" {
		return ""
	}
	return fmt.Sprintf("%s <%s> %d %s", s.Name, s.Email, s.When.Unix(), s.When.Format("-0700"))
}

// dryObjects is h reading the repository's objects and writing to a
// temporary object folder whose alternate they are, so that a dry run
// adds no object to the repository; done removes the folder.
func dryObjects(r *repo.Repo, h *history) (*history, func(), error) {
	dir, err := os.MkdirTemp("", "gitedit-dry-objects-")
	if err != nil {
		return nil, nil, spec.IOError("make a temporary object folder", err)
	}
	done := func() { _ = os.RemoveAll(dir) }
	repoObjects, err := filepath.Abs(r.ObjectsDir())
	if err == nil {
		err = os.MkdirAll(filepath.Join(dir, "info"), 0o700)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "info", "alternates"), []byte(repoObjects+"\n"), 0o600)
	}
	if err != nil {
		done()
		return nil, nil, spec.IOError("make a temporary object folder", err)
	}
	dry := newHistory(objects.NewDB(dir), h.head, h.ref)
	return dry, func() { _ = dry.db.Close(); done() }, nil
}
