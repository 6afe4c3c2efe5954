//go:build unix

package child

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// syncBuffer is a buffer safe for the Late copier and the test to share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestRunWaitsForTheProgramNotItsBackgroundProcesses: a program that
// leaves a process holding its output (sleep 30, its output not
// redirected) returns at once, with all it wrote before it exited (200 KB,
// more than a pipe holds, in order, both streams in one writer); what the
// background process writes later goes to Late.
func TestRunWaitsForTheProgramNotItsBackgroundProcesses(t *testing.T) {
	script := `echo first; echo second >&2; sleep 30 & (sleep 0.3; echo late) & head -c 200000 /dev/zero | tr '\0' x; echo; echo last`
	var out bytes.Buffer
	late := &syncBuffer{}
	start := time.Now()
	err := Run(context.Background(), exec.Command("sh", "-c", script), Output{Stdout: &out, Stderr: &out, Late: late})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Run took %v: it waited for the background process", d)
	}
	want := "first\nsecond\n" + strings.Repeat("x", 200000) + "\nlast\n"
	if out.String() != want {
		t.Fatalf("output: %d bytes, want %d (start %q)", out.Len(), len(want), out.String()[:min(out.Len(), 20)])
	}
	for deadline := time.Now().Add(5 * time.Second); late.String() == "" && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if late.String() != "late\n" {
		t.Errorf("late output = %q", late.String())
	}
}

// TestRunKeepsTheStreamsApart: two writers get two pipes.
func TestRunKeepsTheStreamsApart(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := Run(context.Background(), exec.Command("sh", "-c", "echo out; echo err >&2; exit 3"), Output{Stdout: &stdout, Stderr: &stderr})
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 || stdout.String() != "out\n" || stderr.String() != "err\n" {
		t.Fatalf("err %v stdout %q stderr %q", err, stdout.String(), stderr.String())
	}
}

// sigCause is a context cause naming a signal, as the CLI's does.
type sigCause struct{ sig os.Signal }

func (c sigCause) Error() string     { return c.sig.String() }
func (c sigCause) Signal() os.Signal { return c.sig }

// TestRunStopsTheProgramWhenTheContextEnds: the program gets the signal
// the cause names (its trap runs and its output is kept); one that
// ignores the signal is killed after Grace; an ended context starts
// nothing.
func TestRunStopsTheProgramWhenTheContextEnds(t *testing.T) {
	defer func(g time.Duration) { Grace = g }(Grace)
	Grace = 300 * time.Millisecond
	for _, c := range []struct {
		script, want string
	}{
		{`trap 'echo got INT; exit 3' INT; echo ready; sleep 30 & wait`, "ready\ngot INT\n"},
		{`trap '' INT TERM; echo ready; sleep 30 & wait; wait; wait`, "ready\n"},
	} {
		ctx, cancel := context.WithCancelCause(context.Background())
		var out syncBuffer
		go func() {
			for !strings.Contains(out.String(), "ready") {
				time.Sleep(10 * time.Millisecond)
			}
			cancel(sigCause{syscall.SIGINT})
		}()
		start := time.Now()
		err := Run(ctx, exec.Command("sh", "-c", c.script), Output{Stdout: &out})
		var stopped *Stopped
		if !errors.As(err, &stopped) || !errors.Is(err, sigCause{syscall.SIGINT}) {
			t.Fatalf("%s: err = %v, want Stopped by SIGINT", c.script, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: stopped after %v", c.script, d)
		}
		if out.String() != c.want {
			t.Errorf("%s: output %q, want %q", c.script, out.String(), c.want)
		}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("done"))
	marker := t.TempDir() + "/ran"
	if err := Run(ctx, exec.Command("touch", marker), Output{}); err == nil {
		t.Error("Run on an ended context succeeded")
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("Run on an ended context started the program")
	}
}

// TestRunDoesNotDrainABackgroundProcessWithoutEnd: a program that leaves
// a process writing without end (yes) into a pipe read slowly still
// returns at once, with its own output first in what was read: what is
// read once the program has exited is bounded by what a pipe holds.
func TestRunDoesNotDrainABackgroundProcessWithoutEnd(t *testing.T) {
	pid := t.TempDir() + "/pid"
	defer func() {
		if data, err := os.ReadFile(pid); err == nil {
			if n, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && n > 1 {
				_ = syscall.Kill(n, syscall.SIGKILL)
			}
		}
	}()
	var out prefixWriter
	start := time.Now()
	err := Run(context.Background(), exec.Command("sh", "-c", "echo mine; yes & echo $! > "+pid), Output{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Run took %v", d)
	}
	if !strings.HasPrefix(out.String(), "mine\n") {
		t.Errorf("output starts %q", out.String())
	}
	if out.n > 8<<20 {
		t.Errorf("read %d bytes of the background process's output after the program exited", out.n)
	}
}

// prefixWriter keeps the first bytes written to it and counts the rest;
// it is slow (a millisecond a write), so that a process writing without
// end always keeps the pipe full.
type prefixWriter struct {
	b bytes.Buffer
	n int
}

func (w *prefixWriter) Write(p []byte) (int, error) {
	time.Sleep(time.Millisecond)
	if w.b.Len() < 64 {
		w.b.Write(p[:min(len(p), 64)])
	}
	w.n += len(p)
	return len(p), nil
}

func (w *prefixWriter) String() string { return w.b.String() }
