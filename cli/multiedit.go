package cli

import (
	"context"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// multieditCommand is `gitedit multiedit PATH --edits F|- [--partial]`
// (docs/reference.md#multiedit).
func multieditCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "multiedit",
		Usage:     "apply several edits to one file, in order, all or nothing (--partial: skip the failing ones)",
		ArgsUsage: "PATH",
		Flags: writeFlags(
			&cli.StringFlag{Name: "edits", Usage: "`FILE` holding the JSON array of edits, or an object with \"edits\" (- for standard input)"},
			&cli.BoolFlag{Name: "partial", Usage: "skip failing edits instead of refusing them all (exit status 3)"},
			&cli.StringFlag{Name: "match", Usage: "match `MODE` for edits that name none"},
			&cli.StringFlag{Name: "expected-hash", Usage: "`BLOB` id (or sha256:HEX) of the file's current content"},
		),
		Action: e.multiedit,
	}
}

// multiedit decodes the edits file and applies the request.
func (e *env) multiedit(c *cli.Context) error {
	a, err := writeArgs(c, 1, 1, "takes one PATH")
	if err != nil {
		return err
	}
	req, err := e.multieditRequest(c, a[0])
	if err != nil {
		return err
	}
	mode := c.String("match")
	return e.execute(c, func(opt *gitedit.Options) {
		if mode != "" {
			opt.MatchMode = mode
		}
	}, func(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options) (*gitedit.Result, error) {
		return repo.MultiEdit(ctx, *req, opt)
	})
}

// multieditRequest builds and checks the request, before any repository
// work.
func (e *env) multieditRequest(c *cli.Context, path string) (*gitedit.MultiEditRequest, error) {
	if !isSet(c, "edits") {
		return nil, usagef("missing --edits FILE (or --edits - for standard input)")
	}
	if err := gitedit.CheckEdit(&gitedit.EditRequest{FilePath: path, MatchMode: c.String("match")}); err != nil {
		return nil, err
	}
	data, err := e.readInput("--edits", c.String("edits"))
	if err != nil {
		return nil, err
	}
	items, err := gitedit.DecodeEditItems(data, path)
	if err != nil {
		return nil, err
	}
	return &gitedit.MultiEditRequest{FilePath: path, Edits: items, Partial: c.Bool("partial"),
		DryRun: c.Bool("dry-run"), ExpectedHash: c.String("expected-hash")}, nil
}
