package cli

import (
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// readCommand is `gitedit read PATH [--offset N] [--limit N]`.
func readCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "read",
		Usage:     "print numbered lines of a file with its blob id (to pass as expected_hash)",
		ArgsUsage: "PATH",
		Flags: append(repoFlags(),
			&cli.IntFlag{Name: "offset", Usage: "1-based `LINE` to start at (default 1)"},
			&cli.IntFlag{Name: "limit", Usage: "print at most `N` lines (default 2000)"},
		),
		Action: e.read,
	}
}

// read prints the lines asked for.
func (e *env) read(c *cli.Context) error {
	a, err := args(c, 1, 1, "takes one PATH")
	if err != nil {
		return err
	}
	req := gitedit.ReadRequest{FilePath: a[0], Offset: c.Int("offset"), Limit: c.Int("limit")}
	if req.Offset < 0 || req.Limit < 0 {
		return usagef("--offset and --limit must not be negative")
	}
	repo, err := e.openRepo(c)
	if err != nil {
		return err
	}
	res, err := repo.Read(c.Context, req)
	if err != nil {
		return err
	}
	e.out.read(res)
	return nil
}
