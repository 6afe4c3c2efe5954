//go:build unix

package integration

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// pausedRun is a gitedit process stopped at a phase by GITEDIT_TEST_PAUSE
// (a test-only hook: it prints "gitedit: test pause at PHASE" and sleeps).
type pausedRun struct {
	cmd    *exec.Cmd
	paused chan struct{}
	stderr chan string
}

// startPausedWithInput starts gitedit in dir with args and stdin as its
// standard input, pausing at phase, and returns once it has reached the
// phase.
func startPausedWithInput(t *testing.T, dir, phase, stdin string, args ...string) *pausedRun {
	t.Helper()
	return startPaused(t, dir, phase, stdin, nil, args...)
}

// startPaused is startPausedWithInput with extra environment variables
// (GIT_INDEX_FILE, say).
func startPaused(t *testing.T, dir, phase, stdin string, env []string, args ...string) *pausedRun {
	t.Helper()
	p := &pausedRun{cmd: exec.Command(binary, args...), paused: make(chan struct{}), stderr: make(chan string, 1)}
	p.cmd.Dir = dir
	p.cmd.Stdin = strings.NewReader(stdin)
	p.cmd.Env = append(append(fixtures.Env(fixtures.Home(dir)), env...), "GITEDIT_TEST_PAUSE="+phase+"=3s")
	pipe, err := p.cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, p.cmd.Start())
	go func() {
		var all strings.Builder
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			all.WriteString(sc.Text() + "\n")
			if strings.HasPrefix(sc.Text(), "gitedit: test pause at ") {
				close(p.paused)
			}
		}
		p.stderr <- all.String()
	}()
	select {
	case <-p.paused:
	case <-time.After(30 * time.Second):
		_ = p.cmd.Process.Kill()
		t.Fatalf("gitedit never reached phase %q", phase)
	}
	return p
}

// signal sends sig and waits for the exit status and standard error.
func (p *pausedRun) signal(t *testing.T, sig syscall.Signal) (int, string) {
	t.Helper()
	require.NoError(t, p.cmd.Process.Signal(sig))
	stderr := <-p.stderr // read it all before Wait closes the pipe
	err := p.cmd.Wait()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	return code, stderr
}

// signalsToSend are the signals the tests send: git's list and one more.
func signalsToSend() []syscall.Signal {
	if testing.Short() {
		return []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM}
	}
	return []syscall.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGPIPE, syscall.SIGUSR1}
}

// requireNoLeftovers checks that no lock, temporary file or temp journal
// is left.
func requireNoLeftovers(t *testing.T, dir string) {
	t.Helper()
	for _, lock := range []string{"index.lock", "HEAD.lock", "refs/heads/main.lock"} {
		require.NoFileExists(t, filepath.Join(dir, ".git", filepath.FromSlash(lock)))
	}
	require.Empty(t, tempFiles(t, dir))
	journal, err := os.ReadFile(filepath.Join(dir, ".git", "gitedit", "temp-folders"))
	done := len(journal) == 0 || strings.HasPrefix(string(journal), "gitedit-temps D\n")
	require.True(t, err != nil || done, "the temp journal is removed, empty or marked done: %q", journal)
}

// TestSignalBeforePointOfNoReturnChangesNothing interrupts an edit at
// each phase before its point of no return (the ref move with --commit,
// the index rename without) with each signal: gitedit exits with 128 +
// the signal, and files, index, refs and reflogs are as they were, with no
// lock or temporary file left.
func TestSignalBeforePointOfNoReturnChangesNothing(t *testing.T) {
	modes := []struct {
		flags  []string
		phases []string
	}{
		{[]string{"--commit"}, []string{"prepare", "write files", "write index", "move ref"}},
		{nil, []string{"prepare", "write files", "write index", "commit index"}},
		{[]string{"--no-stage"}, []string{"prepare", "write files", "commit index"}},
	}
	for _, m := range modes {
		for _, phase := range m.phases {
			for _, sig := range signalsToSend() {
				t.Run(fmt.Sprintf("%v/%s/%v", m.flags, phase, sig), func(t *testing.T) {
					dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "d/b.txt": "bee\n"})
					before := take(t, dir)
					args := append([]string{"batch", "-"}, m.flags...)
					p := startPausedWithInput(t, dir, phase, batchTwoFiles, args...)
					code, stderr := p.signal(t, sig)
					require.Equal(t, 128+int(sig), code, stderr)
					require.Contains(t, stderr, "nothing was changed")
					requireUnchanged(t, before, take(t, dir))
					requireNoLeftovers(t, dir)
				})
			}
		}
	}
}

// batchTwoFiles edits two files in one batch.
const batchTwoFiles = `{"operations":[{"file_path":"greet.go","old_string":"hello","new_string":"hi"},{"file_path":"d/b.txt","old_string":"bee","new_string":"wasp"}]}`

// TestSignalAfterPointOfNoReturnCompletes interrupts a commit after its
// ref move: the batch completes (commit, files and index agree, nothing
// left behind), says so, and exits with 128 + the signal.
func TestSignalAfterPointOfNoReturnCompletes(t *testing.T) {
	for _, sig := range signalsToSend() {
		t.Run(sig.String(), func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "d/b.txt": "bee\n"})
			head := git(t, dir, "rev-parse", "HEAD")
			p := startPausedWithInput(t, dir, "commit index", batchTwoFiles, "batch", "-", "--commit")
			code, stderr := p.signal(t, sig)
			require.Equal(t, 128+int(sig), code, stderr)
			require.Contains(t, stderr, "the batch was completed")
			require.Equal(t, head, git(t, dir, "rev-parse", "HEAD~1"))
			require.Equal(t, "wasp", read(t, dir, "d/b.txt")[:4])
			require.Equal(t, "", git(t, dir, "status", "--porcelain"))
			requireNoLeftovers(t, dir)
			requireHealthy(t, dir)
		})
	}
}
