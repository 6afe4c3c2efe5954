// Package cli is gitedit's command-line interface (docs/reference.md#commands): a thin adapter
// that turns arguments and request files into calls of package gitedit and
// prints the results (docs/reference.md#results).
package cli

import (
	"context"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/gitedit/gitedit/cli/internal/tty"
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
	"github.com/gitedit/gitedit/internal/sigstart"
	"github.com/gitedit/gitedit/mcp"
)

// Main runs the gitedit command line with args (args[0] is the program
// name) and returns the exit status: 0 success (a no-op included), 1 a
// refused request, 2 invalid input or a usage error, 3 partially applied.
// `gitedit mcp` serves MCP in this process (mcp.ServeRepo).
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runMain(newAppFor, mcp.ServeRepo, args, stdin, stdout, stderr, true)
}

// Server serves the MCP tools for repo, with the options opt merged from
// git config and flags, on in and out until the client hangs up: Main
// passes mcp.ServeRepo, tests their own.
type Server func(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, in io.Reader, out io.Writer) error

// mainWith is Main with the application built by build (newAppFor, or in
// tests the whole application) and the MCP server serve,
// for a caller that goes on after it: signals caught are given back.
func mainWith(build func(*env, []string) *cli.App, serve Server, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runMain(build, serve, args, stdin, stdout, stderr, false)
}

// runMain is mainWith; exiting says that the process ends with the status
// at once (Main's caller, main.go): the signals caught then stay caught
// until the exit, as giving them back (signal.Stop, a hand-over with the
// runtime's signal thread per signal) costs about 0.2 ms and changes
// nothing for a process that ends.
func runMain(build func(*env, []string) *cli.App, serve Server, args []string, stdin io.Reader, stdout, stderr io.Writer, exiting bool) int {
	args = versionAlias(args)
	so := &stdoutWriter{w: stdout}
	out := &printer{json: wantsJSON(args), stdout: so, stderr: stderr}
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	sig := newSignalCatcher()
	if exiting && sigstart.Early.C != nil { // this process's own command line: caught since its start
		sig.adopt(sigstart.Early.C, sigstart.Early.Ready)
	}
	defer sig.stop(!exiting)
	e := &env{stdin: sig.reader(stdin), out: out, sig: sig, serve: serve, began: time.Now()}
	app := build(e, args)
	args, name := reorderArgs(app, args)
	if name != "" {
		out.command = name + " "
	}
	out.json = out.json && name != "mcp" // see parsed
	if name != "" && !readOnly[name] {
		sig.start() // as soon as the command is known: it sets up in the background
	}
	tuneGC(name)
	err := app.RunContext(sig.ctx, args)
	if err != nil && !isPrinted(err) {
		out.fail(err)
	}
	out.flush()
	return sig.exit(exitStatus(err), err == nil, so.broken.Load(), stderr)
}

// env is what the commands of one Main call share.
type env struct {
	stdin io.Reader
	out   *printer
	// sig catches signals once a command that may write or wait on its
	// input is chosen (see readOnly).
	sig *signalCatcher
	// colors is true for a command with the colour flags; color is the
	// colour its flags ask for ("" for none).
	colors bool
	color  string
	// serve is the MCP server of gitedit mcp.
	serve Server
	// began is when Main started: GITEDIT_TRACE_PERFORMANCE's "start"
	// phase runs from it to the batch's lock (see writeGate).
	began time.Time
}

// newApp builds the urfave/cli application with every command of
// docs/reference.md#commands.
func newApp(e *env) *cli.App { return newAppFor(e, nil) }

// commands builds gitedit's commands, in the order of the help: a
// command's flags are many small objects, built only for a command that
// may run (see newAppFor).
var commands = []struct {
	name  string
	build func(*env) *cli.Command
}{
	{"edit", editCommand}, {"multiedit", multieditCommand}, {"apply", applyCommand},
	{"batch", batchCommand}, {"patch", patchCommand}, {"hash", hashCommand},
	{"read", readCommand}, {"log", logCommand}, {"undo", undoCommand},
	{"series", seriesCommand}, {"session", sessionCommand}, {"run", runCommand}, {"mcp", mcpCommand},
	{"schema", schemaCommand}, {"demo", demoCommand}, {"version", versionCommand},
	{"completion", completionCommand}, {"man", manCommand},
}

