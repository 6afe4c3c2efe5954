package cli

import (
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// seriesCommand is `gitedit series [RANGE] [-o DIR] [--stdout] [--session S]`.
func seriesCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "series",
		Usage:     "export gitedit commits as numbered format-patch files that git am applies",
		ArgsUsage: "[RANGE]",
		Flags: append(repoFlags(),
			&cli.StringFlag{Name: "o", Usage: "write the patches into `DIR`", DefaultText: "the current directory"},
			&cli.BoolFlag{Name: "stdout", Usage: "print the patches instead of writing files"},
			&cli.StringFlag{Name: "session", Usage: "without RANGE: the commits of session `S`"},
			&cli.BoolFlag{Name: "cover-letter", Usage: "also produce 0000-cover-letter.patch"},
			&cli.BoolFlag{Name: "keep-undone", Usage: "with --session: keep the batches that were undone, and their undos"},
		),
		Action: e.series,
	}
}

// series exports gitedit commits as a patch series: files in -o DIR (the
// current directory by default, as git format-patch does), or the emails
// on standard output with --stdout.
func (e *env) series(c *cli.Context) error {
	a, err := args(c, 0, 1, "takes at most one RANGE")
	if err != nil {
		return err
	}
	if isSet(c, "o") && c.Bool("stdout") {
		return usagef("give -o DIR or --stdout, not both")
	}
	req := gitedit.SeriesRequest{Session: c.String("session"), CoverLetter: c.Bool("cover-letter"), KeepUndone: c.Bool("keep-undone")}
	if len(a) == 1 {
		req.Range = a[0]
	}
	if req.KeepUndone && (req.Session == "" || req.Range != "") {
		return usagef("--keep-undone goes with --session S and no RANGE (it selects among the session's batches)")
	}
	if !c.Bool("stdout") {
		req.OutputDir = c.String("o")
		if req.OutputDir == "" {
			req.OutputDir = "."
		}
	}
	repo, err := e.openReader(c)
	if err != nil {
		return err
	}
	res, err := repo.Series(c.Context, req)
	if err != nil {
		return err
	}
	e.out.series(res, c.Bool("stdout"))
	return nil
}
