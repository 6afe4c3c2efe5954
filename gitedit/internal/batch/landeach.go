package batch

import (
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Each is the commits of a land with --each (docs/sessions.md), which its
// plan fills: Base is HEAD as the plan read it (the land is refused when
// HEAD moved before the batch read it under its lock), Commits are one
// per batch, oldest first. The last one's Tree is replaced by the land's
// own (HEAD's with the landed files as they are), which the plan checked
// its replay reaches (--dirty include adds the files' changes since).
type Each struct {
	Base    plumbing.Hash
	Commits []EachCommit
}

// EachCommit is one commit of a land with --each; Author "" is the
// land's author.
type EachCommit struct {
	Tree            plumbing.Hash
	Message, Author string
}

// WithEach makes a land (WithLand) make the commits its plan puts in e,
// each on the previous one, with one branch move; with none, the land
// makes its one commit. The ledger entry names the last.
func WithEach(e *Each) Option { return func(c *config) { c.each = e } }

// checkEach keeps the plan's commits once HEAD is read.
func (w *batchWriter) checkEach(e *Each) error {
	if e == nil || len(e.Commits) == 0 {
		return nil
	}
	if e.Base != w.head.Commit {
		return spec.Errorf(spec.CodeConflict, "HEAD moved from %s to %s while the land was planned; nothing was committed, try again", e.Base, w.head.Commit)
	}
	w.each = e
	return nil
}

// planEach plans the commits of a land with --each, the last one with
// the land's own tree; the land's message goes to its ledger entry.
func (w *batchWriter) planEach(p *commitPlan, tree plumbing.Hash) {
	for i, c := range w.each.Commits {
		if i == len(w.each.Commits)-1 {
			c.Tree = tree
		}
		if w.opt.Author != "" { // --author names every commit's author
			c.Author = ""
		}
		p.commits = append(p.commits, plannedCommit{tree: c.Tree, msg: c.Message, author: c.Author})
	}
	p.record = message(w.meta, w.out.Files, w.opt.Session, w.opt.Agent)
}
