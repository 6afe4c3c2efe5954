package cli

import (
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/engine/diff"
	"github.com/gitedit/gitedit/gitedit"
)

// runCommand is `gitedit run [RECIPE] [PATH...] [--check]`.
func runCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "run",
		Usage: "apply refactor recipes to tracked files as one batch (--check: change nothing, exit 1 when it would change files)",
		ArgsUsage: "[RECIPE] [PATH...]   (RECIPE defaults to .gitedit.yaml at the root; PATHs narrow the scope;\n" +
			"   with --recipe every argument is a PATH, as pre-commit passes them)",
		Flags: writeFlags(
			&cli.StringFlag{Name: "recipe", Aliases: []string{"r"}, Usage: "recipe `FILE`; the arguments are then all paths"},
			&cli.BoolFlag{Name: "check", Usage: "change nothing; print the diff and exit 1 when changes would be made"},
			&cli.BoolFlag{Name: "stat", Usage: "print a diffstat (as git diff --stat) instead of the diff"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print nothing; the exit status tells"},
		),
		Action: e.run,
	}
}

// run applies the recipes. With --check the exit status says whether
// anything would change: 1 if so, 0 if not.
func (e *env) run(c *cli.Context) error {
	if _, err := writeArgs(c, 0, -1, ""); err != nil {
		return err
	}
	req := runRequest(c)
	repo, opt, err := e.openWithOptions(c)
	if err != nil {
		return err
	}
	progress := newProgressBar(e.out.stderr, e.out.json)
	req.Progress = progress.callback()
	res, err := repo.Run(c.Context, req, opt)
	progress.finish()
	if err != nil {
		return err
	}
	e.completed(&res.Result)
	e.out.run(res, runView{stat: c.Bool("stat"), quiet: c.Bool("quiet")})
	if req.Check && res.Changed {
		return &statusError{status: exitRefused}
	}
	return statusErr(resultStatus(&res.Result))
}

// runRequest reads the recipe file and the paths from the arguments.
func runRequest(c *cli.Context) gitedit.RunRequest {
	req := gitedit.RunRequest{Check: c.Bool("check"), Paths: c.Args().Slice()}
	if isSet(c, "recipe") {
		req.RecipeFile = c.String("recipe")
	} else if len(req.Paths) > 0 {
		req.RecipeFile, req.Paths = req.Paths[0], req.Paths[1:]
	}
	return req
}

// runView is how much of a recipe run's text is printed: the diff (the
// default), a diffstat in its place, or nothing at all. --json output is
// the same whatever the view, but for quiet, which prints nothing.
type runView struct{ stat, quiet bool }

// run prints a recipe run: the result (its summary gives the per-recipe
// counts); with --json the RunResult.
func (p *printer) run(res *gitedit.RunResult, view runView) {
	r := *res
	r.Result = *res.Result.Normalized()
	switch {
	case view.quiet:
		return
	case p.json:
		p.emit(&r)
		return
	case view.stat && r.Diff != "":
		r.Diff = diff.FormatStatWidth(diff.StatOfUnified(r.Diff), diff.StatWidthDiff)
	}
	p.result(&r.Result)
}
