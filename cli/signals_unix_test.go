//go:build unix

package cli

import (
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestSignalsStayCaughtOnlyForAProcessThatExits checks stop: a catcher
// stopped for a caller that goes on (mainWith) gives its signals back, one
// stopped for a process about to exit (Main) keeps receiving them. The
// test holds SIGUSR2 itself meanwhile, so that the signal never ends it.
func TestSignalsStayCaughtOnlyForAProcessThatExits(t *testing.T) {
	own := make(chan os.Signal, 1)
	signal.Notify(own, syscall.SIGUSR2)
	defer signal.Stop(own)
	for _, giveBack := range []bool{true, false} {
		c := newSignalCatcher()
		c.start()
		c.stop(giveBack)
		assert.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGUSR2))
		<-own
		time.Sleep(10 * time.Millisecond) // the runtime hands the signal to each channel in turn: the catcher's may come after own
		assert.Equal(t, !giveBack, len(c.ch) == 1, "give back %v: the catcher still receives", giveBack)
		signal.Stop(c.ch)
	}
}

// TestWaitReturnsOnceTheSignalsAreCaught checks that start's set-up in
// the background is over when wait returns: a signal sent then cancels
// the catcher's context. The test holds SIGUSR1 itself, so that a signal
// the catcher missed would not end it.
func TestWaitReturnsOnceTheSignalsAreCaught(t *testing.T) {
	own := make(chan os.Signal, 1)
	signal.Notify(own, syscall.SIGUSR1)
	defer signal.Stop(own)
	c := newSignalCatcher()
	c.start()
	c.wait()
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGUSR1))
	select {
	case <-c.ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the signal sent after wait was not caught")
	}
	assert.Equal(t, syscall.SIGUSR1, c.received())
	c.stop(true)
}

// TestAnEditWaitsForTheSignalHandlersBeforeItWrites runs an edit whose
// catcher has not finished setting up (its signal.Notify still running):
// the batch stops before its lock, with nothing written, until the
// handlers are in place, then completes.
func TestAnEditWaitsForTheSignalHandlersBeforeItWrites(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.go": "package a\n\nfunc f() {\n\tfoo()\n}\n"})
	sig := newSignalCatcher()
	sig.started, sig.ready = true, make(chan struct{})
	var out, errb strings.Builder
	e := &env{out: &printer{stdout: &out, stderr: &errb}, sig: sig, stdin: strings.NewReader("")}
	app := newApp(e)
	args, _ := reorderArgs(app, []string{"gitedit", "edit", "-C", repo, "a.go", "--old", "foo()", "--new", "bar()"})
	done := make(chan error, 1)
	go func() { done <- app.RunContext(sig.ctx, args) }()
	time.Sleep(200 * time.Millisecond)
	select {
	case err := <-done:
		t.Fatalf("the edit ended before the signals were caught: %v", err)
	default:
	}
	assert.NoFileExists(t, filepath.Join(repo, ".git", "index.lock"))
	assert.Equal(t, "", fixtures.Git(t, repo, "status", "--porcelain"))
	close(sig.ready)
	require.NoError(t, <-done, errb.String())
	assert.Equal(t, "M  a.go", strings.TrimSpace(fixtures.Git(t, repo, "status", "--porcelain")))
}

// TestTraceReportsTheStart checks the "start" phase
// GITEDIT_TRACE_PERFORMANCE adds for a command line: one line on the
// command's stderr, in the batch phases' format (they follow on the
// process's stderr: the gate that prints it runs before the lock).
func TestTraceReportsTheStart(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.go": "package a\n"})
	t.Setenv("GITEDIT_TRACE_PERFORMANCE", "1")
	_, stderr, code := runApp(newAppFor, []string{"gitedit", "edit", "-C", repo, "a.go", "--old", "package a", "--new", "package b"})
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `^gitedit: performance: \d+\.\d{6} s: start\n$`, stderr)
	t.Setenv("GITEDIT_TRACE_PERFORMANCE", "")
	_, stderr, code = runApp(newAppFor, []string{"gitedit", "edit", "-C", repo, "a.go", "--old", "package b", "--new", "package c"})
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)
}

// TestAnAdoptedEarlyNotifyCancelsTheContext checks adopt, with a
// signal.Notify started as sigstart starts it: the catcher waits for it,
// and a signal sent then cancels its context.
func TestAnAdoptedEarlyNotifyCancelsTheContext(t *testing.T) {
	own := make(chan os.Signal, 1)
	signal.Notify(own, syscall.SIGUSR2)
	defer signal.Stop(own)
	ch, ready := make(chan os.Signal, 1), make(chan struct{})
	go func() {
		signal.Notify(ch, catchable...)
		close(ready)
	}()
	c := newSignalCatcher()
	c.adopt(ch, ready)
	c.start() // already started: nothing more
	c.wait()
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGUSR2))
	select {
	case <-c.ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the signal sent after wait was not caught")
	}
	assert.Equal(t, syscall.SIGUSR2, c.received())
	c.stop(true)
}

// TestASignalEndsTheReadOfANamedPipe runs commands whose input file is a
// named pipe nobody writes to (patch F, apply F, batch F, --old-file F,
// --edits F): a caught signal ends them, having written nothing, as it
// ends git. They waited in the pipe's open for good, deaf to SIGINT and
// SIGTERM, which the catcher had taken over.
func TestASignalEndsTheReadOfANamedPipe(t *testing.T) {
	for _, line := range [][]string{
		{"patch", "PIPE"}, {"apply", "PIPE"}, {"batch", "PIPE"},
		{"edit", "a.go", "--old-file", "PIPE", "--new", "x"}, {"multiedit", "a.go", "--edits", "PIPE"},
		{"run", "PIPE"}, {"run", "--recipe", "PIPE", "--check"},
	} {
		repo := fixtures.NewRepo(t, map[string]string{"a.go": "package a\n"})
		pipe := filepath.Join(t.TempDir(), "pipe")
		require.NoError(t, syscall.Mkfifo(pipe, 0o600))
		sig := newSignalCatcher()
		sig.started, sig.ready = true, make(chan struct{})
		close(sig.ready)
		e := &env{out: &printer{stdout: io.Discard, stderr: io.Discard}, sig: sig, stdin: strings.NewReader("")}
		app := newApp(e)
		argv := []string{"gitedit"}
		for _, a := range line {
			argv = append(argv, strings.ReplaceAll(a, "PIPE", pipe))
		}
		args, _ := reorderArgs(app, append(argv, "-C", repo))
		done := make(chan error, 1)
		go func() { done <- app.RunContext(sig.ctx, args) }()
		time.Sleep(50 * time.Millisecond)
		sig.cancel(signalError{syscall.SIGTERM})
		select {
		case err := <-done:
			require.Error(t, err, line[0])
			assert.Contains(t, err.Error(), "SIGTERM", line[0])
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: a caught signal did not end the read of a named pipe", line[0])
		}
		if f, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close() // lets the abandoned open and read end
		}
		assert.Equal(t, "", fixtures.Git(t, repo, "status", "--porcelain"), line[0])
		assert.NoFileExists(t, filepath.Join(repo, ".git", "index.lock"), line[0])
	}
}
