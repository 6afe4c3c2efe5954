// Package hooks runs git hooks the way git's hook.c and run-command.c do:
// the executable file named after the hook in the hooks folder
// (core.hooksPath or $GIT_DIR/hooks), run from the top of the working
// tree with its standard output sent to standard error, no standard
// input unless the hook reads one (reference-transaction), and a script
// without a "#!" line run by /bin/sh. As git does, it waits for the hook,
// not for the end of its output (a background process the hook leaves
// holds the caller up no more than it holds git), and passes a caught
// signal on to it (see package child).
package hooks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/gitedit/gitedit/gitedit/internal/child"
	"github.com/gitedit/gitedit/gitedit/internal/stdinfile"
)

// Runner runs the hooks of one repository.
type Runner struct {
	// Dir is the hooks folder.
	Dir string
	// WorkTree is the folder hooks run in (the top of the working tree).
	WorkTree string
	// Env is the environment every hook gets (the caller's, with git's
	// additions such as GIT_PREFIX and GIT_EXEC_PATH).
	Env []string
	// Output receives the hooks' standard output and error.
	Output io.Writer
	// Late receives what a background process a hook left writes to the
	// hook's output after the hook exited (nil: dropped).
	Late io.Writer
}

// Failed is a hook that exited with a non-zero status (or was killed).
type Failed struct {
	Hook   string
	Status int
}

func (f *Failed) Error() string {
	return fmt.Sprintf("the %s hook refused (exit status %d)", f.Hook, f.Status)
}

// Path returns the hook's file when it exists and is executable, as
// git's find_hook requires (access(2) with X_OK); a file without the
// executable bit is ignored, as git ignores it. A folder with its search
// bit counts, as for git: running it then fails ("cannot exec").
func (r Runner) Path(name string) (string, bool) {
	if r.Dir == "" {
		return "", false
	}
	p := filepath.Join(r.Dir, name)
	fi, err := os.Stat(p)
	if err != nil || fi.Mode().Perm()&0o111 == 0 {
		return "", false
	}
	return p, true
}

// Run runs hook name with args, the extra environment entries env
// ("KEY=value", overriding Env) and stdin (nil: none). It reports whether
// the hook exists; a non-zero exit is a *Failed error. When ctx ends, the
// hook is stopped (a *child.Stopped error), and not started once it has.
func (r Runner) Run(ctx context.Context, name string, env []string, stdin []byte, args ...string) (bool, error) {
	p, ok := r.Path(name)
	if !ok {
		return false, nil
	}
	err := r.start(ctx, name, r.argv0(p), env, stdin, args)
	if errors.Is(err, syscall.ENOEXEC) {
		err = r.start(ctx, name, "/bin/sh", env, stdin, append([]string{r.argv0(p)}, args...))
	}
	return true, err
}

// argv0 is the hook's path as git passes it: relative to the working
// tree's top when it is inside it.
func (r Runner) argv0(p string) string {
	if rel, err := filepath.Rel(r.WorkTree, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

// start runs program with args in the working tree and waits for it.
func (r Runner) start(ctx context.Context, name, program string, env []string, stdin []byte, args []string) error {
	if !strings.ContainsRune(program, os.PathSeparator) {
		program = "." + string(os.PathSeparator) + program // relative to Dir, not looked up in PATH
	}
	cmd := exec.Command(program, args...)
	cmd.Dir = r.WorkTree
	cmd.Env = Merge(r.Env, env)
	if stdin != nil {
		in, err := stdinfile.New(stdin)
		if err != nil {
			return fmt.Errorf("run the %s hook: %w", name, err)
		}
		defer in.Close()
		cmd.Stdin = in
	}
	out := r.Output
	if out == nil {
		out = io.Discard
	}
	err := child.Run(ctx, cmd, child.Output{Stdout: out, Stderr: out, Late: r.Late})
	if child.IsStopped(err) {
		return err
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return &Failed{Hook: name, Status: exit.ExitCode()}
	}
	if err != nil {
		return fmt.Errorf("run the %s hook: %w", name, err)
	}
	return nil
}

// Merge returns base with the "KEY=value" entries of extra set (replacing
// those of the same key).
func Merge(base, extra []string) []string {
	keys := map[string]bool{}
	for _, kv := range extra {
		k, _, _ := strings.Cut(kv, "=")
		keys[k] = true
	}
	out := make([]string, 0, len(base)+len(extra))
	for _, kv := range base {
		if k, _, _ := strings.Cut(kv, "="); !keys[k] {
			out = append(out, kv)
		}
	}
	return append(out, extra...)
}

// CleanMessage cleans a commit message as git commit does after the
// message hooks when no editor ran (cleanup mode "whitespace"): trailing
// whitespace removed from every line, runs of blank lines made one, and
// blank lines at the start and the end removed; every line ends with a
// newline. Comment lines are kept, as in that mode.
func CleanMessage(msg string) string {
	var b strings.Builder
	blank := 0
	for _, line := range strings.Split(msg, "\n") {
		line = strings.TrimRight(line, " \t\r") // git's isspace: no \v, no \f
		if line == "" {
			blank++
			continue
		}
		if blank > 0 && b.Len() > 0 {
			b.WriteString("\n")
		}
		blank = 0
		b.WriteString(line + "\n")
	}
	return b.String()
}

// RelPath is p as git names it to hooks: relative to the working tree's
// top when inside it.
func (r Runner) RelPath(p string) string { return r.argv0(p) }
