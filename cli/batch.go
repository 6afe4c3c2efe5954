package cli

import (
	"context"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// batchCommand is `gitedit batch F|-` (docs/reference.md#batch).
func batchCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "batch",
		Usage:     "apply a batch request: {\"message\": …, \"operations\": [edit or multiedit requests]}, several files in one atomic batch",
		ArgsUsage: "FILE|-",
		Flags:     writeFlags(),
		Action:    e.batch,
	}
}

// batch decodes the batch request and applies it. The request may come in
// a tool-call envelope, but must be a batch.
func (e *env) batch(c *cli.Context) error {
	a, err := writeArgs(c, 1, 1, "takes one FILE (- for standard input)")
	if err != nil {
		return err
	}
	data, err := e.readInput("batch", a[0])
	if err != nil {
		return err
	}
	op, err := gitedit.DecodeOperation(data)
	if err != nil {
		return err
	}
	if op.Tool != gitedit.ToolBatch {
		return &gitedit.Error{Code: gitedit.CodeInvalidInput,
			Message: "expected a batch request ({\"operations\": [...]}), got " + string(op.Tool) + " (gitedit apply takes any request)"}
	}
	return e.execute(c, nil, func(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options) (*gitedit.Result, error) {
		return repo.Batch(ctx, *op.Batch, opt)
	})
}
