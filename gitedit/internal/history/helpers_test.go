package history

import (
	"context"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// numbered returns the lines "<prefix>1" to "<prefix>n" (fixtures.Numbered).
var numbered = fixtures.Numbered

// gitState is what a refused request must leave as it was (fixtures.GitState).
var gitState = fixtures.GitState

// cloneOf clones dir into a temporary folder (fixtures.Clone).
var cloneOf = fixtures.Clone

// testRepo gives the tests the facade's method calls over this package's
// functions.
type testRepo struct{ r *repo.Repo }

// openRepo opens the repository containing dir.
func openRepo(t *testing.T, dir string) testRepo {
	t.Helper()
	r, err := repo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return testRepo{r}
}

func (tr testRepo) Log(ctx context.Context, req spec.LogRequest) ([]spec.LogEntry, error) {
	return Log(ctx, tr.r, req)
}

func (tr testRepo) Undo(ctx context.Context, req spec.UndoRequest, opt spec.Options) (*spec.Result, error) {
	return Undo(ctx, tr.r, req, opt)
}

func (tr testRepo) Series(ctx context.Context, req spec.SeriesRequest) (*spec.SeriesResult, error) {
	return Series(ctx, tr.r, req)
}
