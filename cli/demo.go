package cli

import (
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/demo"
)

// demoCommand is `gitedit demo`.
func demoCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "demo",
		Usage:  "build a temporary repository, edit it with commits and show the diffs, trailers, an undo and a patch series",
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
