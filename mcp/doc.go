// Package mcp is gitedit's Model Context Protocol server and its tool
// definitions for function calling.
//
// Serve runs an MCP server over a pair of streams (stdio for `gitedit mcp`)
// with the tools read, edit, multiedit, apply_patch, undo, log, changes and
// commit: its own
// newline-delimited JSON-RPC, on the standard library alone, whose replies
// the tests compare with the official Go SDK's server (oracle_test.go).
// Definitions returns the same tools as JSON Schema, OpenAI or Anthropic
// function definitions, strict or not (`gitedit schema`).
//
// The input schema of every tool is generated from the request type the
// library itself decodes (gitedit.EditRequest, gitedit.MultiEditRequest,
// ...), with the `json` and `jsonschema` struct tags as the only source of
// field names, required fields and descriptions; package schemagen
// generates them into schemas/, which this package embeds. Arguments are decoded by
// the library's own decoders, so the MCP tools accept exactly what
// `gitedit apply` accepts (camelCase aliases included, unknown fields
// refused).
//
// A refused request is a tool result with isError set whose text starts
// with the error code (docs/reference.md#results); protocol errors are kept for protocol
// failures (an unknown tool name).
package mcp
