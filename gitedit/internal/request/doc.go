// Package request turns request JSON (docs/reference.md#requests) into the
// contract's request shapes (package spec): field rules and camelCase
// aliases, the tool calls agents produce, JSON Lines and other
// streams of requests, and the check that JSON text is Unicode. It is the
// one decoder: the CLI, the library (gitedit.DecodeEdit and the other
// Decode functions are thin wrappers) and the MCP server decode through
// it. It imports only spec and engine.
package request
