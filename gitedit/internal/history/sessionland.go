package history

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// trBatches is the Edit-Batches trailer of a land commit.
const trBatches = "Edit-Batches"

// LandSession makes one commit on the current branch holding, for each
// file session req.Session touched since its last land, the content its
// last batch left: HEAD's tree with only those files changed (other
// staged changes stay staged and out), Edit-Tool: land, Edit-Session,
// Edit-Batches and the per-file trailers. A file HEAD already holds as
// the session left it (a batch committed already) is not committed
// again. A session file whose index or working tree differs from what
// the session left is dirty (--dirty include commits it as it is). The
// land is recorded in the ledger, whose state becomes landed. With
// req.Each it makes one commit per batch instead (see eachCommits).
func LandSession(ctx context.Context, r *repo.Repo, req spec.LandRequest, opt spec.Options) (*spec.Result, error) {
	if err := ledger.CheckID(req.Session); err != nil {
		return nil, repo.LedgerError(req.Session, err)
	}
	if opt.Dirty == spec.DirtyCommitFirst {
		return nil, spec.Errorf(spec.CodeInvalidInput, "session land takes --dirty refuse or include, not commit-first")
	}
	if req.Each && opt.Message != "" {
		return nil, spec.Errorf(spec.CodeInvalidInput, "session land --each makes one commit per batch, each with its batch's message: it takes no -m")
	}
	opt = opt.ForRequest(req.DryRun, "")
	opt.Session, opt.Commit, opt.NoStage = req.Session, true, false
	var plan *sessionLand
	var each *batch.Each
	if req.Each {
		each = &batch.Each{}
	}
	out, err := batch.Run(ctx, r, opt, func(t *batch.Txn) (*commitmsg.Meta, error) {
		p, err := planLand(ctx, t, req.Session, opt, each)
		plan = p
		if err != nil {
			return nil, err
		}
		return p.meta(opt.Message), nil
	}, batch.WithRequest(req), batch.WithLand(), batch.WithEach(each))
	if err != nil {
		return nil, err
	}
	return plan.result(out, opt), nil
}

// sessionLand is a land being prepared.
type sessionLand struct {
	session string
	// batches are the subjects of the batches landed, oldest first.
	batches []string
	files   []string
	// undone reports batches since the last land that were undone: with
	// none left, there is nothing to land (not a no-op).
	undone bool
	// outside marks the files someone else changed between two of the
	// session's batches, or after its last one (--dirty include): the
	// land commits their changes with the session's.
	outside map[string]bool
	// each counts what the commits of a land with --each are (nil
	// without); dryRun replays them without writing an object (see
	// fillEach).
	each   *eachCount
	dryRun bool
	// undoneOnBranch counts the batches already on the branch (a
	// commit-mode batch, or one an earlier land committed) that the undos
	// since the last land took back: the land carries their undo.
	undoneOnBranch int
}

// planLand reads the session's ledger (under the lock), reads each file
// it touched since its last land into t (as it is: WithLand commits it)
// and refuses files that differ from what the session left; with each
// set, it fills each with one commit per batch.
func planLand(ctx context.Context, t *batch.Txn, id string, opt spec.Options, each *batch.Each) (*sessionLand, error) {
	r := t.Repo()
	h, err := openHistory(r)
	if err != nil {
		return nil, err
	}
	defer h.close()
	l := h.ledgers(r)
	sess, err := l.Read(ctx, id)
	if err != nil {
		return nil, repo.LedgerError(id, err)
	}
	p := &sessionLand{session: id, outside: map[string]bool{}, dryRun: opt.DryRun}
	left, err := p.sinceLand(l, sess)
	if err != nil {
		return nil, repo.LedgerError(id, err)
	}
	if len(p.batches) == 0 && len(p.files) == 0 && p.undone {
		return nil, spec.Errorf(spec.CodeNotFound, "session %s has no batch to land: every batch since its last land was undone", id)
	}
	var differ []string
	for _, rel := range p.files {
		same, err := leftAsIs(r, t, rel, left[rel])
		if err != nil {
			return nil, err
		}
		if !same {
			differ = append(differ, rel)
			p.outside[rel] = true
		}
	}
	if len(differ) > 0 && opt.Dirty != spec.DirtyInclude {
		return nil, &spec.Error{Code: spec.CodeDirty, FilePath: differ[0], Message: fmt.Sprintf(
			"%s changed since session %s's last batch of it (in the working tree or the index); commit or discard those changes, or pass --dirty include to land the files with them",
			spec.QuotePaths(differ), id)}
	}
	if each != nil {
		p.each = &eachCount{}
		return p, p.fillEach(r, h, l, sess, left, each)
	}
	return p, nil
}

