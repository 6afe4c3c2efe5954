package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/gitedit/gitedit/fixtures"
)

// openPTY opens a pseudo-terminal and returns its master and slave ends.
func openPTY(t *testing.T) (master, slave *os.File) {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	require.NoError(t, unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0))
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	require.NoError(t, err)
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	require.NoError(t, err)
	return m, s
}

// onTerminal runs Main with stdout and stderr on a pseudo-terminal and
// returns what the terminal received (newlines as written, without the
// terminal's CR) and the exit status.
func onTerminal(t *testing.T, args ...string) (string, int) {
	master, slave := openPTY(t)
	defer master.Close()
	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(master) // ends with EIO once the slave is closed
		got <- b
	}()
	code := Main(append([]string{"gitedit"}, args...), nil, slave, slave)
	slave.Close()
	return strings.ReplaceAll(string(<-got), "\r\n", "\n"), code
}

// piped runs Main with stdout and stderr in buffers.
func piped(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = Main(append([]string{"gitedit"}, args...), nil, &out, &errb)
	return out.String(), errb.String(), code
}

// colorRepo is a fixture repository for the colour tests, with git's
// environment isolated for the process (HOME, no system config, TERM).
func colorRepo(t *testing.T) string {
	repo := fixtures.NewRepo(t, map[string]string{"a.go": "package a\n\nfunc f() {\n\tfoo()\n}\n"})
	for _, kv := range fixtures.Env(fixtures.Home(repo)) {
		if k, v, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "GIT_") || k == "HOME" || k == "XDG_CONFIG_HOME" {
			t.Setenv(k, v)
		}
	}
	t.Setenv("TERM", "xterm-256color")
	t.Setenv("NO_COLOR", "")
	return repo
}

// gitColorDiff returns `git diff --cached --color` of repo from its
// "--- a/" line on (gitedit's diffs have no "diff --git" and "index"
// lines), under the extra config.
func gitColorDiff(t *testing.T, repo string, config ...string) string {
	args := []string{}
	for _, kv := range config {
		args = append(args, "-c", kv)
	}
	out := fixtures.Git(t, repo, append(args, "diff", "--cached", "--color=always")...)
	i := strings.Index(out, "--- a/")
	require.GreaterOrEqual(t, i, 0, out)
	return out[strings.LastIndexByte(out[:i], '\n')+1:]
}

func TestDiffOnATerminalIsColouredAsGitDiff(t *testing.T) {
	tests := []struct {
		name   string
		config []string
		flags  []string
	}{
		{"git's defaults", nil, nil},
		{"color.diff slots", []string{"color.diff.new=blue bold", "color.diff.old=#aa0000", "color.diff.meta=ul", "color.diff.frag=magenta"}, nil},
		{"color.ui=never, --color", []string{"color.ui=never"}, []string{"--color"}},
		{"color.ui=false, color.diff=auto", []string{"color.ui=false", "color.diff=auto"}, nil},
		{"core.whitespace", []string{"core.whitespace=-blank-at-eol"}, []string{"--color=auto"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := colorRepo(t)
			for _, kv := range tt.config {
				k, v, _ := strings.Cut(kv, "=")
				fixtures.Git(t, repo, "config", k, v)
			}
			out, code := onTerminal(t, append([]string{"edit", "-C", repo, "a.go", "--old", "foo()", "--new", "bar()  "}, tt.flags...)...)
			require.Equal(t, 0, code, out)
			summary, diff, _ := strings.Cut(out, "\n\n")
			assert.Equal(t, "Replaced 1 occurrence in a.go", summary)
			assert.Equal(t, gitColorDiff(t, repo), diff)
			assert.Contains(t, diff, "\033[")
		})
	}
}

func TestColourIsOffWhenAsked(t *testing.T) {
	tests := []struct {
		name   string
		env    map[string]string
		config string
		flags  []string
	}{
		{"NO_COLOR", map[string]string{"NO_COLOR": "1"}, "", nil},
		{"--no-color", nil, "", []string{"--no-color"}},
		{"--color=never", nil, "color.diff=always", []string{"--color=never"}},
		{"color.diff=never", nil, "color.diff=never", nil},
		{"color.ui=never", nil, "color.ui=never", nil},
		{"TERM=dumb", map[string]string{"TERM": "dumb"}, "", nil},
		{"TERM unset", map[string]string{"TERM": ""}, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := colorRepo(t)
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			if k, v, ok := strings.Cut(tt.config, "="); ok {
				fixtures.Git(t, repo, "config", k, v)
			}
			out, code := onTerminal(t, append([]string{"edit", "-C", repo, "a.go", "--old", "foo()", "--new", "bar(\x1b[2J)"}, tt.flags...)...)
			require.Equal(t, 0, code, out)
			assert.NotContains(t, out, "\033", "no colour, and the file's escape shown escaped")
			assert.Contains(t, out, "+\tbar(^[[2J)\n")
		})
	}
}

