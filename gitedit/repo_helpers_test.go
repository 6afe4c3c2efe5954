package gitedit

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// testEnv returns the environment fixtures.Git uses for the repository at
// top (isolated HOME, no system config), plus extra "KEY=value" entries,
// as a lookup function.
func testEnv(top string, extra ...string) func(string) (string, bool) {
	m := map[string]string{"GIT_ATTR_NOSYSTEM": "1"}
	for _, kv := range append(fixtures.Env(fixtures.Home(top)), extra...) {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return func(k string) (string, bool) {
		v, ok := m[k]
		return v, ok
	}
}

// gitIn runs git in dir with the environment of the repository at top
// plus extra variables, and returns its output and error.
func gitIn(top, dir string, extra []string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(append(fixtures.Env(fixtures.Home(top)), "GIT_ATTR_NOSYSTEM=1"), extra...)
	out, err := cmd.Output()
	return string(out), err
}

// openTest opens dir with the environment of the repository at top.
func openTest(t *testing.T, top, dir string, extra ...string) *Repo {
	t.Helper()
	core, err := repo.OpenEnv(dir, testEnv(top, extra...))
	if err != nil {
		t.Fatalf("open %s: %v", dir, err)
	}
	return &Repo{core: core}
}
