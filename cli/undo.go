package cli

import (
	"context"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// undoCommand is `gitedit undo [COMMIT] [--dry-run]`.
func undoCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "undo",
		Usage:     "revert a gitedit commit (default: the newest on the branch) with a new commit",
		ArgsUsage: "[COMMIT]",
		Flags:     writeFlags(),
		Action:    e.undo,
	}
}

// undo reverts a gitedit commit; an undo always commits.
func (e *env) undo(c *cli.Context) error {
	a, err := writeArgs(c, 0, 1, "takes at most one COMMIT")
	if err != nil {
		return err
	}
	req := gitedit.UndoRequest{DryRun: c.Bool("dry-run")}
	if len(a) == 1 {
		req.Commit = a[0]
	}
	return e.execute(c, nil, func(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options) (*gitedit.Result, error) {
		return repo.Undo(ctx, req, opt)
	})
}
