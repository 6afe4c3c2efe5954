package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
	"github.com/gitedit/gitedit/internal/sigstart"
)

func TestReorderArgsMovesOperandsAfterTheFlags(t *testing.T) {
	tests := []struct{ in, want, cmd string }{
		{"gitedit", "gitedit", ""},
		{"gitedit --help", "gitedit --help", ""},
		{"gitedit nosuch a --json", "gitedit nosuch a --json", ""},
		{"gitedit edit a.go --old x --new y", "gitedit edit --old x --new y -- a.go", "edit"},
		{"gitedit edit --old -x a.go --new=-y --replace-all", "gitedit edit --old -x --new=-y --replace-all -- a.go", "edit"},
		{"gitedit -C dir --json edit a.go --old x --new y", "gitedit edit -C dir --json --old x --new y -- a.go", "edit"},
		{"gitedit apply - --keep-going", "gitedit apply --keep-going -- -", "apply"},
		{"gitedit hash -- -odd.txt --json", "gitedit hash -- -odd.txt --json", "hash"},
		{"gitedit hash a --json b", "gitedit hash --json -- a b", "hash"},
		{"gitedit log -n 3", "gitedit log -n 3 --", "log"},
		{"gitedit session land S --help", "gitedit session --help", "session"},
		{"gitedit -C dir session show S -h -p", "gitedit session --help", "session"},
		{"gitedit session help land", "gitedit session --help", "session"},
		{"gitedit hash help", "gitedit hash -- help", "hash"},
		{"gitedit edit a --old --help --new y", "gitedit edit --old --help --new y -- a", "edit"},
		{"gitedit edit a --old x --help=false", "gitedit edit --old x --help=false -- a", "edit"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			app := newApp(&env{out: &printer{}})
			got, cmd := reorderArgs(app, strings.Fields(tt.in))
			assert.Equal(t, tt.want, strings.Join(got, " "))
			assert.Equal(t, tt.cmd, cmd)
		})
	}
}

func TestExitStatusFollowsTheErrorKind(t *testing.T) {
	refused := &gitedit.Error{Code: gitedit.CodeAmbiguous, Message: "x"}
	tests := []struct {
		err  error
		want int
	}{
		{nil, exitOK},
		{refused, exitRefused},
		{fmt.Errorf("edit: %w", refused), exitRefused},
		{&gitedit.Error{Code: gitedit.CodeInvalidInput}, exitInvalid},
		{usagef("bad"), exitInvalid},
		{&statusError{status: exitPartial}, exitPartial},
		{errors.New("disk on fire"), exitRefused},
		{notImplemented("log"), exitRefused},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, exitStatus(tt.err), "%v", tt.err)
	}
}

func TestValidAuthorNeedsNameAndEmail(t *testing.T) {
	for in, want := range map[string]bool{
		"A U Thor <a@example.com>": true, "<a@example.com>": false, "A U Thor": false,
		"A <>": false, "A <a@x> trailing": false,
	} {
		assert.Equal(t, want, validAuthor(in), in)
	}
}

// TestSignalsAreCaughtByEveryCommandThatMayWrite checks which commands
// start catching signals once their flags are parsed: every command but
// those of readOnly (which must all exist), so that an edit, batch, patch,
// undo, run, series, mcp or demo interrupted before its point of no return
// changes nothing (see integration's signal tests).
func TestSignalsAreCaughtByEveryCommandThatMayWrite(t *testing.T) {
	names := map[string]bool{}
	for _, c := range newApp(&env{out: &printer{}}).Commands {
		names[c.Name] = true
		e := &env{out: &printer{}, sig: newSignalCatcher(), serve: refuseToServe}
		app := newApp(e)
		cmd := findCommand(app, c.Name)
		ctx := cli.NewContext(app, flag.NewFlagSet(c.Name, flag.ContinueOnError), nil)
		ctx.Command = cmd
		_ = e.parsed(ctx)
		assert.Equal(t, !readOnly[c.Name], e.sig.started, "%s catches signals", c.Name)
		e.sig.stop(true)
	}
	for name := range readOnly {
		assert.True(t, names[name], "readOnly names %q, which is no command", name)
	}
	for _, writer := range []string{"edit", "multiedit", "apply", "batch", "patch", "undo", "run", "mcp"} {
		assert.False(t, readOnly[writer], writer)
	}
}

// TestACommandBuiltAloneActsAsInTheWholeApp checks newAppFor's shortcut:
// the commands table names each command as it calls itself, in the help's
// order, and for every command, its help, a usage error and a run with no
// repository print the same, with the same exit status, whether the
// application holds that command alone (Main, "gitedit NAME ...") or every
// command; completion, man and a line naming no command get them all.
func TestACommandBuiltAloneActsAsInTheWholeApp(t *testing.T) {
	whole := newApp(&env{out: &printer{}})
	assert.Len(t, whole.Commands, len(commands))
	for i, c := range commands {
		assert.Equal(t, c.name, whole.Commands[i].Name)
		alone := newAppFor(&env{out: &printer{}}, []string{"gitedit", c.name})
		want := len(commands)
		if c.name != "completion" && c.name != "man" {
			want = 1
		}
		assert.Len(t, alone.Commands, want, c.name)
		for _, tail := range [][]string{{"--help"}, {"--no-such-flag"}, {"-C", t.TempDir()}} {
			args := append([]string{"gitedit", c.name}, tail...)
			gotOut, gotErr, gotCode := runApp(newAppFor, args)
			wantOut, wantErr, wantCode := runApp(func(e *env, _ []string) *cli.App { return newApp(e) }, args)
			assert.Equal(t, wantOut, gotOut, "%v", args)
			assert.Equal(t, wantErr, gotErr, "%v", args)
			assert.Equal(t, wantCode, gotCode, "%v", args)
		}
	}
	for _, line := range [][]string{{"gitedit"}, {"gitedit", "help"}, {"gitedit", "--json", "hash"}, {"gitedit", "nosuch"}} {
		assert.Len(t, newAppFor(&env{out: &printer{}}, line).Commands, len(commands), "%v", line)
	}
}

// runApp runs args as Main does, with the application build builds, and
// returns what it printed and its exit status.
func runApp(build func(*env, []string) *cli.App, args []string) (stdout, stderr string, code int) {
	var out, errb strings.Builder
	code = mainWith(build, refuseToServe, args, nil, &out, &errb)
	return out.String(), errb.String(), code
}

// refuseToServe stands for the MCP server in tests that run the mcp
// command without serving.
func refuseToServe(context.Context, *gitedit.Repo, gitedit.Options, io.Reader, io.Writer) error {
	return errors.New("no MCP server in this test")
}

// TestEarlySignalsAreTheWritersOnes checks sigstart.Writers, the
// commands whose signals are caught from the process's start: every
// command that is not read-only.
func TestEarlySignalsAreTheWritersOnes(t *testing.T) {
	want := map[string]bool{}
	for _, c := range commands {
		if !readOnly[c.name] {
			want[c.name] = true
		}
	}
	assert.Equal(t, want, sigstart.Writers)
}
