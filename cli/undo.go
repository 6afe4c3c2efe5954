package cli

import (
	"context"
	"os"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// undoCommand is `gitedit undo [COMMIT] [--dry-run]` and `gitedit undo
// --session S [--last N]`.
func undoCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "undo",
		Usage:     "revert a gitedit commit (default: the newest on the branch) with a new commit; with --session S, take back S's batches",
		ArgsUsage: "[COMMIT]",
		Flags: writeFlags(
			&cli.IntFlag{Name: "last", Usage: "with --session: take back only the newest `N` batches not undone yet"},
		),
		Action: e.undo,
	}
}

// undo reverts a gitedit commit (an undo always commits), or with
// --session S on the command line takes back S's batches in the call's
// own mode.
func (e *env) undo(c *cli.Context) error {
	a, err := writeArgs(c, 0, 1, "takes at most one COMMIT")
	if err != nil {
		return err
	}
	session := sessionFlag(c)
	switch {
	case session != "" && len(a) == 1:
		return usagef("undo takes a COMMIT or --session S, not both")
	case session == "" && isSet(c, "last"):
		return usagef("--last goes with --session S")
	case session != "":
		req := gitedit.SessionUndoRequest{Session: session, Last: c.Int("last"), DryRun: c.Bool("dry-run")}
		if req.Last <= 0 && isSet(c, "last") {
			return usagef("--last takes a positive number of batches")
		}
		return e.execute(c, nil, func(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options) (*gitedit.Result, error) {
			return repo.UndoSession(ctx, req, opt)
		})
	}
	req := gitedit.UndoRequest{DryRun: c.Bool("dry-run")}
	if len(a) == 1 {
		req.Commit = a[0]
	}
	return e.execute(c, nil, func(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options) (*gitedit.Result, error) {
		return repo.Undo(ctx, req, opt)
	})
}

// sessionFlag is the session --session names on the command line; ""
// when it is not given, or only GITEDIT_SESSION sets it (an agent's
// environment does not turn a plain undo into a session's undo).
func sessionFlag(c *cli.Context) string {
	if !isSet(c, "session") {
		return ""
	}
	v := c.String("session")
	if env, ok := os.LookupEnv("GITEDIT_SESSION"); ok && env == v {
		return ""
	}
	return v
}
