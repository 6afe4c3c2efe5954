//go:build unix

package integration

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// intoClosedPipe runs name (git, or gitedit: the binary) with args in dir,
// its standard output a pipe whose reader is gone before the first write
// (`| head -1` once head has its line), and returns the exit status as a
// shell reports it (128 + the signal for a process a signal ended) and
// its standard error.
func intoClosedPipe(t *testing.T, dir, name string, args ...string) (int, string) {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	require.NoError(t, r.Close())
	if name == "gitedit" {
		name = binary
	}
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = dir, fixtures.Env(fixtures.Home(dir)), w, &stderr
	err = cmd.Run()
	require.NoError(t, w.Close())
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		require.NoError(t, err)
	}
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		return 128 + int(ws.Signal()), stderr.String()
	}
	return ws.ExitStatus(), stderr.String()
}

// TestAClosedPipeEndsACommandThatWroteNothingAsItEndsGit: `git log |
// head -1` ends git log with SIGPIPE, silently, status 141. A gitedit
// command that writes nothing to the repository (a help, session list
// and show, a dry run), whose reader goes away, ends the same way: it
// printed "SIGPIPE received after the point of no return: the batch was
// completed" (there was no batch), or exited 0 when the signal had not
// reached its catcher yet. Each runs several times: the signal handlers
// are set up in the background, and a run may come before or after.
func TestAClosedPipeEndsACommandThatWroteNothingAsItEndsGit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": fixtures.Numbered("line ", 200), "b.txt": "bee\n"})
	ok(t, dir, "edit", "a.txt", "--old", "line 1\n", "--new", "L\n", "--session", "s1")
	ok(t, dir, "edit", "b.txt", "--old", "bee", "--new", "wasp", "--commit")
	wantCode, wantStderr := intoClosedPipe(t, dir, "git", "log")
	require.Equal(t, 141, wantCode, "git log | head -1")
	require.Equal(t, "", wantStderr)
	commands := [][]string{
		{"session", "--help"}, {"session", "land", "--help"}, {"session", "show", "s1", "--help"},
		{"help", "session", "land"}, {"edit", "a.txt", "--help"}, {"undo", "HEAD", "--help"},
		{"session", "list"}, {"session", "show", "s1", "-p"}, {"log"},
		{"edit", "a.txt", "--old", "line 2\n", "--new", "M\n", "--dry-run"},
		{"session", "land", "s1", "--dry-run"},
	}
	for _, args := range commands {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			for range 5 {
				code, stderr := intoClosedPipe(t, dir, "gitedit", args...)
				assert.Equal(t, wantCode, code, "exit status, as git log's")
				assert.Equal(t, wantStderr, stderr, "standard error, as git log's")
			}
		})
	}
}

// TestAClosedPipeAfterABatchWroteSaysItCompleted: a batch that wrote,
// whose reader went away before its result was printed, did complete:
// the SIGPIPE it gets printing is reported as coming after the point of
// no return, with git's status for it.
func TestAClosedPipeAfterABatchWroteSaysItCompleted(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": fixtures.Numbered("line ", 20)})
	head := git(t, dir, "rev-parse", "HEAD")
	code, stderr := intoClosedPipe(t, dir, "gitedit", "edit", "a.txt", "--old", "line 1\n", "--new", "L\n", "--commit")
	require.Equal(t, 141, code, stderr)
	require.Equal(t, "gitedit: SIGPIPE received after the point of no return: the batch was completed\n", stderr)
	require.Equal(t, head, git(t, dir, "rev-parse", "HEAD~1"))
	require.Equal(t, "L\n", read(t, dir, "a.txt")[:2])
}
