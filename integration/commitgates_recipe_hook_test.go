package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// TestRunPreCommitHookEndToEnd installs examples/pre-commit as a plain git
// hook and commits through real git: the hook refuses a staged file the
// recipe would change, `gitedit run` fixes and stages it, and the commit
// then goes through.
func TestRunPreCommitHookEndToEnd(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "gitedit", "internal", "recipe", "testdata", "rename.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := fixtures.NewRepo(t, map[string]string{".gitedit.yaml": string(src), "ok.go": "package ok\n"})
	env := recipeHookEnv(dir)
	installPreCommit(t, dir)
	fixtures.WriteFiles(t, dir, map[string]string{"a.go": "package a\n\nvar u = FetchUser(1)\n", "b.go": "package b\n"})
	fixtures.Git(t, dir, "add", "a.go", "b.go")
	r := runIn(t, dir, env, "", "git", "commit", "-q", "-m", "add a")
	if out := r.stdout + r.stderr; r.code == 0 || !strings.Contains(out, "+var u = LoadUser(1)") {
		t.Fatalf("commit with a recipe violation: status %d, output:\n%s\nwant a refusal showing the diff", r.code, out)
	}
	if r := runIn(t, dir, env, "", "gitedit", "run", ".gitedit.yaml"); r.code != 0 {
		t.Fatalf("gitedit run: status %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := runIn(t, dir, env, "", "git", "commit", "-q", "-m", "add a"); r.code != 0 {
		t.Fatalf("commit after the fix: status %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if got := fixtures.Git(t, dir, "show", "HEAD:a.go"); got != "package a\n\nvar u = LoadUser(1)\n" {
		t.Errorf("committed a.go = %q", got)
	}
}

// recipeHookEnv is the fixture environment with the tested binary's
// folder first on PATH, so that the hook's `gitedit` is it.
func recipeHookEnv(dir string) []string {
	env := fixtures.Env(fixtures.Home(dir))
	for i, kv := range env {
		if strings.HasPrefix(kv, "PATH=") {
			env[i] = "PATH=" + filepath.Dir(binary) + string(os.PathListSeparator) + kv[len("PATH="):]
		}
	}
	return env
}

// installPreCommit copies examples/pre-commit into dir's hooks.
func installPreCommit(t *testing.T, dir string) {
	t.Helper()
	hook, err := os.ReadFile(filepath.Join("..", "examples", "pre-commit"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "hooks", "pre-commit"), hook, 0o755); err != nil {
		t.Fatal(err)
	}
}
