package cli

import (
	"github.com/urfave/cli/v2"
)

// mcpCommand is `gitedit mcp`: the MCP server on stdio.
func mcpCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "mcp",
		Usage:  "serve the tools read, edit, multiedit, apply_patch, undo and log over MCP on stdio",
		Flags:  writeFlags(),
		Action: e.mcp,
	}
}

// mcp serves MCP on standard input and output; the common flags are the
// defaults of every tool call.
//
// TODO(lib): start the mcp package's server once it lands (a later issue).
func (e *env) mcp(c *cli.Context) error {
	if _, err := args(c, 0, 0, "takes no arguments"); err != nil {
		return err
	}
	if err := checkWriteFlags(c); err != nil {
		return err
	}
	return notImplemented("mcp")
}
