package cli

import (
	"context"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
)

// editCommand is `gitedit edit PATH --old S --new S` (docs/reference.md#edit).
func editCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "edit",
		Usage:     "replace text in one file: the unique occurrence of --old (or every one with --replace-all) by --new",
		ArgsUsage: "PATH",
		Flags: writeFlags(
			&cli.StringFlag{Name: "old", Usage: "`TEXT` to replace (empty: write the whole file)"},
			&cli.StringFlag{Name: "new", Usage: "replacement `TEXT` (empty: delete the match)"},
			&cli.StringFlag{Name: "old-file", Usage: "read the text to replace from `FILE` (- for standard input)"},
			&cli.StringFlag{Name: "new-file", Usage: "read the replacement from `FILE` (- for standard input)"},
			&cli.BoolFlag{Name: "replace-all", Usage: "replace every occurrence"},
			&cli.StringFlag{Name: "match", Usage: "how --old is found: `MODE` is auto (exact, then the tolerant modes in a safe order), exact, line_trimmed, whitespace_normalized, indentation_flexible, escape_normalized, unicode_normalized, trimmed_boundary, block_anchor or context_aware"},
			&cli.IntFlag{Name: "expect", Usage: "fail unless exactly `N` occurrences would be replaced", DefaultText: "any"},
			&cli.StringFlag{Name: "expected-hash", Usage: "`BLOB` id (or sha256:HEX) of the file's current content"},
		),
		Action: e.edit,
	}
}

// edit builds the request from the flags, checks it, and applies it.
func (e *env) edit(c *cli.Context) error {
	a, err := writeArgs(c, 1, 1, "takes one PATH")
	if err != nil {
		return err
	}
	req, err := e.editRequest(c, a[0])
	if err != nil {
		return err
	}
	return e.execute(c, nil, func(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options) (*gitedit.Result, error) {
		return repo.Edit(ctx, *req, opt)
	})
}

// editRequest builds and checks the edit request of the flags, before any
// repository work.
func (e *env) editRequest(c *cli.Context, path string) (*gitedit.EditRequest, error) {
	old, err := e.textFlag(c, "old")
	if err != nil {
		return nil, err
	}
	repl, err := e.textFlag(c, "new")
	if err != nil {
		return nil, err
	}
	req := &gitedit.EditRequest{FilePath: path, OldString: old, NewString: repl,
		ReplaceAll: c.Bool("replace-all"), MatchMode: c.String("match"),
		DryRun: c.Bool("dry-run"), ExpectedHash: c.String("expected-hash")}
	if isSet(c, "expect") {
		n := c.Int("expect")
		req.ExpectedReplacements = &n
	}
	return req, gitedit.CheckEdit(req)
}

// textFlag returns the text of --NAME or of the file --NAME-file names;
// exactly one of the two is required.
func (e *env) textFlag(c *cli.Context, name string) (string, error) {
	fileFlag := name + "-file"
	switch {
	case isSet(c, name) && isSet(c, fileFlag):
		return "", usagef("give --%s or --%s, not both", name, fileFlag)
	case isSet(c, name):
		return c.String(name), nil
	case !isSet(c, fileFlag):
		return "", usagef("missing --%s TEXT (or --%s FILE)", name, fileFlag)
	}
	data, err := e.readInput("--"+fileFlag, c.String(fileFlag))
	return string(data), err
}
