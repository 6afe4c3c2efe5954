package mcp

import (
	"encoding/json"
	"slices"
)

// The MCP protocol versions the server speaks, newest first: those of the
// initialize handshake. The sessionless protocol 2026-07-28 (server/discover,
// a version in every request's _meta) is not served: such a request is
// answered with codeUnsupportedVersion, and a client that tried it first
// falls back to initialize, as the protocol says.
var protocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// negotiate returns the protocol version to answer initialize with: the
// client's when the server speaks it, else the newest the server speaks.
func negotiate(client string) string {
	if slices.Contains(protocolVersions, client) {
		return client
	}
	return protocolVersions[0]
}

// The JSON-RPC error codes the server answers with, beside the gate's.
const (
	codeMethodNotFound     = -32601
	codeInvalidParams      = -32602
	codeUnsupportedVersion = -32022 // MCP: a protocol version the server does not speak
	codeOther              = 0      // what the official SDK sends for an error without a code
)

// sessionless is the first protocol version without initialize.
const sessionless = "2026-07-28"

// metaVersion is the key of a request's _meta naming the sessionless
// protocol's version.
const metaVersion = "io.modelcontextprotocol/protocolVersion"

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

// missingParams is the error of a request that needs params and has none.
var missingParams = &rpcError{Code: codeInvalidRequest, Message: `invalid request: missing required "params"`}

// toolResult is an MCP CallToolResult: text for the model and the
// docs/reference.md#results JSON as structured content for programs.
type toolResult struct {
	Content           []content `json:"content"`
	StructuredContent any       `json:"structuredContent,omitempty"`
	IsError           bool      `json:"isError,omitempty"`
	// ResultType is "complete" for a client that asked for the
	// sessionless protocol in initialize (it reads every result as one
	// round of a multi-round-trip call, as the official SDK assumes).
	ResultType string `json:"resultType,omitempty"`
}

// content is an MCP content block; the server sends text only.
type content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// implementation is MCP's Implementation: who the server is.
type implementation struct {
	Name  string `json:"name"`
	Title string `json:"title,omitempty"`
	// Description names the server's session (see serverInfo).
	Description string `json:"description,omitempty"`
	Version     string `json:"version"`
}

// initializeResult is the answer to initialize.
type initializeResult struct {
	ProtocolVersion string         `json:"protocolVersion"`
	Capabilities    map[string]any `json:"capabilities"`
	Instructions    string         `json:"instructions,omitempty"`
	ServerInfo      implementation `json:"serverInfo"`
}

// capabilities are the server's: tools, and logging as the official SDK
// declares by default (logging/setLevel is accepted; the server sends no
// log messages).
func capabilities() map[string]any {
	return map[string]any{"logging": struct{}{}, "tools": map[string]bool{"listChanged": true}}
}

// initializeParams are the fields of initialize's params the server reads.
type initializeParams struct {
	ProtocolVersion string `json:"protocolVersion"`
	ClientInfo      *struct {
		Name string `json:"name"`
	} `json:"clientInfo"`
}

// callParams are the params of tools/call.
type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// listParams are the params of the list methods: an opaque cursor.
type listParams struct {
	Cursor string `json:"cursor"`
}

// emptyList is the result of a list method of a feature the server does
// not offer (prompts, resources), keyed by the list's name, with the
// cache hints the official SDK adds to every list.
func emptyList(key string) map[string]any {
	return map[string]any{key: []any{}, "ttlMs": 0, "cacheScope": "public"}
}

// versionRequested returns the sessionless protocol version params' _meta
// names, or "" when it names none.
func versionRequested(params json.RawMessage) string {
	var p struct {
		Meta map[string]any `json:"_meta"`
	}
	if json.Unmarshal(params, &p) != nil {
		return ""
	}
	v, _ := p.Meta[metaVersion].(string)
	return v
}

// unsupportedVersion is the error of a request in a protocol version the
// server does not speak.
func unsupportedVersion(requested string) *rpcError {
	return &rpcError{Code: codeUnsupportedVersion, Message: "unsupported protocol version",
		Data: map[string]any{"supported": protocolVersions, "requested": requested}}
}