func TestColourFlagsAndConfigWhenPiped(t *testing.T) {
	repo := colorRepo(t)
	out, _, code := piped("edit", "-C", repo, "a.go", "--old", "foo()", "--new", "bar(\x1b[2J)")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "+\tbar(\x1b[2J)\n", "piped output keeps the exact text")
	assert.NotContains(t, out, "\033[m")

	out, _, code = piped("edit", "-C", repo, "a.go", "--old", "bar(", "--new", "baz(", "--color")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "\033[32m+\033[m\t\033[32mbaz(^[[2J)\033[m\n", "--color=always colours a pipe, content escaped")

	fixtures.Git(t, repo, "config", "color.ui", "always")
	out, _, _ = piped("edit", "-C", repo, "a.go", "--old", "baz(", "--new", "qux(", "--json")
	assert.NotContains(t, out, "\033[m", "--json is never coloured")
	assert.Contains(t, out, `qux(\u001b[2J)`, "JSON keeps the exact text")
	out, _, _ = piped("edit", "-C", repo, "a.go", "--old", "qux(", "--new", "bar(")
	assert.Contains(t, out, "\033[31m-", "color.ui=always colours a pipe")

	out, _, _ = piped("edit", "-C", repo, "a.go", "--old", "bar(", "--new", "qux(", "--no-color", "--color")
	assert.Contains(t, out, "\033[31m-", "the last of --no-color and --color wins, as in git")
	out, _, _ = piped("edit", "-C", repo, "a.go", "--old", "qux(", "--new", "bar(", "--color", "--no-color")
	assert.NotContains(t, out, "\033[m", "the last of --color and --no-color wins, as in git")

	_, stderr, code := piped("edit", "-C", repo, "a.go", "--old", "bar(", "--new", "baz(", "--color=sometimes")
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, stderr, `--color "sometimes": expected always, never or auto`)

	fixtures.Git(t, repo, "config", "color.diff.new", "chartreuse")
	before := fixtures.Git(t, repo, "hash-object", "a.go")
	_, stderr, code = piped("edit", "-C", repo, "a.go", "--old", "bar(", "--new", "baz(")
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, stderr, "invalid_input: config color.diff.new: invalid color value: chartreuse")
	assert.Equal(t, before, fixtures.Git(t, repo, "hash-object", "a.go"), "a bad colour refuses before any change")
}

func TestTerminalShowsFileControlsEscaped(t *testing.T) {
	repo := colorRepo(t)
	require.NoError(t, os.WriteFile(filepath.Join(repo, "ctl.txt"), []byte("title\x1b]0;pwned\x07\nbell\x07\u009b\r\n"), 0o644))
	fixtures.Git(t, repo, "add", "ctl.txt")
	fixtures.Git(t, repo, "commit", "-qm", "controls\x1b[31m")

	out, code := onTerminal(t, "read", "-C", repo, "ctl.txt")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "title^[]0;pwned^G\n")
	assert.Contains(t, out, "bell^GM-BM-^[\n")
	assert.NotContains(t, out, "\x07")

	out, code = onTerminal(t, "edit", "-C", repo, "ctl.txt", "--old", "bell", "--new", "ring", "--commit")
	require.Equal(t, 0, code, out)
	out, code = onTerminal(t, "log", "-C", repo)
	require.Equal(t, 0, code, out)
	assert.Regexp(t, "(?m)^\033\\[33mcommit [0-9a-f]{40}\033\\[m$", out, "commit lines in git's commit colour")

	out, code = onTerminal(t, "edit", "-C", repo, "ctl.txt", "--old", "title\x1b]0;pwneX", "--new", "x")
	assert.Equal(t, exitRefused, code)
	assert.Contains(t, out, "gitedit: not_found: ")
	assert.NotContains(t, out, "\x07", "error messages quoting the file are escaped on a terminal too")

	plain, _, _ := piped("read", "-C", repo, "ctl.txt")
	assert.Contains(t, plain, "title\x1b]0;pwned\x07\n", "piped output keeps the exact text")
}

// TestDevNullIsNotATerminal checks isTerminal as isatty decides: a
// pseudo-terminal is one; /dev/null (a character device too), a pipe and
// a regular file are not, so output sent to /dev/null is neither coloured
// nor written line by line (git does not colour it either).
func TestDevNullIsNotATerminal(t *testing.T) {
	master, slave := openPTY(t)
	defer master.Close()
	defer slave.Close()
	assert.True(t, isTerminal(slave), "pseudo-terminal")
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	assert.False(t, isTerminal(null), "/dev/null")
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	assert.False(t, isTerminal(w), "pipe")
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer file.Close()
	assert.False(t, isTerminal(file), "regular file")
	assert.False(t, isTerminal(&bytes.Buffer{}), "buffer")
}
