package batch

import (
	"context"

	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Step is what one operation (an edit, a multiedit, a patch's file) did
// inside a batch; Func and RunSteps turn steps into the commit message
// and the result.
type Step struct {
	// Tool is the operation's tool (the Edit-Tool of a one-step batch).
	Tool spec.Tool
	// Rel is the repository-relative slash path the step changed.
	Rel string
	// Created and Changed say whether the file was created, and whether
	// its content or mode changed at all.
	Created, Changed bool
	// Replacements is the number of replacements made.
	Replacements int
	// Modes are the match modes used, one per applied item.
	Modes []string
	// Edits and Failed are the applied items and, in partial mode, the
	// skipped ones.
	Edits  []spec.EditResult
	Failed []spec.EditFailure
	// Notes are the remarks for the result (a tolerant match used, ...).
	Notes []string
	// Whole is set when the first edit wrote the whole file (empty
	// old_string).
	Whole bool
	// Body, when set, replaces the generated commit-body lines (patches
	// describe their files themselves).
	Body []string
}

// StepFunc is one operation of a batch, run inside the transaction.
type StepFunc func(t *Txn) (*Step, error)

// RunSteps runs the steps as one batch and builds the result.
func RunSteps(ctx context.Context, r *repo.Repo, tool spec.Tool, opt spec.Options, request any, fns []StepFunc) (*spec.Result, error) {
	var steps []*Step
	out, err := RunRequest(ctx, r, opt, request, func(t *Txn, canonical []byte) (*CommitMeta, error) {
		steps = steps[:0]
		for _, f := range fns {
			s, err := f(t)
			if err != nil {
				return nil, err
			}
			steps = append(steps, s)
		}
		return metaFor(tool, steps, canonical, opt.Message), nil
	})
	if err != nil {
		return nil, err
	}
	return resultOf(tool, steps, out, opt), nil
}
