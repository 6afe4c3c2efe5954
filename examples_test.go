package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/gitedit/gitedit/fixtures"
)

// fixtureFiles is the repository the documented examples run in: the files
// the README's commands name, committed on main, with a branch feature
// holding one more change.
var fixtureFiles = map[string]string{
	"src/a.go":      "package a\n\n// Foo returns one.\nfunc Foo() int {\n\treturn 1\n}\n\nvar answer = Foo()\n",
	"src/b.go":      "package b\n\nconst Name = \"old\"\nconst Size = 1\n",
	"src/c.go":      "package c\n\nconst C = 1\n",
	"src/d.go":      "package d\n\nconst D = 2\n",
	"src/e.go":      "package e\n\n// TODO(old): tidy up\n",
	"a.go":          "package main\n\n// hello\n",
	"b.go":          "package main\n\n// hello\n",
	"docs/notes.md": "# Notes\n",
	".gitedit.yaml": recipe,
	".gitignore":    "review/\n",
}

// fixtureInputs are the request files the examples read, left untracked.
var fixtureInputs = map[string]string{
	"old.txt":    "var answer = Bar()\n",
	"new.txt":    "var answer = Bar() * 2\n",
	"edits.json": `[{"old_string": "\"old\"", "new_string": "\"new\""}, {"old_string": "Size = 1", "new_string": "Size = 2"}]` + "\n",
	"batch.json": `{"message": "Tune c and d", "operations": [{"file_path": "src/c.go", "old_string": "C = 1", "new_string": "C = 10"},` +
		` {"file_path": "src/d.go", "edits": [{"old_string": "D = 2", "new_string": "D = 20"}]}]}` + "\n",
	"change.diff": "diff --git a/docs/notes.md b/docs/notes.md\n--- a/docs/notes.md\n+++ b/docs/notes.md\n@@ -1 +1,2 @@\n # Notes\n+Second line.\n",
	"fix.diff": "--- src/d.go.orig\t2026-01-01 00:00:00.000000000 +0000\n+++ src/d.go\t2026-01-01 00:00:00.000000000 +0000\n" +
		"@@ -1,3 +1,3 @@\n package d\n \n-const D = 2\n+const D = 4\n",
	"envelope.txt":     "*** Begin Patch\n*** Update File: src/b.go\n@@\n-const Size = 1\n+const Size = 3\n*** End Patch\n",
	"recipes.yaml":     recipe,
	"r.yaml":           "name: greet\nfiles: [\"*.go\"]\nedits:\n  - old_string: // hello\n    new_string: // hello, world\n",
	"tool-calls.jsonl": `{"type": "function", "function": {"name": "edit", "arguments": "{\"file_path\": \"src/b.go\", \"old_string\": \"Size = 1\", \"new_string\": \"Size = 5\"}"}}` + "\n",
}

// recipe is the fixture's .gitedit.yaml.
const recipe = "name: tidy\nmessage: Tidy the TODOs\nfiles: [\"**/*.go\"]\nedits:\n  - old_string: TODO(old)\n    new_string: TODO(new)\n"

// fixtureSetup isolates git (private HOME, no system config, fixed
// identity and dates) and builds the fixture repository in $WORK/repo;
// $EXAMPLES is the examples folder.
func fixtureSetup(env *testscript.Env) error {
	home := filepath.Join(env.WorkDir, ".home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		return err
	}
	for _, kv := range fixtures.Env(home) {
		if k, v, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "GIT_") || k == "HOME" || k == "XDG_CONFIG_HOME" {
			env.Setenv(k, v)
		}
	}
	examples, err := filepath.Abs("examples")
	if err != nil {
		return err
	}
	env.Setenv("EXAMPLES", examples)
	repo := filepath.Join(env.WorkDir, "repo")
	if err := writeAll(repo, fixtureFiles); err != nil {
		return err
	}
	steps := [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "initial"},
		{"checkout", "-q", "-b", "feature"}, {"-c", "core.hooksPath=/dev/null", "commit", "-q", "-am", "feature", "--allow-empty"}}
	if err := runGit(env, repo, steps...); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(repo, "src/c.go"), []byte("package c\n\nconst C = 100\n"), 0o644); err != nil {
		return err
	}
	if err := runGit(env, repo, []string{"commit", "-q", "--amend", "-am", "feature"}, []string{"checkout", "-q", "main"}); err != nil {
		return err
	}
	return writeAll(repo, fixtureInputs)
}

// writeAll writes files (path → content) under dir.
func writeAll(dir string, files map[string]string) error {
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// runGit runs git commands in dir with the script's environment.
func runGit(env *testscript.Env, dir string, steps ...[]string) error {
	for _, args := range steps {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, env.Vars
		if out, err := cmd.CombinedOutput(); err != nil {
			return &gitFailure{args: args, out: string(out), err: err}
		}
	}
	return nil
}

// gitFailure is a fixture git command that failed.
type gitFailure struct {
	args []string
	out  string
	err  error
}

func (e *gitFailure) Error() string {
	return "git " + strings.Join(e.args, " ") + ": " + e.err.Error() + ": " + e.out
}
