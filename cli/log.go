package cli

import (
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// logCommand is `gitedit log [-n N] [--session S] [--agent A] [--file P]
// [--oneline] [--stat] [-p]`.
func logCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "log",
		Usage: "list the commits gitedit made, newest first, with their trailers",
		Flags: append(repoFlags(),
			&cli.IntFlag{Name: "n", Usage: "show at most `N` commits", DefaultText: "all"},
			&cli.StringFlag{Name: "session", Usage: "only commits of session `S`"},
			&cli.StringFlag{Name: "agent", Usage: "only commits of agent `A`"},
			&cli.StringFlag{Name: "file", Usage: "only commits touching `PATH`"},
			&cli.BoolFlag{Name: "oneline", Usage: "one line per commit: its abbreviated id and subject"},
			&cli.BoolFlag{Name: "stat", Usage: "the diffstat of each commit"},
			&cli.BoolFlag{Name: "patch", Aliases: []string{"p"}, Usage: "the diff of each commit"},
		),
		Action: e.log,
	}
}

// log lists gitedit commits.
func (e *env) log(c *cli.Context) error {
	if _, err := args(c, 0, 0, "takes no arguments"); err != nil {
		return err
	}
	req := gitedit.LogRequest{N: c.Int("n"), Session: c.String("session"), Agent: c.String("agent"), File: c.String("file"),
		Stat: c.Bool("stat"), Patch: c.Bool("patch")}
	if req.N < 0 {
		return usagef("-n must not be negative")
	}
	repo, err := e.openRepo(c)
	if err != nil {
		return err
	}
	entries, err := repo.Log(c.Context, req)
	if err != nil {
		return err
	}
	e.out.log(entries, c.Bool("oneline"))
	return nil
}
