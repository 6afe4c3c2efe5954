package recipe

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

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
