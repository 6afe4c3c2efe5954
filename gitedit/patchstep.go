package gitedit

import "github.com/gitedit/gitedit/gitedit/internal/batch"

// patchFunc returns the step that applies a patch inside a batch.
func (r *Repo) patchFunc(req PatchRequest) batch.StepFunc {
	return func(t *batch.Txn) (*batch.Step, error) { return r.patchStep(t, req) }
}
