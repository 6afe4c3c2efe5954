package gitedit

import (
	"context"
	"fmt"

	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/patch"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Edit applies one edit request (docs/reference.md#edit) as one batch.
func (r *Repo) Edit(ctx context.Context, req EditRequest, opt Options) (*Result, error) {
	opt = opt.ForRequest(req.DryRun, "")
	return r.run(ctx, opt, req, batch.NewSteps(ToolEdit, opt.Message, r.editFunc(ToolEdit, multiOf(req), opt)))
}

// MultiEdit applies a multiedit request (docs/reference.md#multiedit) as one batch.
func (r *Repo) MultiEdit(ctx context.Context, req MultiEditRequest, opt Options) (*Result, error) {
	opt = opt.ForRequest(req.DryRun, "")
	return r.run(ctx, opt, req, batch.NewSteps(ToolMultiEdit, opt.Message, r.editFunc(ToolMultiEdit, req, opt)))
}

// Batch applies several operations as one atomic batch (docs/reference.md#batch): every
// operation applies or none does, and in commit mode the batch is one
// commit. Operations on the same file see the results of earlier ones.
func (r *Repo) Batch(ctx context.Context, req BatchRequest, opt Options) (*Result, error) {
	if len(req.Operations) == 0 {
		return nil, spec.Errorf(CodeInvalidInput, "operations: at least one operation is required")
	}
	opt = opt.ForRequest(false, req.Message)
	fns := make([]batch.StepFunc, 0, len(req.Operations))
	for i, op := range req.Operations {
		f, dry, err := r.operationFunc(i, op, opt)
		if err != nil {
			return nil, err
		}
		opt = opt.ForRequest(dry, "")
		fns = append(fns, inOperation(i, f))
	}
	return r.run(ctx, opt, req, batch.NewSteps(ToolBatch, opt.Message, fns...))
}

// run runs steps as one batch for request and describes what they did.
func (r *Repo) run(ctx context.Context, opt Options, request any, steps *batch.Steps) (*Result, error) {
	out, err := batch.Run(ctx, r.core, opt, steps.Plan, batch.WithRequest(request))
	if err != nil {
		return nil, err
	}
	return steps.Result(out, opt), nil
}

// inOperation names operation i in the errors of f, so that a refused
// batch says which operation failed.
func inOperation(i int, f batch.StepFunc) batch.StepFunc {
	return func(t *batch.Txn) (*batch.Step, error) {
		s, err := f(t)
		if err != nil {
			e := *AsError(err)
			e.Message = fmt.Sprintf("operations[%d]: %s", i, e.Message)
			return nil, &e
		}
		return s, nil
	}
}

// operationFunc returns the step of one batch operation and whether it asks
// for a dry run (which makes the whole batch a dry run).
func (r *Repo) operationFunc(i int, op Operation, opt Options) (batch.StepFunc, bool, error) {
	switch {
	case op.Edit != nil:
		return r.editFunc(ToolEdit, multiOf(*op.Edit), opt), op.Edit.DryRun, nil
	case op.MultiEdit != nil:
		return r.editFunc(ToolMultiEdit, *op.MultiEdit, opt), op.MultiEdit.DryRun, nil
	case op.Patch != nil:
		return patch.Step(*op.Patch), op.Patch.DryRun, nil
	}
	return nil, false, spec.Errorf(CodeInvalidInput, "operations[%d]: expected an edit, multiedit or patch operation", i)
}

// Patch applies a patch (docs/reference.md#patch) as one atomic batch: a git diff, a
// unified diff, an mbox of format-patch mails or a "*** Begin Patch"
// envelope. A dry run is `gitedit patch --check`.
func (r *Repo) Patch(ctx context.Context, req PatchRequest, opt Options) (*Result, error) {
	return patch.Apply(ctx, r.core, req, opt)
}

// Apply runs any operation.
func (r *Repo) Apply(ctx context.Context, op Operation, opt Options) (*Result, error) {
	switch op.Tool {
	case ToolEdit:
		return r.Edit(ctx, *op.Edit, opt)
	case ToolMultiEdit:
		return r.MultiEdit(ctx, *op.MultiEdit, opt)
	case ToolBatch:
		return r.Batch(ctx, *op.Batch, opt)
	case ToolPatch:
		return r.Patch(ctx, *op.Patch, opt)
	}
	return nil, spec.Errorf(CodeInvalidInput, "unknown tool %q", op.Tool)
}

// editFunc returns the step of an edit or multiedit request.
func (r *Repo) editFunc(tool Tool, req MultiEditRequest, opt Options) batch.StepFunc {
	return func(t *batch.Txn) (*batch.Step, error) { return r.editStep(t, tool, req, opt.MatchMode) }
}

// multiOf turns an edit request into the equivalent one-item multiedit.
func multiOf(req EditRequest) MultiEditRequest {
	return MultiEditRequest{
		FilePath: req.FilePath,
		Edits: []EditItem{{OldString: req.OldString, NewString: req.NewString, ReplaceAll: req.ReplaceAll,
			MatchMode: req.MatchMode, ExpectedReplacements: req.ExpectedReplacements}},
		ExpectedHash: req.ExpectedHash,
		DryRun:       req.DryRun,
	}
}
