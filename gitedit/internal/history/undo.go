package history

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/engine/diff"
	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Undo reverts a gitedit commit with a new commit (always: an undo is a
// revert, whatever opt.Commit says): subject `Revert "<subject>"`, body
// `This reverts commit <sha>.`, trailers Edit-Tool: undo and Edit-Reverts
// plus the per-file ones. The inverse is merged into HEAD's version of
// each touched file, so later changes elsewhere in a file are kept; a
// later change to the same lines is conflict and nothing changes. A
// touched file with uncommitted changes is dirty. Without a commit to
// revert: nothing_to_undo. Reverting an undo commit re-applies the change.
func Undo(ctx context.Context, r *repo.Repo, req spec.UndoRequest, opt spec.Options) (*spec.Result, error) {
	opt = opt.ForRequest(req.DryRun, "")
	opt.Commit, opt.NoStage, opt.Dirty = true, false, spec.DirtyRefuse
	var plan *undoPlan
	out, err := batch.Run(ctx, r, opt, func(t *batch.Txn) (*commitmsg.Meta, error) {
		p, err := planUndo(t.Repo(), t, req.Commit)
		plan = p
		if err != nil {
			return nil, err
		}
		return p.meta(opt.Message), nil
	}, batch.WithRequest(req))
	if req.Commit != "" {
		if err != nil {
			return nil, err
		}
		return plan.result(out, opt), nil
	}
	var res *spec.Result
	var target *objects.CommitInfo
	if err == nil {
		res, target = plan.result(out, opt), plan.target
	}
	return withStagedHint(ctx, r, target, res, err)
}

// undoPlan is a revert being prepared.
type undoPlan struct {
	target *objects.CommitInfo
	files  []string
}

// planUndo picks the commit to revert (under the lock, from the current
// HEAD) and plans the inverse of its changes in t.
func planUndo(r *repo.Repo, t *batch.Txn, rev string) (*undoPlan, error) {
	h, err := openHistory(r)
	if err != nil {
		return nil, err
	}
	defer h.close()
	target, err := h.undoTarget(rev)
	if err != nil {
		return nil, err
	}
	sides, err := h.revertSides(target)
	if err != nil {
		return nil, err
	}
	prev := t.AllowBinary
	t.AllowBinary = true
	defer func() { t.AllowBinary = prev }()
	if err := checkUndoClean(r, t, sides); err != nil {
		return nil, err
	}
	plan := &undoPlan{target: target}
	return plan, applyRevert(r, t, h, sides, plan)
}

// undoTarget resolves the commit to revert: rev, or the newest gitedit
// commit along HEAD's first parents that is not reverted by a later undo
// (itself not reverted) and is not an undo — except a redo (an undo of an
// undo), which plain undo takes back like any change, as an editor's undo
// stack does.
func (h *history) undoTarget(rev string) (*objects.CommitInfo, error) {
	if h.head.IsZero() {
		return nil, spec.Errorf(spec.CodeNothingToUndo, "the branch has no commit yet")
	}
	var want plumbing.Hash
	if rev != "" {
		id, err := h.resolve(rev)
		if err != nil {
			return nil, err
		}
		want = id
	}
	found, reverted, err := h.walkForUndo(want)
	if err != nil {
		return nil, err
	}
	if found != nil && h.shallow[found.Hash] {
		return nil, spec.Errorf(spec.CodeUnsupported, "%s is a shallow commit of this clone (its parent is not here, so its changes are unknown); fetch more history first (git fetch --deepen=1)", describeCommit(found))
	}
	return checkUndoTarget(found, rev, reverted)
}

// walkForUndo walks HEAD's first parents to want (zero: to the newest
// commit undoable by default, see undoTarget), collecting which commits
// later undo commits revert (reverted id → undo commit id); an undo that
// a later redo reverted reverts nothing.
func (h *history) walkForUndo(want plumbing.Hash) (*objects.CommitInfo, map[string]string, error) {
	reverted := map[string]string{}
	var found *objects.CommitInfo
	err := h.firstParents(h.head, func(c *objects.CommitInfo) bool {
		e, ok := entryOf(c)
		live := ok && reverted[e.Commit] == ""
		if c.Hash == want || want.IsZero() && live && (e.Tool != string(spec.ToolUndo) || h.isRedo(e)) {
			found = c
			return false
		}
		if live {
			markReverted(reverted, e)
		}
		return true
	})
	return found, reverted, err
}

// markReverted records the commits e reverts (every Edit-Reverts: an
// undo --session reverts several) that no later undo reverted already.
func markReverted(reverted map[string]string, e spec.LogEntry) {
	for _, t := range e.Trailers {
		if strings.EqualFold(t.Key, trReverts) && reverted[t.Value] == "" {
			reverted[t.Value] = e.Commit
		}
	}
}

// isRedo reports whether e is an undo of an undo commit.
func (h *history) isRedo(e spec.LogEntry) bool {
	if e.Tool != string(spec.ToolUndo) || e.Reverts == "" {
		return false
	}
	c, err := h.commit(plumbing.NewHash(e.Reverts))
	if err != nil {
		return false
	}
	target, ok := entryOf(c)
	return ok && target.Tool == string(spec.ToolUndo)
}

// checkUndoTarget refuses a target that is missing, not a gitedit commit,
// a merge, or already reverted.
func checkUndoTarget(c *objects.CommitInfo, rev string, reverted map[string]string) (*objects.CommitInfo, error) {
	switch {
	case c == nil && rev == "":
		return nil, spec.Errorf(spec.CodeNothingToUndo, "no gitedit commit left to undo on this branch")
	case c == nil:
		return nil, spec.Errorf(spec.CodeInvalidInput, "%s is not on the current branch (HEAD's first-parent history)", rev)
	case len(c.Parents) > 1:
		return nil, spec.Errorf(spec.CodeUnsupported, "%s is a merge commit; gitedit undoes single-parent commits only", describeCommit(c))
	}
	if _, ok := entryOf(c); !ok {
		return nil, spec.Errorf(spec.CodeInvalidInput, "%s is not a gitedit commit (it has no Edit-Tool trailer); use git revert", describeCommit(c))
	}
	if by := reverted[c.Hash.String()]; by != "" {
		return nil, spec.Errorf(spec.CodeNothingToUndo, "%s is already undone by %s", describeCommit(c), shortID(by))
	}
	return c, nil
}

// treeSide is one path's entry in a tree, if any.
type treeSide struct {
	exists bool
	hash   plumbing.Hash
	mode   filemode.FileMode
}

// same reports whether two sides hold the same content and mode.
func (a treeSide) same(b treeSide) bool {
	return a.exists == b.exists && (!a.exists || a.hash == b.hash && a.mode == b.mode)
}

// revertSide is one touched path: its state before the target (theirs:
// what the revert restores), in the target (base) and at HEAD (ours).
type revertSide struct {
	rel                string
	theirs, base, ours treeSide
}

// revertSides lists the paths the target changed with their three sides,
// looked up with gitedit's own tree reader: go-git's path lookup refuses
// names git accepts (a newline, a tab, other control bytes).
func (h *history) revertSides(target *objects.CommitInfo) ([]revertSide, error) {
	changes, err := h.commitChanges(target)
	if err != nil {
		return nil, err
	}
	headCommit, err := h.commit(h.head)
	if err != nil {
		return nil, err
	}
	var parentTree plumbing.Hash
	if len(target.Parents) > 0 {
		p, err := h.commit(target.Parents[0])
		if err != nil {
			return nil, err
		}
		parentTree = p.Tree
	}
	theirs, base, ours := objects.NewTreeLookup(h.trees, parentTree), objects.NewTreeLookup(h.trees, target.Tree), objects.NewTreeLookup(h.trees, headCommit.Tree)
	sides := make([]revertSide, 0, len(changes))
	for _, c := range changes {
		rel := c.to.Path()
		if rel == "" {
			rel = c.from.Path()
		}
		sides = append(sides, revertSide{rel: rel, theirs: sideOf(theirs, rel), base: sideOf(base, rel), ours: sideOf(ours, rel)})
	}
	return sides, nil
}

// sideOf looks rel up in a commit's tree.
func sideOf(l *objects.TreeLookup, rel string) treeSide {
	hash, mode, ok := l.File(rel)
	return treeSide{exists: ok, hash: hash, mode: mode}
}

// checkUndoClean refuses (dirty) when a touched file's working-tree or
// index content differs from HEAD: the revert is computed from HEAD.
func checkUndoClean(r *repo.Repo, t *batch.Txn, sides []revertSide) error {
	var dirty []string
	for _, s := range sides {
		clean, err := matchesHead(r, t, s)
		if err != nil {
			return err
		}
		if !clean {
			dirty = append(dirty, s.rel)
		}
	}
	if len(dirty) == 0 {
		return nil
	}
	return spec.DirtyError(dirty, "uncommitted changes", "commit or discard {them} before undoing")
}

// matchesHead reports whether rel's working-tree file and index entry
// are as in HEAD.
func matchesHead(r *repo.Repo, t *batch.Txn, s revertSide) (bool, error) {
	read := t.ReadRelEntry
	if !s.ours.exists {
		read = t.ReadRelEntryToCreate // a folder where HEAD has no file: see batch.Txn.ReadEntryToCreate
	}
	st, err := read(s.rel)
	if err != nil {
		return false, err
	}
	e := t.Idx.Entry(s.rel)
	if !s.ours.exists {
		return !st.Exists && e == nil, nil
	}
	if !st.Exists || e == nil || e.Hash != s.ours.hash || filemode.FileMode(e.Mode) != s.ours.mode || repo.EntryMode(st) != s.ours.mode {
		return false, nil
	}
	if st.IsLink() {
		return objects.HashBlob(st.Content) == s.ours.hash, nil
	}
	h, err := r.HashFile(s.rel, st.Content)
	return h == s.ours.hash, err
}

// applyRevert plans each path's reverted state: the old side where HEAD
// still has the target's version, a three-way merge where HEAD changed
// since, nothing where HEAD already has the old side. Conflicting paths
// are collected into one conflict error.
func applyRevert(r *repo.Repo, t *batch.Txn, h *history, sides []revertSide, plan *undoPlan) error {
	var conflicts []string
	first := ""
	for _, s := range sides {
		if s.ours.same(s.theirs) {
			continue
		}
		msg, err := revertPath(r, t, h, s)
		if err != nil {
			return err
		}
		if msg != "" && first == "" {
			first = s.rel
		}
		if msg != "" {
			conflicts = append(conflicts, msg)
			continue
		}
		plan.files = append(plan.files, s.rel)
	}
	if len(conflicts) > 0 {
		return &spec.Error{Code: spec.CodeConflict, Message: fmt.Sprintf("%s cannot be undone: later changes touch the same lines:\n%s",
			describeCommit(plan.target), strings.Join(conflicts, "\n")), FilePath: first}
	}
	if len(plan.files) == 0 {
		return spec.Errorf(spec.CodeNothingToUndo, "the changes of %s are already undone in HEAD", describeCommit(plan.target))
	}
	return nil
}

// revertPath plans one path, or returns a conflict description.
func revertPath(r *repo.Repo, t *batch.Txn, h *history, s revertSide) (string, error) {
	if s.ours.same(s.base) {
		return "", restoreSide(r, t, h, s.rel, s.theirs)
	}
	merged, mode, msg, err := mergeRevert(s, func() ([]string, error) {
		return h.blobTexts(s.base.hash, s.ours.hash, s.theirs.hash)
	})
	if err != nil || msg != "" {
		return msg, err
	}
	return "", writeReverted(r, t, s.rel, []byte(merged), mode)
}

// mergeRevert takes back the change theirs → base from ours (whose
// content differs from base) by a three-way line merge; texts reads the
// git-form contents of base, ours and theirs, in that order. It returns the merged content and mode, or a
// description of the conflict: a side created or deleted, both sides
// changing the mode, a binary file, lines both sides changed.
func mergeRevert(s revertSide, texts func() ([]string, error)) (string, filemode.FileMode, string, error) {
	if !s.ours.exists || !s.base.exists || !s.theirs.exists {
		return "", 0, fmt.Sprintf("%s: created or deleted by one side and changed by the other", quote.QuotePath(s.rel)), nil
	}
	mode, ok := mergeMode(s)
	if !ok {
		return "", 0, fmt.Sprintf("%s: its mode changed since", quote.QuotePath(s.rel)), nil
	}
	tx, err := texts()
	if err != nil {
		return "", 0, "", err
	}
	if repo.IsBinary([]byte(tx[0])) || repo.IsBinary([]byte(tx[1])) || repo.IsBinary([]byte(tx[2])) {
		return "", 0, fmt.Sprintf("%s: binary file changed since", quote.QuotePath(s.rel)), nil
	}
	merged, lines := diff.Merge3(tx[0], tx[1], tx[2])
	if lines != nil {
		word := "lines"
		if len(lines) == 1 {
			word = "line"
		}
		return "", 0, fmt.Sprintf("%s: %s %s", quote.QuotePath(s.rel), word, spec.JoinInts(lines)), nil
	}
	return merged, mode, "", nil
}

// mergeMode merges the file modes: the revert's mode change applies
// unless HEAD changed the mode too.
func mergeMode(s revertSide) (filemode.FileMode, bool) {
	switch {
	case s.ours.mode == s.base.mode:
		return s.theirs.mode, true
	case s.theirs.mode == s.base.mode:
		return s.ours.mode, true
	}
	return 0, s.ours.mode == s.theirs.mode
}

// restoreSide plans rel to become side (deleted when it does not exist).
func restoreSide(r *repo.Repo, t *batch.Txn, h *history, rel string, side treeSide) error {
	if !side.exists {
		t.Remove(rel)
		return nil
	}
	texts, err := h.blobTexts(side.hash)
	if err != nil {
		return err
	}
	return writeReverted(r, t, rel, []byte(texts[0]), side.mode)
}

// writeReverted plans git-form content for rel in the working tree's
// form: when the current file is CRLF while the content is LF and git
// would store the CRLF form as this content (core.autocrlf, eol=crlf),
// the file gets CRLF.
func writeReverted(r *repo.Repo, t *batch.Txn, rel string, content []byte, mode filemode.FileMode) error {
	cur, err := t.ReadRelEntry(rel)
	if err != nil {
		return err
	}
	if mode == filemode.Symlink {
		t.Write(rel, content, batch.ModeSymlink)
		return nil
	}
	if cur.Exists && bytes.Contains(cur.Content, []byte("\r\n")) && !bytes.Contains(content, []byte("\r\n")) {
		if conv := bytes.ReplaceAll(content, []byte("\n"), []byte("\r\n")); sameBlob(r, rel, conv, content) {
			content = conv
		}
	}
	perm := os.FileMode(0o644)
	if mode == filemode.Executable {
		perm = 0o755
	}
	t.Write(rel, content, perm)
	return nil
}

// sameBlob reports whether working-tree content conv is stored by git as
// gitForm (so writing conv is faithful).
func sameBlob(r *repo.Repo, rel string, conv, gitForm []byte) bool {
	h, err := r.HashFile(rel, conv)
	return err == nil && h == plumbing.ComputeHash(plumbing.BlobObject, gitForm)
}

// blobTexts reads blobs as strings.
func (h *history) blobTexts(ids ...plumbing.Hash) ([]string, error) {
	out := make([]string, len(ids))
	for i, id := range ids {
		b, err := h.db.Read(plumbing.BlobObject, id)
		if err != nil {
			return nil, spec.IOError("read blob "+id.String(), err)
		}
		out[i] = string(b)
	}
	return out, nil
}

// meta describes the revert for its commit message.
func (p *undoPlan) meta(message string) *commitmsg.Meta {
	subject, _ := splitMessage(p.target.Message)
	id := p.target.Hash.String()
	m := &commitmsg.Meta{Tool: string(spec.ToolUndo), Subject: message, Count: len(p.files),
		Extra: []commitmsg.Trailer{{Key: trReverts, Value: id}}}
	if m.Subject == "" {
		m.Subject = "Revert \"" + subject + "\""
	}
	m.Body = []string{"This reverts commit " + id + ".", ""}
	for _, rel := range p.files {
		m.Body = append(m.Body, commitmsg.Path(rel)+": reverted")
	}
	return m
}

// result builds the docs/reference.md#results result of an undo.
func (p *undoPlan) result(out *batch.Outcome, opt spec.Options) *spec.Result {
	res := out.Result(spec.ToolUndo, opt)
	res.EditsApplied = len(p.files)
	if len(res.Files) == 1 {
		res.FilePath = res.Files[0].FilePath
	}
	out.Fill(res)
	res.Summary = res.Decorate(fmt.Sprintf("Reverted %s (%s)", describeCommit(p.target), commitmsg.Plural(len(p.files), "file")))
	return res
}
