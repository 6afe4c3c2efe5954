package integration

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// gateEnv is the fixture environment of dir without the fixed identity
// (the dates stay fixed), plus extra "KEY=value" entries.
func gateEnv(dir string, extra ...string) []string {
	var env []string
	for _, kv := range fixtures.Env(fixtures.Home(dir)) {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasSuffix(k, "_NAME") || strings.HasSuffix(k, "_EMAIL") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

// runIn runs name with args in dir under env and returns its output and
// exit status.
func runIn(t *testing.T, dir string, env []string, stdin, name string, args ...string) run {
	t.Helper()
	if name == "gitedit" {
		name = binary
	}
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %s: %v", name, err)
	}
	return run{stdout: out.String(), stderr: errb.String(), code: code}
}

// headerLine returns the value of the first header line of the commit
// at rev that starts with key and a space.
func headerLine(t *testing.T, dir, rev, key string) string {
	t.Helper()
	raw := git(t, dir, "cat-file", "commit", rev)
	head, _, _ := strings.Cut(raw, "\n\n")
	for _, line := range strings.Split(head, "\n") {
		if v, ok := strings.CutPrefix(line, key+" "); ok {
			return v
		}
	}
	return ""
}

// maskTime drops the "<seconds> <zone>" end of an identity line.
func maskTime(id string) string {
	if i := strings.LastIndexByte(id, '>'); i >= 0 {
		return id[:i+1]
	}
	return id
}
