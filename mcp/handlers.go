package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

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
type callFunc func(h *handlers, ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*toolResult, error)

// calls maps each tool name to its implementation.
var calls = map[string]callFunc{
	ToolRead:       (*handlers).read,
	ToolEdit:       (*handlers).edit,
	ToolMultiEdit:  (*handlers).multiEdit,
	ToolApplyPatch: (*handlers).applyPatch,
	ToolLog:        (*handlers).log,
}

// call runs one call of tool name with the raw arguments args (nil: none)
// from the client named client. A refused request, and even a panic in
// the library, becomes a tool result with isError set: the agent sees it
// and the server keeps running. ok is false for an unknown tool.
func (h *handlers) call(ctx context.Context, name, client string, args json.RawMessage) (res *toolResult, ok bool) {
	call := calls[name]
	if call == nil {
		call = undoCall(name)
	}
	if call == nil {
		return nil, false
	}
	h.warm.run(func() { res = h.run(ctx, name, call, client, args) })
	return res, true
}

// run runs one call of tool name, on a goroutine of h.warm.
func (h *handlers) run(ctx context.Context, name string, call callFunc, client string, args json.RawMessage) (res *toolResult) {
	defer recoverInto(&res, name)
	repo, err := h.current()
	if err == nil {
		res, err = call(h, ctx, repo, h.callOptions(client), arguments(args))
	}
	if err != nil {
		return refused(err)
	}
	return res
}

// recoverInto turns a panic of tool name's call into a refused result
// (io_error) stored in *res. It must be deferred.
func recoverInto(res **toolResult, name string) {
	if p := recover(); p != nil {
		*res = refused(fmt.Errorf("%s: internal error: %v", name, p))
	}
}

// callOptions returns the options of one call: the server's, with the
// client's name as the agent when none was configured.
func (h *handlers) callOptions(client string) gitedit.Options {
	opt := h.opt
	if opt.Agent == "" {
		opt.Agent = client
	}
	return opt
}

// arguments returns a call's arguments; none is an empty object, so that
// a missing field is reported by name.
func arguments(args json.RawMessage) json.RawMessage {
	if len(args) == 0 || string(args) == "null" {
		return json.RawMessage("{}")
	}
	return args
}

// read runs the read tool.
func (h *handlers) read(ctx context.Context, repo *gitedit.Repo, _ gitedit.Options, args json.RawMessage) (*toolResult, error) {
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
func (h *handlers) edit(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*toolResult, error) {
	req, err := gitedit.DecodeEdit(args)
	if err != nil {
		return nil, err
	}
	return inSession(opt.Session).applied(repo.Edit(ctx, *req, opt))
}

// multiEdit runs the multiedit tool (docs/reference.md#multiedit).
func (h *handlers) multiEdit(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*toolResult, error) {
	req, err := gitedit.DecodeMultiEdit(args)
	if err != nil {
		return nil, err
	}
	return inSession(opt.Session).applied(repo.MultiEdit(ctx, *req, opt))
}

// applyPatch runs the apply_patch tool (docs/reference.md#patch).
func (h *handlers) applyPatch(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, args json.RawMessage) (*toolResult, error) {
	req, err := gitedit.DecodePatch(args)
	if err != nil {
		return nil, err
	}
	return inSession(opt.Session).applied(repo.Patch(ctx, *req, opt))
}

// log runs the log tool.
func (h *handlers) log(ctx context.Context, repo *gitedit.Repo, _ gitedit.Options, args json.RawMessage) (*toolResult, error) {
	req, err := gitedit.DecodeLog(args)
	if err != nil {
		return nil, err
	}
	list, err := repo.LogList(ctx, *req)
	if err != nil {
		return nil, err
	}
	return logResult(list), nil
}

// inSession is the session a write was recorded in (the server's own,
// unless an undo named another).
type inSession string

// applied turns the outcome of a write into a tool result that names
// the session it was recorded in.
func (s inSession) applied(res *gitedit.Result, err error) (*toolResult, error) {
	if err != nil {
		return nil, err
	}
	res.Session = string(s)
	return editResult(res), nil
}
