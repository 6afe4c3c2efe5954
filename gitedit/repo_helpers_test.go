package gitedit

import (
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// testEnv is fixtures.EnvLookup.
var testEnv = fixtures.EnvLookup

// gitIn is fixtures.GitEnv.
var gitIn = fixtures.GitEnv

// openTest opens dir with the environment of the repository at top.
func openTest(t *testing.T, top, dir string, extra ...string) *Repo {
	t.Helper()
	core, err := repo.OpenEnv(dir, testEnv(top, extra...))
	if err != nil {
		t.Fatalf("open %s: %v", dir, err)
	}
	return &Repo{core: core}
}
