package cli

import (
	"github.com/urfave/cli/v2"
)

// schemaCommand is `gitedit schema`: the tools' JSON Schemas.
func schemaCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "schema",
		Usage:  "print the tools' JSON Schemas for function calling",
		Flags:  []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "accepted for symmetry: the output is JSON anyway"}},
		Action: e.schema,
	}
}

// schema prints the JSON Schemas.
//
// TODO(lib): print the library's Schema once it lands (a later issue).
func (e *env) schema(c *cli.Context) error {
	if _, err := args(c, 0, 0, "takes no arguments"); err != nil {
		return err
	}
	return notImplemented("schema")
}
