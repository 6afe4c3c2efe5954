package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gitedit/gitedit/gitedit"
)

// handlers runs the tool calls of one server on one repository.
type handlers struct {
	// mu guards repo, which current replaces when git's configuration
	// changed.
	mu   sync.Mutex
	repo *gitedit.Repo
	// opt are the server's options; every call starts from a copy.
	opt gitedit.Options
	// warm runs the calls (see warm).
	warm warm
}

// current returns the repository for one call: the server's, opened again
// when git's configuration changed since (gitedit.Repo.Refreshed), so that
// a call never runs on a configuration another program has changed.
func (h *handlers) current() (*gitedit.Repo, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	r, err := h.repo.Refreshed()
	if err != nil {
		return nil, fmt.Errorf("open the repository again (its configuration changed): %w", err)
	}
	h.repo = r
	return r, nil
}

// callFunc runs one tool call on its raw arguments (a JSON object).
type callFunc func(h *handlers, ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*sdk.CallToolResult, error)

// calls maps each tool name to its implementation.
var calls = map[string]callFunc{
	ToolRead:       (*handlers).read,
	ToolEdit:       (*handlers).edit,
	ToolMultiEdit:  (*handlers).multiEdit,
	ToolApplyPatch: (*handlers).applyPatch,
	ToolLog:        (*handlers).log,
}

// handler returns the SDK handler of tool name. A refused request, and
// even a panic in the library, becomes a tool result with isError set:
// the agent sees it and the server keeps running.
func (h *handlers) handler(name string) sdk.ToolHandler {
	call := calls[name]
	if call == nil {
		call = undoCall(name)
	}
	return func(ctx context.Context, req *sdk.CallToolRequest) (res *sdk.CallToolResult, _ error) {
		h.warm.run(func() { res = h.run(ctx, name, call, req) })
		return res, nil
	}
}

// run runs one call of tool name, on a goroutine of h.warm.
func (h *handlers) run(ctx context.Context, name string, call callFunc, req *sdk.CallToolRequest) (res *sdk.CallToolResult) {
	defer recoverInto(&res, name)
	repo, err := h.current()
	if err == nil {
		res, err = call(h, ctx, repo, h.callOptions(req), arguments(req))
	}
	if err != nil {
		return refused(err)
	}
	return res
}

// recoverInto turns a panic of tool name's call into a refused result
// (io_error) stored in *res. It must be deferred.
func recoverInto(res **sdk.CallToolResult, name string) {
	if p := recover(); p != nil {
		*res = refused(fmt.Errorf("%s: internal error: %v", name, p))
	}
}

// callOptions returns the options of one call: the server's, with the
// client's name as the agent when none was configured.
func (h *handlers) callOptions(req *sdk.CallToolRequest) gitedit.Options {
	opt := h.opt
	if opt.Agent == "" && req.Session != nil {
		if p := req.Session.InitializeParams(); p != nil && p.ClientInfo != nil {
			opt.Agent = p.ClientInfo.Name
		}
	}
	return opt
}

// arguments returns a call's arguments; none is an empty object, so that
// a missing field is reported by name.
func arguments(req *sdk.CallToolRequest) json.RawMessage {
	if req.Params == nil || len(req.Params.Arguments) == 0 || string(req.Params.Arguments) == "null" {
		return json.RawMessage("{}")
	}
	return req.Params.Arguments
}

// read runs the read tool.
func (h *handlers) read(ctx context.Context, repo *gitedit.Repo, _ gitedit.Options, args json.RawMessage) (*sdk.CallToolResult, error) {
	req, err := gitedit.DecodeRead(args)
	if err != nil {
		return nil, err
	}
	res, err := repo.Read(ctx, *req)
	if err != nil {
		return nil, err
	}
	return readResult(res), nil
}

// edit runs the edit tool (docs/reference.md#edit).
func (h *handlers) edit(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*sdk.CallToolResult, error) {
	req, err := gitedit.DecodeEdit(args)
	if err != nil {
		return nil, err
	}
	return applied(repo.Edit(ctx, *req, opt))
}

// multiEdit runs the multiedit tool (docs/reference.md#multiedit).
func (h *handlers) multiEdit(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*sdk.CallToolResult, error) {
	req, err := gitedit.DecodeMultiEdit(args)
	if err != nil {
		return nil, err
	}
	return applied(repo.MultiEdit(ctx, *req, opt))
}

// applyPatch runs the apply_patch tool (docs/reference.md#patch).
func (h *handlers) applyPatch(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*sdk.CallToolResult, error) {
	req, err := gitedit.DecodePatch(args)
	if err != nil {
		return nil, err
	}
	return applied(repo.Patch(ctx, *req, opt))
}

// log runs the log tool.
func (h *handlers) log(ctx context.Context, repo *gitedit.Repo, _ gitedit.Options, args json.RawMessage) (*sdk.CallToolResult, error) {
	req, err := gitedit.DecodeLog(args)
	if err != nil {
		return nil, err
	}
	entries, err := repo.Log(ctx, *req)
	if err != nil {
		return nil, err
	}
	return logResult(entries), nil
}

// applied turns the outcome of a write into a tool result.
func applied(res *gitedit.Result, err error) (*sdk.CallToolResult, error) {
	if err != nil {
		return nil, err
	}
	return editResult(res), nil
}
