// Package schemas holds the tools' definitions as `gitedit schema` prints
// them, one JSON file per format, written from package mcp's definitions
// (mcp.Schema): gitedit prints them without linking the MCP SDK.
// TestEmbeddedSchemasAreTheServers in package cli keeps them equal;
// go test ./cli -run TestEmbeddedSchemasAreTheServers -update rewrites them.
package schemas

import "embed"

// The formats, as mcp names them.
const (
	JSONSchema = "jsonschema" // MCP tools/list
	OpenAI     = "openai"     // Chat Completions tools
	Anthropic  = "anthropic"  // Messages tools
)

// Formats are the formats in the order the help lists them.
var Formats = []string{JSONSchema, OpenAI, Anthropic}

//go:embed *.json
var files embed.FS

// For returns the definitions in format, and false for an unknown format.
func For(format string) ([]byte, bool) {
	for _, f := range Formats {
		if f == format {
			data, err := files.ReadFile(File(format))
			return data, err == nil
		}
	}
	return nil, false
}

// File is the name of format's file in this package's directory.
func File(format string) string { return format + ".json" }
