package cli

import (
	"errors"
	"fmt"
	"io"
	"os"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// applyCommand is `gitedit apply [F|-]`: one JSON request, or JSON Lines of
// requests, each its own batch with its own result.
func applyCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "apply",
		Usage:     "apply JSON requests (one object or JSON Lines; tool-call envelopes accepted), each its own batch",
		ArgsUsage: "[FILE|-]",
		Flags: writeFlags(
			&cli.BoolFlag{Name: "keep-going", Usage: "go on after a request that is not applied"},
		),
		Action: e.apply,
	}
}

// applyRun is the state of one `gitedit apply`.
type applyRun struct {
	e         *env
	c         *cli.Context
	repo      *gitedit.Repo
	opt       gitedit.Options
	n         int
	partial   bool
	firstFail int
}

// apply reads the requests as they come and applies each in turn. The
// exit status is that of the first request not applied (processing stops
// there unless --keep-going), else 3 when one was partial, else 0.
func (e *env) apply(c *cli.Context) error {
	a, err := writeArgs(c, 0, 1, "takes at most one FILE (- for standard input)")
	if err != nil {
		return err
	}
	in, closeIn, err := e.openInput(a)
	if err != nil {
		return err
	}
	defer closeIn()
	run := &applyRun{e: e, c: c}
	return run.all(in)
}

// all applies every request of in, until interrupted.
func (r *applyRun) all(in io.Reader) error {
	for op, err := range gitedit.DecodeOperations(in) {
		if ctxErr := r.c.Context.Err(); ctxErr != nil {
			return &gitedit.Error{Code: gitedit.CodeIOError, Err: ctxErr, Message: fmt.Sprintf(
				"interrupted after %s (each answered before this): request %d and those after it were not applied",
				plural(r.n, "request", "requests"), r.n+1)}
		}
		r.n++
		status := r.one(op, err)
		if status == exitRefused || status == exitInvalid {
			if r.firstFail == 0 {
				r.firstFail = status
			}
			if !r.c.Bool("keep-going") {
				break
			}
		}
	}
	return r.verdict()
}

// verdict is the error carrying the exit status of the whole run.
func (r *applyRun) verdict() error {
	switch {
	case r.n == 0:
		return &gitedit.Error{Code: gitedit.CodeInvalidInput, Message: "no request in the input"}
	case r.firstFail != 0:
		return &statusError{status: r.firstFail}
	case r.partial:
		return &statusError{status: exitPartial}
	}
	return nil
}

// one applies one decoded request (or reports its decoding error) and
// prints its result; it returns the request's exit status.
func (r *applyRun) one(op gitedit.Operation, err error) int {
	var res *gitedit.Result
	if err == nil {
		err = r.open()
	}
	if err == nil {
		res, err = r.repo.Apply(r.c.Context, op, r.opt)
	}
	if err != nil {
		r.e.out.fail(r.placed(err))
		return exitStatus(err)
	}
	r.e.completed(res)
	r.e.out.result(res)
	r.partial = r.partial || res.Partial()
	return resultStatus(res)
}

// placed returns err, the error of request r.n, saying which request
// it is when a signal interrupted it after requests before it were
// answered: "nothing was changed" is then this request's, not the run's.
func (r *applyRun) placed(err error) error {
	var ge *gitedit.Error
	if r.n < 2 || r.c.Context.Err() == nil || !errors.As(err, &ge) {
		return err
	}
	placed := *ge
	were := "were"
	if r.n == 2 {
		were = "was"
	}
	placed.Message = fmt.Sprintf("request %d: %s (the %s before it %s answered)", r.n, ge.Message, plural(r.n-1, "request", "requests"), were)
	return &placed
}

// open opens the repository and reads the options at the first request
// that decodes, so that invalid input is reported without repository work.
func (r *applyRun) open() error {
	if r.repo != nil {
		return nil
	}
	repo, opt, err := r.e.openWithOptions(r.c)
	if err != nil {
		return err
	}
	r.repo, r.opt = repo, opt
	return nil
}

// openInput opens the request file of args (standard input for none or
// "-"); the file is streamed, not read whole.
func (e *env) openInput(args []string) (io.Reader, func(), error) {
	if len(args) == 0 || args[0] == "-" {
		return e.stdin, func() {}, nil
	}
	f, err := interruptible(e.sig, func() (*os.File, error) { return os.Open(args[0]) })
	if errors.As(err, new(signalError)) {
		return nil, nil, fmt.Errorf("open %s: %w", args[0], err)
	}
	if err != nil {
		return nil, nil, &gitedit.Error{Code: gitedit.CodeInvalidInput, Message: err.Error(), Err: err}
	}
	var r io.Reader = f
	if fi, err := f.Stat(); err == nil && !fi.Mode().IsRegular() {
		r = e.sig.reader(f) // a named pipe: a read waits for its writer
	}
	return r, func() { f.Close() }, nil
}
