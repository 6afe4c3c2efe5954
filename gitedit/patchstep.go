package gitedit

// patchFunc returns the step that applies a patch inside a batch.
func (r *Repo) patchFunc(req PatchRequest) stepFunc {
	return func(t *txn) (*step, error) { return r.patchStep(t, req) }
}
