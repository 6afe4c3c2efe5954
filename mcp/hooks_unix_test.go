//go:build unix

package mcp

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestBackgroundProcessOfAHookDoesNotHoldTheCall: a pre-commit hook that
// leaves a process holding its output (sleep 30 &) does not hold the
// edit: the call returns at once with the commit made (the server waits
// for the hook, as git does, not for the end of its output).
func TestBackgroundProcessOfAHookDoesNotHoldTheCall(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	isolateGit(t, repo)
	pids := filepath.Join(t.TempDir(), "pids")
	t.Cleanup(func() {
		data, _ := os.ReadFile(pids)
		for _, f := range strings.Fields(string(data)) {
			if pid, err := strconv.Atoi(f); err == nil && pid > 1 {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	hook := filepath.Join(repo, ".git", "hooks", "pre-commit")
	require.NoError(t, os.MkdirAll(filepath.Dir(hook), 0o755))
	script := "#!/bin/sh\nsleep 30 & echo $! >> '" + pids + "'\n"
	require.NoError(t, os.WriteFile(hook, []byte(script), 0o755))
	cs := connect(t, Config{Dir: repo, Options: commitMode()})
	start := time.Now()
	res := call(t, cs, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "one", "new_string": "1"})
	require.False(t, res.IsError, text(res))
	assert.Less(t, time.Since(start), 10*time.Second, "the call waited for the hook's background process")
	assert.Equal(t, "1\n", readFile(t, repo, "a.txt"))
	assert.NoFileExists(t, filepath.Join(repo, ".git", "index.lock"))
}
