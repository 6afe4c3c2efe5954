package cli

import (
	"strings"

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
			&cli.IntFlag{Name: "n", Aliases: []string{"max-count"}, Usage: "show at most `N` commits (also -nN, -N)", DefaultText: "all"},
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
	none := req.N == 0 && c.IsSet("n") // -n 0 lists none, as git log -n 0 (N 0 is all to Log)
	if req.N < 0 {                     // git log takes a negative count as no limit
		req.N = 0
	}
	repo, err := e.openReader(c)
	if err != nil {
		return err
	}
	list := &gitedit.LogList{}
	if !none {
		if list, err = repo.LogList(c.Context, req); err != nil {
			return err
		}
	}
	e.out.log(list, c.Bool("oneline"))
	return nil
}

// logCountFlags rewrites git log's short forms of the commit count, -nN
// and -N (git log -n1, git log -3, git log -n-1: a negative count is no
// limit), as -n=N for the flag package, which would read them as flags
// named "n1" and "3". Values of the flags in takes are left alone.
func logCountFlags(flags []string, takes map[string]bool) []string {
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		if takes[strings.TrimLeft(f, "-")] {
			i++
			continue
		}
		if n, ok := strings.CutPrefix(f, "-n"); ok && digits(strings.TrimPrefix(n, "-")) {
			flags[i] = "-n=" + n
		} else if n, ok := strings.CutPrefix(f, "-"); ok && digits(n) {
			flags[i] = "-n=" + n
		}
	}
	return flags
}

// digits reports whether s is one or more ASCII digits.
func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