// sinceLand collects the batches since the session's last land (oldest
// first, undone ones and undos included: their net effect is in the
// files) and, per file they touched, the side the last one left; it
// notes the files someone else changed between two of them (an outside
// entry, as session show's outside_changes).
func (p *sessionLand) sinceLand(l *ledger.Store, sess *ledger.Session) (map[string]ledger.Side, error) {
	since := landWindow(sess)
	first, left, live := map[string]ledger.Side{}, map[string]ledger.Side{}, map[string]bool{}
	outside := map[string]bool{}
	onBranch, err := landedUndone(l, sess, since)
	if err != nil {
		return nil, err
	}
	for i := len(since) - 1; i >= 0; i-- {
		e := since[i]
		changes, err := l.Files(e)
		if err != nil {
			return nil, err
		}
		if e.Kind == ledger.Outside {
			for _, c := range changes {
				_, seen := left[c.Path]
				outside[c.Path] = outside[c.Path] || seen
			}
			continue
		}
		kept := e.Tool != ledger.ToolUndo && !e.Undone
		for _, c := range changes {
			if _, seen := first[c.Path]; !seen {
				first[c.Path] = c.Before
			}
			left[c.Path] = c.After
			live[c.Path] = live[c.Path] || kept
			onBranch[c.Path] = onBranch[c.Path] || !e.Commit.IsZero()
		}
		if kept {
			p.batches = append(p.batches, e.Subject)
		}
		if e.Tool == ledger.ToolUndo {
			p.undoneOnBranch += countOnBranch(e.Undoes, since)
		}
		p.undone = p.undone || e.Undone
	}
	for rel := range left {
		// A file only undone batches touched holds no change of the
		// session's; nor does one its batches left as they found it
		// (edited, then edited back): neither is landed. Unless a
		// commit-mode batch or an earlier land put a change of it on the
		// branch: then what the session left (its undo, or the edit
		// back) is landed too, or HEAD would keep what the session took
		// back (the batch core leaves out a file HEAD already holds as
		// the session left it).
		if live[rel] && first[rel] != left[rel] || onBranch[rel] {
			p.files = append(p.files, rel)
			p.outside[rel] = outside[rel]
		}
	}
	sort.Strings(p.files)
	return left, nil
}

// landedUndone returns the files of the batches from before the last
// land (landed, so on the branch) that an undo since then took back: the
// land commits what those undos left.
func landedUndone(l *ledger.Store, sess *ledger.Session, since []*ledger.Entry) (map[string]bool, error) {
	out := map[string]bool{}
	inWindow := make(map[plumbing.Hash]bool, len(since))
	for _, e := range since {
		inWindow[e.ID] = true
	}
	var before map[plumbing.Hash]*ledger.Entry
	for _, e := range since {
		for _, u := range e.Undoes {
			if inWindow[u] {
				continue
			}
			if before == nil {
				before = make(map[plumbing.Hash]*ledger.Entry, len(sess.Entries))
				for _, b := range sess.Entries[len(since):] {
					before[b.ID] = b
				}
			}
			b, ok := before[u]
			if !ok {
				continue
			}
			changes, err := l.Files(b)
			if err != nil {
				return nil, err
			}
			for _, c := range changes {
				out[c.Path] = true
			}
		}
	}
	return out, nil
}

// landWindow returns the session's entries since its last land, newest
// first: its batch entries and outside entries, the land and the start
// entry excluded.
func landWindow(sess *ledger.Session) []*ledger.Entry {
	var out []*ledger.Entry
	for _, e := range sess.Entries {
		if e.Kind == ledger.Start || e.Kind == ledger.Batch && e.Tool == ledger.ToolLand {
			break
		}
		out = append(out, e)
	}
	return out
}

