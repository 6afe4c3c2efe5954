package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/gitedit"
)

// The session tools: changes (the own session's net change) and commit
// (land the own session), docs/reference.md#the-mcp-server.
const (
	ToolChanges = "changes"
	ToolCommit  = "commit"
)

// Their descriptions.
const (
	descChanges = "Show what you changed in this session: each file you changed, from before your first edit of it " +
		"to after your last (a diffstat and a unified diff; a file someone else also changed in between is marked " +
		"outside_changes and its diff includes their change). Review it before you say you are done."
	descCommit = "Commit your session's changes as one commit on the current branch (only the files you changed, " +
		"as you left them; other staged changes stay out). A file changed by someone else since your last edit of it " +
		"is refused (dirty). each: true makes one commit per batch instead, each with its batch's message."
)

// changes runs the changes tool: the own session's net change.
func (h *handlers) changes(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*toolResult, error) {
	if _, err := gitedit.DecodeChanges(args); err != nil {
		return nil, err
	}
	show, err := repo.ShowSession(ctx, gitedit.SessionRequest{Session: opt.Session})
	if err != nil && gitedit.AsError(err).Code == gitedit.CodeNotFound { // no batch yet
		show, err = &gitedit.SessionShow{Session: opt.Session, State: "open", Batches: []gitedit.SessionBatch{}, Files: []gitedit.SessionFile{}}, nil
	}
	if err != nil {
		return nil, err
	}
	out := capChanges(show)
	return textResult(changesText(out), out), nil
}

// counted is "1 batch", "2 batches".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// changesText renders a session's net change for the model: the
// counts, the stat and the diff, and the note when they were cut.
func changesText(c *okChanges) string {
	s := c.SessionShow
	if c.FilesTotal == 0 {
		return fmt.Sprintf("session %s: no net change (%s)\n", s.Session, counted(c.BatchesTotal, "batch", "batches"))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "session %s: %s, %s changed\n\n", s.Session, counted(c.BatchesTotal, "batch", "batches"), counted(c.FilesTotal, "file", "files"))
	b.WriteString(withNewline(s.Stat))
	b.WriteString("\n")
	b.WriteString(s.Diff)
	if c.Note != "" {
		fmt.Fprintf(&b, "# %s\n", c.Note)
	}
	return b.String()
}

// commit runs the commit tool: session land of the own session.
func (h *handlers) commit(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*toolResult, error) {
	req, err := gitedit.DecodeCommit(args)
	if err != nil {
		return nil, err
	}
	opt.Message = req.Message
	return inSession(opt.Session).applied(repo.LandSession(ctx, gitedit.LandRequest{Session: opt.Session, Each: req.Each}, opt))
}
