//go:build unix

package integration

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// stalled is a git or gitedit process whose hook, or signing program, is
// running and will not end by itself for lingering seconds.
type stalled struct {
	cmd    *exec.Cmd
	stderr string // the file of its standard error
	child  int    // the pid of the hook or signer
}

// stallScript is a hook or signing program that writes its pid to marker
// and waits for a process that lives lingering seconds; with deaf set it
// ignores SIGHUP, SIGINT and SIGTERM. A reference-transaction hook stalls
// in its "prepared" state only.
func stallScript(name, marker, pids string, deaf bool) string {
	s := "#!/bin/sh\n"
	if name == "reference-transaction" {
		s += "[ \"$1\" = prepared ] || exit 0\n"
	}
	if deaf {
		s += "trap '' HUP INT TERM\n"
	}
	return s + "echo $$ > '" + marker + ".tmp' && mv '" + marker + ".tmp' '" + marker + "'\n" +
		"sleep " + lingering + " & echo $! >> '" + pids + "'\nwait\nwait\n"
}

// startStalled starts name (binary for "gitedit") with args in dir and
// returns once the file marker holds the pid of the stalled child.
func startStalled(t *testing.T, dir string, env []string, marker, name string, args ...string) *stalled {
	t.Helper()
	if name == "gitedit" {
		name = binary
	}
	s := &stalled{cmd: exec.Command(name, args...), stderr: filepath.Join(t.TempDir(), "stderr")}
	s.cmd.Dir, s.cmd.Env = dir, env
	f, err := os.Create(s.stderr)
	require.NoError(t, err)
	defer f.Close()
	s.cmd.Stderr = f
	require.NoError(t, s.cmd.Start())
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if data, err := os.ReadFile(marker); err == nil {
			s.child, _ = strconv.Atoi(strings.TrimSpace(string(data)))
			return s
		}
		if time.Now().After(deadline) {
			_ = s.cmd.Process.Kill()
			_ = s.cmd.Wait()
			stderr, _ := os.ReadFile(s.stderr)
			t.Fatalf("%s never reached the stalled child: %s", name, stderr)
		}
	}
}

// stop sends sig and returns the wait status, the standard error and how
// long the process took to exit.
func (s *stalled) stop(t *testing.T, sig syscall.Signal) (syscall.WaitStatus, string, time.Duration) {
	t.Helper()
	start := time.Now()
	require.NoError(t, s.cmd.Process.Signal(sig))
	_ = s.cmd.Wait()
	took := time.Since(start)
	stderr, _ := os.ReadFile(s.stderr)
	return s.cmd.ProcessState.Sys().(syscall.WaitStatus), string(stderr), took
}

// requireGone checks that process pid has ended (a zombie counts: on
// Linux, where /proc shows it).
func requireGone(t *testing.T, pid int) {
	t.Helper()
	if runtime.GOOS != "linux" || pid <= 1 {
		return
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return
		}
		if _, rest, _ := strings.Cut(string(stat), ") "); strings.HasPrefix(rest, "Z") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the hook or signer (pid %d) still runs: %s", pid, stat)
		}
	}
}

// stallRepo is a repository where the child named (a hook, or "signer")
// stalls, and the command that makes a commit there for who.
func stallRepo(t *testing.T, child, who string, deaf bool) (dir, marker string, args []string) {
	dir = hookRepo(t)
	marker = filepath.Join(t.TempDir(), "started")
	script := stallScript(child, marker, leftBehind(t), deaf)
	if child == "signer" {
		signer := filepath.Join(t.TempDir(), "gpg")
		require.NoError(t, os.WriteFile(signer, []byte(script), 0o755))
		git(t, dir, "config", "gpg.program", signer)
		git(t, dir, "config", "commit.gpgSign", "true")
	} else {
		installHook(t, filepath.Join(dir, ".git", "hooks"), child, strings.TrimPrefix(script, "#!/bin/sh\n"))
	}
	if who == "git" {
		write(t, dir, "a.txt", "uno\n")
		return dir, marker, []string{"commit", "-q", "-a", "-m", "m"}
	}
	return dir, marker, []string{"edit", "a.txt", "--old", "one", "--new", "uno", "--commit"}
}

// stallers are the children a commit waits for, before its point of no
// return (the ref move), then after it.
var (
	stallersBefore = []string{"pre-commit", "prepare-commit-msg", "commit-msg", "signer", "reference-transaction"}
	stallersAfter  = []string{"post-commit"}
)

