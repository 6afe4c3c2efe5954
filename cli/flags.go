package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// repoFlags are the flags of every command that reads a repository and
// prints for people.
func repoFlags() []cli.Flag {
	return append(baseFlags(), colorFlags()...)
}

// baseFlags are -C and --json, the flags of every command that reads a
// repository.
func baseFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "C", Value: ".", Usage: "run as if gitedit was started in `DIR`"},
		&cli.BoolFlag{Name: "json", Usage: "print one JSON object per request: {\"ok\": true, …} or {\"ok\": false, \"error\": {\"code\", \"message\", …}}"},
	}
}

// writeFlags are the common flags of docs/reference.md#commands, for every command that
// writes; extra are the command's own flags.
func writeFlags(extra ...cli.Flag) []cli.Flag {
	return append(append(repoFlags(), commitFlags()...), extra...)
}

// commitFlags are the flags of every command that writes, after the
// repoFlags (the MCP server's, after the baseFlags: it prints no diffs).
func commitFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "commit", Usage: "make one commit per atomic batch (--commit=false turns off git config gitedit.commit)", DefaultText: "git config gitedit.commit, else false"},
		&cli.StringFlag{Name: "message", Aliases: []string{"m"}, Usage: "commit `MESSAGE` (subject, blank line, body); default: generated"},
		&cli.StringFlag{Name: "session", EnvVars: []string{"GITEDIT_SESSION"}, Usage: "Edit-Session trailer `ID`"},
		&cli.StringFlag{Name: "agent", EnvVars: []string{"GITEDIT_AGENT"}, Usage: "Edit-Agent trailer `NAME`", DefaultText: "git config gitedit.agent"},
		&cli.StringFlag{Name: "author", Usage: "commit author `\"NAME <EMAIL>\"`"},
		&cli.BoolFlag{Name: "dry-run", Usage: "compute everything, write nothing"},
		&cli.BoolFlag{Name: "no-stage", Usage: "write only the working tree (no blob, index entry or commit)"},
		&cli.StringFlag{Name: "dirty", Usage: "`POLICY` for files already changed, in commit mode: refuse, include or commit-first", DefaultText: "git config gitedit.dirty, else refuse"},
		&cli.DurationFlag{Name: "lock-timeout", Usage: "how long to wait for index.lock (0: do not wait)", DefaultText: "5s"},
		&cli.StringFlag{Name: "gpg-sign", Aliases: []string{"S"}, Usage: "sign the commits, as git commit -S does (`KEY` optional: --gpg-sign=KEY; default user.signingKey)", DefaultText: "git config commit.gpgSign"},
		&cli.BoolFlag{Name: "no-gpg-sign", Usage: "do not sign the commits, whatever commit.gpgSign says"},
		&cli.BoolFlag{Name: "no-verify", Usage: "skip the pre-commit and commit-msg hooks, as git commit --no-verify does"},
	}
}

// writeArgs is the first check of every command that writes: the
// positional arguments (as args checks them), then the common flags
// (checkWriteFlags), before any input is read or repository opened.
func writeArgs(c *cli.Context, min, max int, usage string) ([]string, error) {
	a, err := args(c, min, max, usage)
	if err != nil {
		return nil, err
	}
	return a, checkWriteFlags(c)
}

// checkWriteFlags refuses malformed common flag values before any
// repository work.
func checkWriteFlags(c *cli.Context) error {
	switch gitedit.DirtyPolicy(c.String("dirty")) {
	case "", gitedit.DirtyRefuse, gitedit.DirtyInclude, gitedit.DirtyCommitFirst:
	default:
		return usagef("--dirty %q: expected refuse, include or commit-first", c.String("dirty"))
	}
	if c.Duration("lock-timeout") < 0 {
		return usagef("--lock-timeout must not be negative")
	}
	if a := c.String("author"); isSet(c, "author") && !validAuthor(a) {
		return usagef("--author %q: expected \"Name <email>\"", a)
	}
	if isSet(c, "gpg-sign") && c.Bool("no-gpg-sign") {
		return usagef("--gpg-sign and --no-gpg-sign exclude each other")
	}
	if isSet(c, "commit") && c.Bool("no-stage") && c.Bool("commit") {
		return usagef("--commit and --no-stage exclude each other")
	}
	return nil
}