// leftAsIs reads rel into t and reports whether its working-tree file
// and index entry are as the session left it (side).
func leftAsIs(r *repo.Repo, t *batch.Txn, rel string, side ledger.Side) (bool, error) {
	prevBinary, prevFolder := t.AllowBinary, t.FolderIsGone
	t.AllowBinary, t.FolderIsGone = true, !side.Exists() // a folder where the session deleted a file
	st, err := t.ReadRelEntry(rel)
	t.AllowBinary, t.FolderIsGone = prevBinary, prevFolder
	if err != nil {
		return false, err
	}
	e := t.Idx.Entry(rel)
	if !side.Exists() {
		return !st.Exists && e == nil, nil
	}
	if !st.Exists || e == nil || e.Hash != side.Hash || repo.EntryMode(st) != side.Mode {
		return false, nil
	}
	content := st.Content
	if !st.IsLink() {
		if content, err = r.ToGitForIndex(rel, st.Content, e.Hash); err != nil {
			return false, err
		}
	}
	return hashOf(content) == side.Hash, nil
}

// meta describes the land for its commit message.
func (p *sessionLand) meta(message string) *commitmsg.Meta {
	m := &commitmsg.Meta{Tool: string(spec.ToolLand), Subject: message, Count: len(p.files),
		Extra: []commitmsg.Trailer{{Key: trBatches, Value: strconv.Itoa(len(p.batches))}}}
	if m.Subject == "" {
		m.Subject = fmt.Sprintf("Land session %s (%s)", p.session, p.what())
	}
	for _, s := range p.batches {
		m.Body = append(m.Body, commitmsg.SafeLine("- "+s))
	}
	return m
}

// what says what the land carries: "2 batches", "2 batches and undo of
// 1 batch" when it also takes back batches already on the branch, or for
// a land of no batch, only such undos, "undo of 1 batch".
func (p *sessionLand) what() string {
	var parts []string
	if len(p.batches) > 0 || p.undoneOnBranch == 0 {
		parts = append(parts, batches(len(p.batches)))
	}
	if p.undoneOnBranch > 0 {
		parts = append(parts, "undo of "+batches(p.undoneOnBranch))
	}
	return strings.Join(parts, " and ")
}

// countOnBranch counts the entries of ids that are on the branch: not
// in the window since the last land (landed by it), or in it with a
// branch commit (commit mode).
func countOnBranch(ids []plumbing.Hash, window []*ledger.Entry) int {
	n := 0
	for _, id := range ids {
		i := slices.IndexFunc(window, func(e *ledger.Entry) bool { return e.ID == id })
		if i < 0 || !window[i].Commit.IsZero() {
			n++
		}
	}
	return n
}

// result builds the docs/reference.md#results result of a land.
func (p *sessionLand) result(out *batch.Outcome, opt spec.Options) *spec.Result {
	res := out.Result(spec.ToolLand, opt)
	res.EditsApplied = len(out.Files)
	if len(res.Files) == 1 {
		res.FilePath = res.Files[0].FilePath
	}
	out.Fill(res)
	if !out.Changed {
		res.Summary = fmt.Sprintf("Nothing to land: HEAD already holds what session %s left", p.session)
		return res
	}
	p.markOutside(res)
	landed := p.what()
	if p.each != nil {
		landed = p.each.String()
	}
	res.Summary = res.Decorate(fmt.Sprintf("Landed session %s: %s, %s", p.session, landed, commitmsg.Plural(len(out.Files), "file")))
	return res
}

// markOutside marks the landed files that hold changes someone else made
// (see sessionLand.outside) and names them in a note.
func (p *sessionLand) markOutside(res *spec.Result) {
	var names []string
	for i := range res.Files {
		if p.outside[res.Files[i].FilePath] {
			res.Files[i].OutsideChanges = true
			names = append(names, res.Files[i].FilePath)
		}
	}
	verb := "hold"
	if len(names) == 1 {
		verb = "holds"
	}
	if len(names) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%s also %s changes made outside session %s (between its batches, or since its last one); they are landed with it",
			spec.QuotePaths(names), verb, p.session))
	}
}
