package cli

import (
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
)

// mcpCommand is `gitedit mcp`: the MCP server on stdio.
func mcpCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "mcp",
		Usage:  "serve the tools read, edit, multiedit, apply_patch, undo, log, changes and commit over MCP on stdio",
		Flags:  append(baseFlags(), commitFlags()...),
		Action: e.mcp,
	}
}

// mcp serves MCP on standard input and output until the client hangs up;
// git config defaults merged with the common flags apply to every call.
func (e *env) mcp(c *cli.Context) error {
	if _, err := writeArgs(c, 0, 0, "takes no arguments"); err != nil {
		return err
	}
	repo, opt, err := e.openWithOptions(c)
	if err != nil {
		return err
	}
	return e.serve(c.Context, repo, opt, e.stdin, e.out.stdout)
}