// newAppFor builds the application for the command line args (nil: every
// command). When args[1] names a command, that command is the only one
// that can run, and the application holds it alone: every other command
// would cost its flags' construction and urfave's set-up of them on each
// run for nothing. The completion and man commands describe every
// command, and any other line ("help", a flag, an unknown name) may print
// the list of commands: they get them all. The application's Compiled
// time is set so that urfave does not stat the executable for it (it is
// shown nowhere).
func newAppFor(e *env, args []string) *cli.App {
	app := &cli.App{
		Name:            "gitedit",
		Usage:           "apply edits to files in a git repository, as git objects and commits",
		UsageText:       "gitedit COMMAND [ARGS] [FLAGS]   (flags may follow the arguments)",
		HideVersion:     true,
		Writer:          e.out.stdout,
		ErrWriter:       e.out.stderr,
		ExitErrHandler:  func(*cli.Context, error) {},
		OnUsageError:    onUsageError,
		HideHelpCommand: true,
		Action:          noCommand,
		Compiled:        time.Unix(0, 0),
		Commands:        buildCommands(e, args),
		Flags: cacheNames([]cli.Flag{
			&cli.BoolFlag{Name: "version", Usage: "print the version (the version command)"},
		}),
	}
	for _, c := range app.Commands {
		// No "help" subcommand: "gitedit hash help" hashes a file named help.
		c.OnUsageError, c.HideHelpCommand = onUsageError, true
		c.Before = e.parsed
		c.Flags = cacheNames(c.Flags) // see flagnames.go
	}
	return app
}

// buildCommands builds the command args[1] names alone, when it names
// one that describes no other command, else every command.
func buildCommands(e *env, args []string) []*cli.Command {
	if len(args) > 1 && args[1] != "completion" && args[1] != "man" {
		for _, c := range commands {
			if c.name == args[1] {
				return []*cli.Command{c.build(e)}
			}
		}
	}
	all := make([]*cli.Command, len(commands))
	for i, c := range commands {
		all[i] = c.build(e)
	}
	return all
}

// parsed runs once a command's flags are parsed: from then on --json is
// known for sure ("--old --json" replaces the text "--json"), and so is
// --color; a command that prints for people escapes control characters on
// a terminal from here on (colours wait for the repository's config).
func (e *env) parsed(c *cli.Context) error {
	if !readOnly[c.Command.Name] {
		e.sig.start()
	}
	recordGiven(c)
	// gitedit mcp's standard output is the protocol's: what keeps the
	// server from serving goes to standard error, as text, where MCP
	// clients log it, --json or not.
	e.out.json = c.Bool("json") && c.Command.Name != "mcp"
	if e.colors = hasFlag(c.Command, "color"); !e.colors {
		return nil
	}
	color, err := colorFlag(c)
	if err != nil {
		return err
	}
	e.color = color
	e.out.terminal(nil)
	return nil
}

// readOnly are the commands that neither write to the repository nor
// read their standard input: a signal may end them at once, with its
// default action, so they do not pay for catching signals (see
// newSignalCatcher).
var readOnly = map[string]bool{
	"hash": true, "read": true, "log": true, "schema": true, "version": true,
	"man": true, "completion": true,
}

// colorize colours the output of a command that prints for people when
// its flags, NO_COLOR, repo's git config and the terminal say so.
func (e *env) colorize(repo *gitedit.Repo) error {
	if !e.colors || e.out.json {
		return nil
	}
	config, err := colorConfig(repo)
	if err != nil {
		return err
	}
	if !wantColor(e.color, config, e.out.raw()) {
		return nil
	}
	p, err := palette(repo)
	if err != nil {
		return err
	}
	e.out.terminal(tty.NewPainter(p))
	return nil
}

// hasFlag reports whether cmd has a flag called name.
func hasFlag(cmd *cli.Command, name string) bool {
	for _, f := range cmd.Flags {
		for _, n := range f.Names() {
			if n == name {
				return true
			}
		}
	}
	return false
}

// onUsageError turns urfave/cli's flag parsing errors into usage errors
// (exit status 2), naming the flags as they are typed.
func onUsageError(c *cli.Context, err error, _ bool) error {
	return usagef("%s", typedFlagNames(err.Error()))
}

// typedFlagNames rewrites the flag names in an error of the flag package,
// which writes each with one dash ("invalid value "x" for flag -expect",
// "flag provided but not defined: -bogus"), as they are typed and
// documented: --expect, --bogus, -n. The expression is compiled only
// when a command line is refused.
func typedFlagNames(msg string) string {
	re := regexp.MustCompile(`^(flag provided but not defined: |flag needs an argument: |invalid value ".*" for flag |invalid boolean value ".*" for )-([^\s:=]+)`)
	sub := re.FindStringSubmatchIndex(msg)
	if sub == nil {
		return msg
	}
	return msg[:sub[4]-1] + dashed(msg[sub[4]:sub[5]]) + msg[sub[5]:]
}

// noCommand runs when no known command is named; it also serves "gitedit
// help [COMMAND]".
func noCommand(c *cli.Context) error {
	if c.Args().First() == "help" {
		if name := c.Args().Get(1); name != "" {
			if findCommand(c.App, name) == nil {
				return usagef("unknown command %q", name)
			}
			return cli.ShowCommandHelp(c, name)
		}
		return cli.ShowAppHelp(c)
	}
	if c.Args().Present() {
		return usagef("unknown command %q", c.Args().First())
	}
	_ = cli.ShowAppHelp(c)
	return usagef("no command given")
}

