package mcp

import (
	"context"
	"encoding/json"
	"reflect"

	"github.com/gitedit/gitedit/gitedit"
)

// undoSpecs lists the undo tool, whose schema comes from
// gitedit.UndoRequest.
func undoSpecs() []ToolSpec {
	return []ToolSpec{{ToolUndo, descUndo, reflect.TypeFor[gitedit.UndoRequest](), false}}
}

// undoCall returns the undo tool's implementation for name ToolUndo.
func undoCall(name string) callFunc {
	if name != ToolUndo {
		return nil
	}
	return (*handlers).undo
}

// undo runs the undo tool: it reverts a gitedit commit with a new one.
func (h *handlers) undo(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*toolResult, error) {
	req, err := gitedit.DecodeUndo(args)
	if err != nil {
		return nil, err
	}
	return applied(repo.Undo(ctx, *req, opt))
}
