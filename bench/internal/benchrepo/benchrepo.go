// Package benchrepo holds what gitedit's benchmark commands share: a
// scratch folder, the gitedit binary built from the module, a generated
// repository committed with git, timed commands and medians.
package benchrepo

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Workspace creates a scratch folder; cleanup removes it unless keep is
// set (then its path is printed).
func Workspace(prefix string, keep bool) (dir string, cleanup func(), err error) {
	dir, err = os.MkdirTemp("", prefix)
	if err != nil {
		return "", nil, err
	}
	if keep {
		fmt.Println("kept in", dir)
		return dir, func() {}, nil
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// BuildBinary builds gitedit from the module root (the current folder)
// into dir with a plain build, as `go install` of the main package makes
// it (no build tags, cgo as the toolchain defaults), and returns its path.
func BuildBinary(dir string) (string, error) {
	bin := filepath.Join(dir, "gitedit")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build gitedit (run from the module root): %v: %s", err, out)
	}
	if err := rewriteFile(bin); err != nil {
		return "", err
	}
	return bin, nil
}

// rewriteFile replaces the file at path by a copy written in one pass, as
// an installed binary is once read back from disk. The linker writes its
// output through a memory map, out of order, and a program started from
// that file as the linker left it in the page cache starts 0.5–0.9 ms
// slower on this kind of machine, whether just built or 40 s later (the
// same bytes copied: `gitedit hash` 3.2–3.5 ms against 4.1–4.5): a
// transient state of a fresh build, not the binary's.
func rewriteFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	tmp := path + ".copy"
	if err := os.WriteFile(tmp, data, 0o755); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Generate writes files generated files into repo, in 1000-file folders
// (name(i) gives each path, body(i) its content), commits them with git on
// branch main, packs the repository, as a clone is, and syncs. Automatic gc is
// turned off (gc.auto=0): a commit would otherwise start one in the
// background, and it would steal the processor from whichever contender
// runs next.
func Generate(repo string, files int, name, body func(i int) string) error {
	for i := 0; i < files; i++ {
		p := filepath.Join(repo, name(i))
		if i%1000 == 0 {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
		}
		if err := os.WriteFile(p, []byte(body(i)), 0o644); err != nil {
			return err
		}
	}
	return Init(repo)
}

// Init makes the files in repo a repository as Generate leaves it: one
// commit of everything on branch main, packed, automatic gc off, synced.
func Init(repo string) error {
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"config", "gc.auto", "0"}, {"add", "-A"}, {"commit", "-q", "-m", "initial"}, {"gc", "-q"}} {
		if err := Command(repo, "git", args...); err != nil {
			return err
		}
	}
	// Write back what generation left dirty (a 15 MB pack among it), so
	// that the first timed run's own flush does not pay for it.
	return Command(repo, "sync")
}

// Setup is what a benchmark command needs before it times anything: a
// scratch folder (removed by Cleanup unless keep), the gitedit binary and
// a generated repository.
type Setup struct {
	Bin, Repo string
	Built     time.Duration // time taken to generate the repository
	Cleanup   func()
}

// Prepare makes the scratch folder (named from prefix), builds the binary
// and generates a repository of files files (see Generate).
func Prepare(prefix string, keep bool, files int, name, body func(i int) string) (*Setup, error) {
	tmp, cleanup, err := Workspace(prefix, keep)
	if err != nil {
		return nil, err
	}
	s := &Setup{Repo: filepath.Join(tmp, "repo"), Cleanup: cleanup}
	if s.Bin, err = BuildBinary(tmp); err != nil {
		cleanup()
		return nil, err
	}
	start := time.Now()
	if err := Generate(s.Repo, files, name, body); err != nil {
		cleanup()
		return nil, err
	}
	s.Built = time.Since(start)
	return s, nil
}

// Command runs name with args in dir with a fixed identity and no user or
// system git configuration.
func Command(dir, name string, args ...string) error {
	return CommandEnv(dir, nil, name, args...)
}

// CommandEnv is Command with extra environment variables ("KEY=value").
func CommandEnv(dir string, env []string, name string, args ...string) error {
	_, err := CommandStderr(dir, env, name, args...)
	return err
}

// CommandStderr is CommandEnv that also returns what the command printed
// on standard error.
func CommandStderr(dir string, env []string, name string, args ...string) (string, error) {
	_, stderr, err := run(dir, env, name, args...)
	return stderr, err
}

