package cli

import (
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/demo"
)

// demoCommand is `gitedit demo`.
func demoCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "demo",
		Usage:  "build a temporary repository, edit it and show the diffs, trailers, an undo, a patch series and a session",
		Action: e.demo,
	}
}

// demo runs the built-in example (package demo) and leaves its repository
// in a temporary folder.
func (e *env) demo(c *cli.Context) error {
	if _, err := args(c, 0, 0, "takes no arguments"); err != nil {
		return err
	}
	e.sig.wait()
	return demo.Run(c.Context, e.out.stdout)
}
