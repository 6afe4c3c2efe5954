package cli

import (
	"context"
	"io"

	"github.com/urfave/cli/v2"
)

// Demo, when set (by main), runs `gitedit demo`: it builds a temporary
// repository, runs edits with commits and writes what happened to w.
var Demo func(ctx context.Context, w io.Writer) error

// demoCommand is `gitedit demo`.
func demoCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "demo",
		Usage:  "build a temporary repository, edit it with commits and show the diffs and trailers",
		Action: e.demo,
	}
}

// demo runs the Demo hook.
func (e *env) demo(c *cli.Context) error {
	if _, err := args(c, 0, 0, "takes no arguments"); err != nil {
		return err
	}
	if Demo == nil {
		return notImplemented("demo")
	}
	return Demo(c.Context, e.out.stdout)
}
