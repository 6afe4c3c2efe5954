package cli

import (
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/mcp"
)

// schemaCommand is `gitedit schema [--format F] [--strict]`: the tools'
// JSON Schemas.
func schemaCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "schema",
		Usage: "print the tools' JSON Schemas for function calling",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: mcp.FormatJSONSchema,
				Usage: "`FORMAT`: jsonschema (MCP tools/list), openai (Chat Completions tools) or anthropic (Messages tools)"},
			&cli.BoolFlag{Name: "strict", Usage: "for the host's strict mode (openai, anthropic): every property required, " +
				"the optional ones nullable (null is read as absent), no keyword strict mode refuses"},
			&cli.BoolFlag{Name: "json", Usage: "accepted for symmetry: the output is JSON anyway"},
		},
		Action: e.schema,
	}
}

// schema prints the tool definitions in the format asked for.
func (e *env) schema(c *cli.Context) error {
	if _, err := args(c, 0, 0, "takes no arguments"); err != nil {
		return err
	}
	f, strict := c.String("format"), c.Bool("strict")
	out, ok := mcp.Definitions(f, strict)
	switch {
	case !ok && strict && f == mcp.FormatJSONSchema:
		return usagef("--strict: only --format %s and %s have a strict mode", mcp.FormatOpenAI, mcp.FormatAnthropic)
	case !ok:
		return usagef("--format %q: expected %s, %s or %s", f, mcp.FormatJSONSchema, mcp.FormatOpenAI, mcp.FormatAnthropic)
	}
	_, err := e.out.stdout.Write(out)
	return err
}