// validAuthor reports whether a looks like "Name <email>".
func validAuthor(a string) bool {
	lt, gt := strings.Index(a, "<"), strings.LastIndex(a, ">")
	return lt > 0 && gt == len(a)-1 && gt > lt+1 && strings.TrimSpace(a[:lt]) != ""
}

// openRepo opens the repository containing -C DIR (default: the current
// directory) and, for the commands that print for people, sets up the
// colours its git config asks for. It returns once the signals a writing
// command catches are caught (see signalCatcher.start).
func (e *env) openRepo(c *cli.Context) (*gitedit.Repo, error) {
	repo, err := e.openCatching(c)
	e.sig.wait()
	return repo, err
}

// openReader is openRepo for the commands that read only objects and
// refs (session list, show and drop, log, series): a bare repository
// opens too (gitedit.OpenBare), a reviewer's mirror of pushed sessions.
func (e *env) openReader(c *cli.Context) (*gitedit.Repo, error) {
	repo, err := e.opened(gitedit.OpenBare(c.String("C")))
	e.sig.wait()
	return repo, err
}

// openCatching is openRepo without the wait for the signal handlers,
// for execute, whose batch waits for them itself before it writes.
func (e *env) openCatching(c *cli.Context) (*gitedit.Repo, error) {
	return e.opened(gitedit.Open(c.String("C")))
}

// opened sets up the colours of the repository just opened.
func (e *env) opened(repo *gitedit.Repo, err error) (*gitedit.Repo, error) {
	if err != nil {
		return nil, err
	}
	return repo, e.colorize(repo)
}

// openWithOptions is the prelude of the commands that write: it opens the
// repository (openRepo) and merges its git config defaults with the flags
// given (options).
func (e *env) openWithOptions(c *cli.Context) (*gitedit.Repo, gitedit.Options, error) {
	repo, err := e.openRepo(c)
	if err != nil {
		return nil, gitedit.Options{}, err
	}
	opt, err := options(c, repo)
	return repo, opt, err
}

// options returns the repository's git config defaults overridden by the
// flags actually given (GITEDIT_SESSION and GITEDIT_AGENT count as given).
func options(c *cli.Context, repo *gitedit.Repo) (gitedit.Options, error) {
	opt, err := repo.Defaults()
	if err != nil {
		return opt, err
	}
	if isSet(c, "commit") {
		opt.Commit = c.Bool("commit")
	}
	setString(c, "message", &opt.Message)
	setString(c, "session", &opt.Session)
	setString(c, "agent", &opt.Agent)
	setString(c, "author", &opt.Author)
	opt = opt.ForRequest(c.Bool("dry-run"), "")
	if c.Bool("no-stage") {
		opt = opt.WorktreeOnly()
	}
	if isSet(c, "dirty") {
		opt.Dirty = gitedit.DirtyPolicy(c.String("dirty"))
	}
	if isSet(c, "gpg-sign") {
		opt.Sign, opt.SignKey = gitedit.SignAlways, c.String("gpg-sign")
	}
	if c.Bool("no-gpg-sign") {
		opt.Sign = gitedit.SignNever
	}
	opt.NoVerify = c.Bool("no-verify")
	if isSet(c, "lock-timeout") {
		opt.LockTimeout = c.Duration("lock-timeout")
		if opt.LockTimeout == 0 {
			opt.LockTimeout = gitedit.NoLockWait
		}
	}
	return opt, nil
}

// setString sets *dst to flag name's value when the flag was given.
func setString(c *cli.Context, name string, dst *string) {
	if isSet(c, name) {
		*dst = c.String(name)
	}
}

