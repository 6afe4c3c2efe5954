package cli

import (
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
)

// mcpCommand is `gitedit mcp`: the MCP server on stdio.
func mcpCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "mcp",
		Usage: "serve the tools read, edit, multiedit, apply_patch, undo and log over MCP on stdio",
		Description: "The server is the gitedit-mcp binary, installed beside gitedit (else found on PATH), which gitedit\n" +
			"runs with this command line; gitedit-mcp [FLAGS] starts the same server directly.",
		Flags:  append(baseFlags(), commitFlags()...),
		Action: e.mcp,
	}
}

// mcp serves MCP on standard input and output until the client hangs up;
// git config defaults merged with the common flags apply to every call.
// gitedit itself holds no server: it runs gitedit-mcp with its own command
// line, which comes back here with e.serve set.
func (e *env) mcp(c *cli.Context) error {
	if _, err := writeArgs(c, 0, 0, "takes no arguments"); err != nil {
		return err
	}
	if e.serve == nil {
		return runMCPBinary(e.args)
	}
	repo, opt, err := e.openWithOptions(c)
	if err != nil {
		return err
	}
	return e.serve(c.Context, repo, opt, e.stdin, e.out.stdout)
}
