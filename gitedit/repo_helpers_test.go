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

// numbered returns the lines "<prefix>1" to "<prefix>n", newline-ended
// (fixtures.Numbered).
var numbered = fixtures.Numbered

// openRepo opens dir with the package's own Open.
func openRepo(t *testing.T, dir string) *Repo {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// gitState is fixtures.GitState: what a refused request must leave as it was.
var gitState = fixtures.GitState
