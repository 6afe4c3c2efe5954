package integration

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// loneGitedit copies the gitedit binary into a folder of its own, without
// gitedit-mcp beside it.
func loneGitedit(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(binary)
	require.NoError(t, err)
	lone := filepath.Join(t.TempDir(), filepath.Base(binary))
	require.NoError(t, os.WriteFile(lone, data, 0o755))
	return lone
}

// envWithPath is fixtures.Env for dir with PATH set to the folders given
// (git's own folder always among them).
func envWithPath(t *testing.T, dir string, folders ...string) []string {
	t.Helper()
	gitPath, err := exec.LookPath("git")
	require.NoError(t, err)
	var env []string
	for _, kv := range fixtures.Env(fixtures.Home(dir)) {
		if !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	path := strings.Join(append(folders, filepath.Dir(gitPath)), string(os.PathListSeparator))
	return append(env, "PATH="+path)
}

// TestMCPRunsTheServerBinaryBesideOrOnPath checks how gitedit mcp finds
// the gitedit-mcp binary, as git finds git-NAME: beside gitedit (the
// harness builds both in one folder), else on PATH; found nowhere, the
// command is refused with unsupported, exit status 1, and the repository
// is left as it was.
func TestMCPRunsTheServerBinaryBesideOrOnPath(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	before := take(t, dir)
	beside := runIn(t, dir, envWithPath(t, dir), "", binary, "mcp", "--commit")
	assert.Equal(t, run{}, beside, "served by the gitedit-mcp beside gitedit")

	lone := loneGitedit(t)
	onPath := runIn(t, dir, envWithPath(t, dir, filepath.Dir(binary)), "", lone, "mcp")
	assert.Equal(t, run{}, onPath, "served by the gitedit-mcp on PATH")

	missing := runIn(t, dir, envWithPath(t, dir), "", lone, "mcp")
	assert.Equal(t, 1, missing.code)
	assert.Equal(t, "gitedit: unsupported: gitedit mcp runs the gitedit-mcp binary, found neither beside gitedit nor on PATH: "+
		"install it with gitedit (see the README's Install section)\n", missing.stderr)
	assert.Empty(t, missing.stdout)
	requireUnchanged(t, before, take(t, dir))
}

// TestMCPServerBinaryTakesTheMCPCommandLine checks gitedit-mcp run by
// hand: its flags are gitedit mcp's, with or without the word mcp, and
// its errors and exit statuses are gitedit's.
func TestMCPServerBinaryTakesTheMCPCommandLine(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	server := filepath.Join(filepath.Dir(binary), "gitedit-mcp")
	env := envWithPath(t, dir)
	assert.Equal(t, run{}, runIn(t, dir, env, "", server, "--commit", "--session", "s1"))
	assert.Equal(t, run{}, runIn(t, dir, env, "", server, "mcp", "--commit"))
	extra := runIn(t, dir, env, "", server, "edit")
	assert.Equal(t, 2, extra.code, extra.stderr)
	assert.Contains(t, extra.stderr, "gitedit: invalid_input: ")
	outside := runIn(t, t.TempDir(), env, "", server)
	assert.Equal(t, 1, outside.code)
	assert.Contains(t, outside.stderr, "gitedit: not_a_repo: ")
}

// TestMCPServerThatIsGiteditIsRefused checks a gitedit-mcp that is
// gitedit itself (a link to it, as a user of the one-binary gitedit might
// have made for a client that takes one command) or a script running
// gitedit mcp: gitedit mcp ran it, it ran gitedit mcp, which ran it
// again, replacing the process for ever at full speed; now the second
// gitedit refuses with unsupported, exit status 1, and the repository is
// left as it was.
func TestMCPServerThatIsGiteditIsRefused(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links and scripts")
	}
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	before := take(t, dir)
	lone := loneGitedit(t)
	script := filepath.Join(t.TempDir(), "gitedit-mcp")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\nexec gitedit \"$@\"\n"), 0o755))
	require.NoError(t, os.Symlink(lone, filepath.Join(filepath.Dir(lone), "gitedit-mcp")))
	cases := []struct {
		what string
		path []string // before gitedit's own folder
	}{{"a link beside", nil}, {"a script on PATH", []string{filepath.Dir(script)}}}
	for _, c := range cases { // in this order: the second removes the link
		what, path := c.what, c.path
		if path != nil {
			require.NoError(t, os.Remove(filepath.Join(filepath.Dir(lone), "gitedit-mcp")))
		}
		env := envWithPath(t, dir, append(path, filepath.Dir(lone))...)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cmd := exec.CommandContext(ctx, lone, "mcp", "--commit")
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		looped := ctx.Err()
		cancel()
		require.NoError(t, looped, "%s: gitedit mcp loops", what)
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, what)
		assert.Equal(t, 1, exit.ExitCode(), what)
		assert.Contains(t, string(out), "gitedit: unsupported: gitedit mcp ran ", what)
		assert.Contains(t, string(out), "which ran gitedit mcp again instead of serving", what)
	}
	requireUnchanged(t, before, take(t, dir))
}
