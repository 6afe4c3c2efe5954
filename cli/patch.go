package cli

import (
	"context"
	"strings"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// patchCommand is `gitedit patch [F|-] [--check]` (docs/reference.md#patch).
func patchCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "patch",
		Usage:     "apply a git diff, a unified diff (diff -u) or a *** Begin Patch envelope: every file or none",
		ArgsUsage: "[FILE|-]",
		Flags: writeFlags(
			&cli.BoolFlag{Name: "check", Usage: "check that the patch applies; write nothing"},
		),
		Action: e.patch,
	}
}

// patch reads the patch text (not JSON) and applies it; --check is a dry
// run whose exit status says whether the patch applies.
func (e *env) patch(c *cli.Context) error {
	a, err := writeArgs(c, 0, 1, "takes at most one FILE (- for standard input)")
	if err != nil {
		return err
	}
	name := "-"
	if len(a) == 1 {
		name = a[0]
	}
	data, err := e.readInput("patch", name)
	if err != nil {
		return err
	}
	if strings.TrimSpace(string(data)) == "" {
		return &gitedit.Error{Code: gitedit.CodeInvalidInput, Message: "empty patch"}
	}
	req := gitedit.PatchRequest{Patch: string(data), DryRun: c.Bool("check") || c.Bool("dry-run")}
	return e.execute(c, nil, func(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options) (*gitedit.Result, error) {
		return repo.Patch(ctx, req, opt)
	})
}
