//go:build unix

package integration

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// leftBehind returns a file that hooks and signing programs append the
// pids of the processes they leave behind to; they are killed when the
// test ends.
func leftBehind(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "pids")
	t.Cleanup(func() {
		data, _ := os.ReadFile(p)
		for _, f := range strings.Fields(string(data)) {
			if pid, err := strconv.Atoi(f); err == nil && pid > 1 {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	return p
}

// runToExit runs name (binary for "gitedit") with args in dir and returns
// its result and how long its process took. Its output goes to files, not
// pipes, so that a process it left holding its output does not hold the
// test: only the process's own exit counts.
func runToExit(t *testing.T, dir string, env []string, name string, args ...string) (run, time.Duration) {
	t.Helper()
	if name == "gitedit" {
		name = binary
	}
	out, errf := filepath.Join(t.TempDir(), "stdout"), filepath.Join(t.TempDir(), "stderr")
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	o, err := os.Create(out)
	require.NoError(t, err)
	defer o.Close()
	e, err := os.Create(errf)
	require.NoError(t, err)
	defer e.Close()
	cmd.Stdout, cmd.Stderr = o, e
	start := time.Now()
	err = cmd.Run()
	took := time.Since(start)
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %s: %v", name, err)
	}
	stdout, _ := os.ReadFile(out)
	stderr, _ := os.ReadFile(errf)
	return run{stdout: string(stdout), stderr: string(stderr), code: code}, took
}

// lingering is how long the processes the hooks below leave behind live;
// a commit that takes a third of it waited for them.
const lingering = "30"

// TestBackgroundProcessOfAHookDoesNotHoldTheCommit: each commit hook
// prints a line and leaves a process holding its output (sleep 30 &, as
// a hook that starts a daemon does). git commit waits for the hook, not
// for the end of its output (run-command hands the hook its own standard
// error); so does gitedit: it returns at once, index.lock released, the
// commit made and the hook's line shown.
func TestBackgroundProcessOfAHookDoesNotHoldTheCommit(t *testing.T) {
	for _, hook := range []string{"pre-commit", "prepare-commit-msg", "commit-msg", "reference-transaction", "post-commit"} {
		t.Run(hook, func(t *testing.T) {
			for _, who := range []string{"git", "gitedit"} {
				dir := hookRepo(t)
				pids := leftBehind(t)
				installHook(t, filepath.Join(dir, ".git", "hooks"), hook,
					"echo 'checked by "+hook+"'\nsleep "+lingering+" & echo $! >> '"+pids+"'\n")
				env := fixtures.Env(fixtures.Home(dir))
				var r run
				var took time.Duration
				if who == "git" {
					write(t, dir, "a.txt", "uno\n")
					r, took = runToExit(t, dir, env, "git", "commit", "-q", "-a", "-m", "m")
				} else {
					r, took = runToExit(t, dir, env, "gitedit", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
				}
				require.Equal(t, 0, r.code, "%s: %s", who, r.stderr)
				require.Less(t, took, 10*time.Second, "%s waited for the hook's background process", who)
				require.Contains(t, r.stderr, "checked by "+hook, who)
				require.NoFileExists(t, filepath.Join(dir, ".git", "index.lock"), who)
				require.Equal(t, "uno", git(t, dir, "show", "HEAD:a.txt"), who)
			}
		})
	}
}

// TestBackgroundProcessOfTheSignerDoesNotHoldTheCommit: a signing program
// that leaves a process holding its standard output and error. git waits
// for them to close (pipe_command reads both to their end: 30 s here);
// gitedit waits for the program, as it does for hooks, and keeps all the
// program wrote: the signature and the status line git requires.
func TestBackgroundProcessOfTheSignerDoesNotHoldTheCommit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	pids := leftBehind(t)
	signer := filepath.Join(t.TempDir(), "gpg")
	script := "#!/bin/sh\ncat >/dev/null\nsleep " + lingering + " & echo $! >> '" + pids + "'\n" +
		"printf -- '-----BEGIN PGP SIGNATURE-----\\n\\nfake\\n-----END PGP SIGNATURE-----\\n'\n" +
		"echo '[GNUPG:] SIG_CREATED D 22 8 00 1 FAKE' >&2\n"
	require.NoError(t, os.WriteFile(signer, []byte(script), 0o755))
	git(t, dir, "config", "gpg.program", signer)
	r, took := runToExit(t, dir, fixtures.Env(fixtures.Home(dir)), "gitedit", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "-S")
	require.Equal(t, 0, r.code, r.stderr)
	require.Less(t, took, 10*time.Second, "gitedit waited for the signer's background process")
	require.Equal(t, "-----BEGIN PGP SIGNATURE-----", headerLine(t, dir, "HEAD", "gpgsig"))
	require.Contains(t, git(t, dir, "cat-file", "commit", "HEAD"), "\n fake\n -----END PGP SIGNATURE-----\n")
	require.NoFileExists(t, filepath.Join(dir, ".git", "index.lock"))
}
