package cli

import (
	"github.com/urfave/cli/v2"
)

// runCommand is `gitedit run RECIPE [--check]`.
func runCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "apply a refactor recipe over tracked files as one batch (--check: exit 1 when it would change files)",
		ArgsUsage: "RECIPE",
		Flags: writeFlags(
			&cli.BoolFlag{Name: "check", Usage: "change nothing; exit 1 when changes would be made"},
		),
		Action: e.run,
	}
}

// run applies a recipe.
//
// TODO(lib): call the library's Run (recipes) once it lands (a later
// issue); --check exits 1 when the recipe would change files.
func (e *env) run(c *cli.Context) error {
	if _, err := args(c, 1, 1, "takes one RECIPE file"); err != nil {
		return err
	}
	if err := checkWriteFlags(c); err != nil {
		return err
	}
	return notImplemented("run")
}