// wantsJSON reports whether --json appears among the arguments, so that
// even errors met while parsing flags are printed as JSON.
func wantsJSON(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "--json", "-json", "--json=true", "-json=true":
			return true
		}
	}
	return false
}

// reorderArgs puts the command name first and every flag before the
// positional arguments: urfave/cli/v2 stops parsing flags at the first
// positional one, and "gitedit edit PATH --old S" or "gitedit -C DIR edit"
// must work. After "--" everything is positional. A request for the
// command's help anywhere on the line becomes that alone (helpArgs). It
// returns the new arguments and the command's name ("" when none is
// known).
func reorderArgs(app *cli.App, args []string) ([]string, string) {
	if len(args) < 2 {
		return args, ""
	}
	lead, rest := []string(nil), args[1:]
	if strings.HasPrefix(args[1], "-") { // flags before the command: rare, and costly to list
		lead, rest = partition(args[1:], allValueFlags(app), true)
	}
	if len(rest) == 0 {
		return args, ""
	}
	cmd := findCommand(app, rest[0])
	if cmd == nil {
		return args, ""
	}
	takes := valueFlags(cmd)
	flags, pos := partition(append(lead, rest[1:]...), takes, false)
	if cmd.Name == "log" {
		flags = logCountFlags(flags, takes)
	}
	if help := helpArgs(args[0], rest[0], flags, pos, takes); help != nil {
		return help, rest[0]
	}
	out := append([]string{args[0], rest[0]}, flags...)
	if danglingValue(flags, takes) { // the flag package says it needs an argument
		return out, rest[0]
	}
	return append(append(out, "--"), pos...), rest[0]
}

// danglingValue reports whether the last of flags takes a value and has
// none ("gitedit edit F --expect"): the flag package would take the "--"
// reorderArgs puts after the flags as its value.
func danglingValue(flags []string, takes map[string]bool) bool {
	for i := 0; i < len(flags); i++ {
		if takes[strings.TrimLeft(flags[i], "-")] {
			if i == len(flags)-1 {
				return true
			}
			i++
		}
	}
	return false
}

// partition splits args into flags (with their values, for the flags in
// takes) and positional arguments. With stopAtFirst it stops at the first
// positional argument and returns it and all that follows as positional.
func partition(args []string, takes map[string]bool, stopAtFirst bool) (flags, pos []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flags, append(pos, args[i+1:]...)
		case a == "-" || !strings.HasPrefix(a, "-"):
			if stopAtFirst {
				return flags, args[i:]
			}
			pos = append(pos, a)
		case a == "--gpg-sign" || a == "-gpg-sign" || strings.HasPrefix(a, "-S"):
			flags = append(flags, optionalValue(a))
		default:
			a = normalizeColorFlag(a)
			flags = append(flags, a)
			if takes[strings.TrimLeft(a, "-")] && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		}
	}
	return flags, pos
}

// optionalValue rewrites git's optional-value forms of --gpg-sign
// ("--gpg-sign", "-S", "-SKEY") as "--gpg-sign=[KEY]": the flag package
// needs the value attached, and the next argument is never the key.
func optionalValue(a string) string {
	if key, ok := strings.CutPrefix(a, "-S"); ok {
		return "--gpg-sign=" + key
	}
	return "--gpg-sign="
}

// allValueFlags returns the names of the flags that take a value in any
// command.
func allValueFlags(app *cli.App) map[string]bool {
	takes := map[string]bool{}
	for _, c := range app.Commands {
		for n := range valueFlags(c) {
			takes[n] = true
		}
	}
	return takes
}

// findCommand returns the command of app named name, or nil.
func findCommand(app *cli.App, name string) *cli.Command {
	for _, c := range app.Commands {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// valueFlags returns the names of cmd's flags that take a separate value.
func valueFlags(cmd *cli.Command) map[string]bool {
	takes := map[string]bool{}
	for _, f := range cmd.Flags {
		if !takesValue(f) {
			continue
		}
		for _, n := range f.Names() {
			takes[n] = true
		}
	}
	return takes
}

// takesValue reports whether f takes a separate value. The name-caching
// flags are answered by their own method: asserting the interface of
// another type costs the runtime a method table built on the first use of
// each pair, a few thousand instructions each, on every start.
func takesValue(f cli.Flag) bool {
	switch f := f.(type) {
	case *boolFlag:
		return f.TakesValue()
	case *stringFlag:
		return f.TakesValue()
	case *intFlag:
		return f.TakesValue()
	case *durationFlag:
		return f.TakesValue()
	}
	tv, ok := f.(interface{ TakesValue() bool })
	return ok && tv.TakesValue()
}
