package cli

import (
	"github.com/gitedit/gitedit/cli/internal/schemas"
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
)

// schemaCommand is `gitedit schema [--format F]`: the tools' JSON Schemas.
func schemaCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "schema",
		Usage: "print the tools' JSON Schemas for function calling",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: schemas.JSONSchema,
				Usage: "`FORMAT`: jsonschema (MCP tools/list), openai (Chat Completions tools) or anthropic (Messages tools)"},
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
	f := c.String("format")
	out, ok := schemas.For(f)
	if !ok {
		return usagef("--format %q: expected %s, %s or %s", f, schemas.JSONSchema, schemas.OpenAI, schemas.Anthropic)
	}
	_, err := e.out.stdout.Write(out)
	return err
}