// Output is Command that returns what the command printed on standard
// output.
func Output(dir, name string, args ...string) (string, error) {
	stdout, _, err := run(dir, nil, name, args...)
	return stdout, err
}

// OutputEnv is CommandEnv that returns what the command printed on
// standard output.
func OutputEnv(dir string, env []string, name string, args ...string) (string, error) {
	stdout, _, err := run(dir, env, name, args...)
	return stdout, err
}

// run runs name with args in dir under the benchmarks' environment plus
// env, and returns its standard output and error.
func run(dir string, env []string, name string, args ...string) (string, string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = Env(env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), stderr.String(), fmt.Errorf("%s %s: %v: %s%s", name, strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String(), stderr.String(), nil
}

// Env is the environment the benchmarks run commands with: a fixed
// identity, no user or system git configuration, plus extra.
func Env(extra ...string) []string {
	env := append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_AUTHOR_NAME=bench", "GIT_AUTHOR_EMAIL=bench@example.com",
		"GIT_COMMITTER_NAME=bench", "GIT_COMMITTER_EMAIL=bench@example.com")
	return append(env, extra...)
}

// Timed runs Command and returns its wall time.
func Timed(dir, name string, args ...string) (time.Duration, error) {
	return TimedEnv(dir, nil, name, args...)
}

// TimedEnv runs CommandEnv and returns its wall time.
func TimedEnv(dir string, env []string, name string, args ...string) (time.Duration, error) {
	start := time.Now()
	err := CommandEnv(dir, env, name, args...)
	return time.Since(start), err
}

// Clean fails unless git status reports nothing in repo.
func Clean(repo string) error {
	out, err := exec.Command("git", "-C", repo, "status", "--porcelain").Output()
	if err != nil || len(out) > 0 {
		return fmt.Errorf("git status after the run: %v %s", err, out)
	}
	return nil
}

// Median returns the median of xs (the upper one of an even count).
func Median[T cmp.Ordered](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// FileName is the path of generated file i: a thousand files a folder.
func FileName(i int) string { return fmt.Sprintf("d%03d/f%05d.go", i/1000, i) }

// ConstBody is a small Go file for generated file i, holding the line
// "const value = 1" the edit benchmarks change.
func ConstBody(i int) string {
	return fmt.Sprintf("package p%d\n\n// File %d.\nconst value = 1\n", i/1000, i)
}

// Phases collects the wall time of each phase gitedit reports with
// GITEDIT_TRACE_PERFORMANCE=1, over many runs, in the order first seen.
type Phases struct {
	times map[string][]time.Duration
	order []string
}

// Add records the phases of one run from what it printed on standard
// error ("gitedit: performance: 0.001234 s: phase" lines).
func (p *Phases) Add(stderr string) { p.add(stderr) }

// AddRun is Add for a run that took wall, recording also the time outside
// its phases as the phase Rest: process start up to Main, taking the lock,
// and exit.
func (p *Phases) AddRun(stderr string, wall time.Duration) {
	p.record(Rest, wall-p.add(stderr))
}

// Rest is the name of AddRun's phase outside the traced ones.
const Rest = "rest (exec to Main, lock, exit)"

// add records the phases of stderr and returns their sum.
func (p *Phases) add(stderr string) time.Duration {
	var sum time.Duration
	for _, line := range strings.Split(stderr, "\n") {
		rest, ok := strings.CutPrefix(line, "gitedit: performance: ")
		value, phase, ok2 := strings.Cut(rest, " s: ")
		secs, err := strconv.ParseFloat(value, 64)
		if !ok || !ok2 || err != nil {
			continue
		}
		d := time.Duration(secs * float64(time.Second))
		p.record(phase, d)
		sum += d
	}
	return sum
}

// record adds one time of phase.
func (p *Phases) record(phase string, d time.Duration) {
	if p.times == nil {
		p.times = map[string][]time.Duration{}
	}
	if _, seen := p.times[phase]; !seen {
		p.order = append(p.order, phase)
	}
	p.times[phase] = append(p.times[phase], d)
}

// String lists each phase with its median, rounded to round.
func (p *Phases) String(round time.Duration) string {
	var b strings.Builder
	for i, phase := range p.order {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s %s", phase, Median(p.times[phase]).Round(round))
	}
	return b.String()
}
