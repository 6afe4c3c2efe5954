package mcp

import (
	"context"
	"encoding/json"
	"reflect"

	"github.com/gitedit/gitedit/gitedit"
)

// undoSpecs lists the undo tool and the session tools, whose schemas
// come from their request types.
func undoSpecs() []ToolSpec {
	return []ToolSpec{
		{ToolUndo, descUndo, reflect.TypeFor[gitedit.ToolUndoRequest](), false},
		{ToolChanges, descChanges, reflect.TypeFor[gitedit.ChangesRequest](), true},
		{ToolCommit, descCommit, reflect.TypeFor[gitedit.CommitRequest](), false},
	}
}

// undoCall returns the implementation of the undo tool or a session tool
// for name (nil for another name).
func undoCall(name string) callFunc {
	switch name {
	case ToolUndo:
		return (*handlers).undo
	case ToolChanges:
		return (*handlers).changes
	case ToolCommit:
		return (*handlers).commit
	}
	return nil
}

// undo runs the undo tool: the newest batch of the server's own session
// (all: every batch; session: another session's), or with commit a
// revert of that commit.
func (h *handlers) undo(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*toolResult, error) {
	req, err := gitedit.DecodeToolUndo(args)
	if err != nil {
		return nil, err
	}
	if req.Commit != "" {
		return inSession(opt.Session).applied(repo.Undo(ctx, gitedit.UndoRequest{Commit: req.Commit, DryRun: req.DryRun}, opt))
	}
	s := gitedit.SessionUndoRequest{Session: opt.Session, Last: 1, DryRun: req.DryRun}
	if req.Session != "" {
		s.Session = req.Session
	}
	if req.All {
		s.Last = 0
	}
	res, err := repo.UndoSession(ctx, s, opt)
	return inSession(s.Session).applied(res, err)
}