// applyFunc runs one request against an opened repository.
type applyFunc func(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options) (*gitedit.Result, error)

// execute opens the repository, merges the options (adjusted by tweak, if
// not nil), runs fn and prints its result. The error carries the exit
// status: nil for success, a printed statusError for a partial result.
// fn's batch waits for the signal handlers before it takes the lock
// (gitedit.WithWriteGate): their set-up overlaps the opening and the
// batch's planning.
func (e *env) execute(c *cli.Context, tweak func(*gitedit.Options), fn applyFunc) error {
	repo, err := e.openCatching(c)
	if err != nil {
		return err
	}
	opt, err := options(c, repo)
	if err != nil {
		return err
	}
	if tweak != nil {
		tweak(&opt)
	}
	res, err := fn(gitedit.WithWriteGate(c.Context, e.writeGate), repo, opt)
	if err != nil {
		return err
	}
	e.completed(res)
	e.out.result(res)
	return statusErr(resultStatus(res))
}

// writeGate is the gate of execute's batch: it waits for the signal
// handlers and, with GITEDIT_TRACE_PERFORMANCE, reports the "start" phase,
// from Main's start to the batch's lock (parsing the command line, opening
// the repository, reading its config, the request's set-up), in the
// format of the batch's own phases.
func (e *env) writeGate() {
	e.sig.wait()
	if on, _ := strconv.ParseBool(os.Getenv("GITEDIT_TRACE_PERFORMANCE")); on && !e.began.IsZero() {
		fmt.Fprintf(e.out.stderr, "gitedit: performance: %.6f s: start\n", time.Since(e.began).Seconds())
	}
}

// completed tells the signal catcher when res is that of a batch that
// wrote: files, index, a commit or a ledger entry, past its point of no
// return (see signalCatcher.completed).
func (e *env) completed(res *gitedit.Result) {
	if res != nil && !res.DryRun && (res.Changed || res.Staged || res.Commit != nil || len(res.Commits) > 0) {
		e.sig.completed()
	}
}

// statusErr returns nil for exitOK, else a statusError (output printed).
func statusErr(status int) error {
	if status == exitOK {
		return nil
	}
	return &statusError{status: status}
}

// readInput returns the content of the file name, or standard input for
// "-" or "". A file that cannot be read is invalid_input.
func (e *env) readInput(flag, name string) ([]byte, error) {
	if name == "" || name == "-" {
		data, err := readAll(e.stdin)
		if err != nil {
			return nil, fmt.Errorf("read standard input: %w", err)
		}
		return data, nil
	}
	data, err := interruptible(e.sig, func() ([]byte, error) { return readFile(name) })
	if errors.As(err, new(signalError)) {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if err != nil {
		return nil, &gitedit.Error{Code: gitedit.CodeInvalidInput, Message: fmt.Sprintf("%s: %v", flag, err), Err: err}
	}
	return data, nil
}

// readFile is os.ReadFile (same errors) through a descriptor that is not
// offered to the runtime's network poller (os.NewFile of a blocking
// descriptor): the poller refuses a regular file anyway, after five system
// calls and its own set-up, which a batch otherwise never needs.
func readFile(name string) ([]byte, error) {
	fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	for err == syscall.EINTR {
		fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	f := os.NewFile(uintptr(fd), name)
	defer f.Close()
	return io.ReadAll(f)
}

// readAll reads r to its end; a nil r is empty.
func readAll(r io.Reader) ([]byte, error) {
	if r == nil {
		return nil, nil
	}
	return io.ReadAll(r)
}

// args checks that c has between min and max positional arguments (max < 0:
// no limit) and returns them.
func args(c *cli.Context, min, max int, usage string) ([]string, error) {
	a := c.Args().Slice()
	if len(a) < min || (max >= 0 && len(a) > max) {
		return nil, usagef("%s %s", c.Command.Name, usage)
	}
	return a, nil
}
