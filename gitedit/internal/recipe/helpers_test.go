package recipe

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// runIn opens the repository at dir afresh and runs req over it with
// the zero options (stage, no commit).
func runIn(t *testing.T, dir string, req spec.RunRequest) (*spec.RunResult, error) {
	t.Helper()
	r, err := repo.Open(dir)
	require.NoError(t, err)
	return Run(context.Background(), r, req, spec.Options{})
}

// touched reports whether the run's result lists the file rel.
func touched(res *spec.RunResult, rel string) bool {
	return slices.ContainsFunc(res.Files, func(f spec.FileResult) bool { return f.FilePath == rel })
}

// openRepo opens the repository at dir for a test.
func openRepo(t *testing.T, dir string) *repo.Repo {
	t.Helper()
	r, err := repo.Open(dir)
	require.NoError(t, err)
	return r
}

// gitState is fixtures.GitState: what a refused request must leave as it was.
var gitState = fixtures.GitState
