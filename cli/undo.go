package cli

import (
	"github.com/urfave/cli/v2"
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

// undo reverts a gitedit commit.
//
// TODO(lib): call the library's Undo once it lands (a later issue).
func (e *env) undo(c *cli.Context) error {
	if _, err := args(c, 0, 1, "takes at most one COMMIT"); err != nil {
		return err
	}
	if err := checkWriteFlags(c); err != nil {
		return err
	}
	return notImplemented("undo")
}