// TestSignalWhileAHookOrTheSignerRunsStopsIt: git commit, sent a signal
// while a hook or its signing program runs, dies at once (sigchain
// removes its lock files; a hook gets the signal from it too), leaving
// HEAD and the index as they were when the child ran before the ref
// moved. gitedit does the same at once: it passes the signal on to the
// child (and kills one deaf to it a second later), puts everything back
// and exits with 128 + the signal; after the ref moved (post-commit) it
// completes the batch, as it does for any signal there.
func TestSignalWhileAHookOrTheSignerRunsStopsIt(t *testing.T) {
	for _, child := range append(append([]string(nil), stallersBefore...), stallersAfter...) {
		before := child != "post-commit"
		t.Run(child+"/git", func(t *testing.T) {
			dir, marker, args := stallRepo(t, child, "git", false)
			head := git(t, dir, "rev-parse", "HEAD")
			s := startStalled(t, dir, fixtures.Env(fixtures.Home(dir)), marker, "git", args...)
			ws, stderr, took := s.stop(t, syscall.SIGTERM)
			require.True(t, ws.Signaled() && ws.Signal() == syscall.SIGTERM, "git: %v %s", ws, stderr)
			require.Less(t, took, 10*time.Second)
			require.Equal(t, before, head == git(t, dir, "rev-parse", "HEAD"), "git moved the branch")
			require.NoFileExists(t, filepath.Join(dir, ".git", "index.lock"))
		})
		sigs := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}
		if child == "pre-commit" {
			sigs = signalsToSend()
		}
		for _, sig := range sigs {
			for _, deaf := range []bool{false, true} {
				if deaf && (sig != syscall.SIGTERM || (child != "pre-commit" && child != "signer")) {
					continue
				}
				t.Run(child+"/"+sig.String()+map[bool]string{true: "/deaf"}[deaf], func(t *testing.T) {
					dir, marker, args := stallRepo(t, child, "gitedit", deaf)
					head, snap := git(t, dir, "rev-parse", "HEAD"), take(t, dir)
					s := startStalled(t, dir, fixtures.Env(fixtures.Home(dir)), marker, "gitedit", args...)
					ws, stderr, took := s.stop(t, sig)
					t.Logf("exited %v after the signal", took)
					require.Equal(t, 128+int(sig), ws.ExitStatus(), stderr)
					require.Less(t, took, 10*time.Second, "gitedit waited for the %s: %s", child, stderr)
					requireGone(t, s.child)
					requireNoLeftovers(t, dir)
					if before {
						require.Contains(t, stderr, "nothing was changed")
						requireUnchanged(t, snap, take(t, dir))
						return
					}
					require.Contains(t, stderr, "the batch was completed")
					require.Equal(t, head, git(t, dir, "rev-parse", "HEAD~1"))
					require.Equal(t, "", git(t, dir, "status", "--porcelain"))
					requireHealthy(t, dir)
				})
			}
		}
	}
}

// TestSignalWhileTheSignerRunsBesideTheFilesChangesNothing: with more
// than two files, the commit (and its signature) is written while the
// files are placed; a signal while the signer runs there puts the files
// back too.
func TestSignalWhileTheSignerRunsBesideTheFilesChangesNothing(t *testing.T) {
	dir, marker, _ := stallRepo(t, "signer", "gitedit", false)
	snap := take(t, dir)
	env := fixtures.Env(fixtures.Home(dir))
	req := filepath.Join(t.TempDir(), "batch.json")
	ops := `{"operations":[{"file_path":"a.txt","old_string":"one","new_string":"uno"},` +
		`{"file_path":"b.txt","old_string":"alpha","new_string":"beta"},{"file_path":"sub/c.txt","old_string":"c","new_string":"C"}]}`
	require.NoError(t, os.WriteFile(req, []byte(ops), 0o644))
	s := startStalled(t, dir, env, marker, "gitedit", "batch", req, "--commit")
	ws, stderr, took := s.stop(t, syscall.SIGTERM)
	require.Equal(t, 128+int(syscall.SIGTERM), ws.ExitStatus(), stderr)
	require.Less(t, took, 10*time.Second, stderr)
	require.Contains(t, stderr, "nothing was changed")
	requireGone(t, s.child)
	requireUnchanged(t, snap, take(t, dir))
	requireNoLeftovers(t, dir)
}
