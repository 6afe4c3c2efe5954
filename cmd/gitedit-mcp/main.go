// Command gitedit-mcp is gitedit's MCP server: `gitedit mcp` runs it, and
// it runs as `gitedit-mcp [FLAGS]` too, with the flags of gitedit mcp. It
// is a binary of its own so that gitedit's other commands do not link,
// and initialise on every run, the MCP SDK and its HTTP stack.
package main

import (
	"os"

	"github.com/gitedit/gitedit/cli"
	"github.com/gitedit/gitedit/mcp"
)

func main() {
	os.Exit(cli.MainMCP(mcp.ServeRepo, os.Args, os.Stdin, os.Stdout, os.Stderr))
}
