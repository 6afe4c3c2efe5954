package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPanicInACallBecomesAToolError(t *testing.T) {
	h := &handlers{} // no repository: the library call panics
	req := &sdk.CallToolRequest{Params: &sdk.CallToolParamsRaw{Name: ToolRead, Arguments: json.RawMessage(`{"file_path": "a.txt"}`)}}
	res, err := h.handler(ToolRead)(context.Background(), req)
	require.NoError(t, err)
	require.True(t, res.IsError)
	assert.True(t, strings.HasPrefix(text(res), "io_error: read: internal error"), text(res))
}

func TestDecodeStrictAcceptsAliasesAndRefusesUnknownFields(t *testing.T) {
	s := schemaOf(ToolRead)
	tests := []struct {
		name, args, err string
		offset          int
	}{
		{"alias", `{"filePath": "a", "offset": 2}`, "", 2},
		{"null is absent", `{"file_path": "a", "offset": null}`, "", 0},
		{"null required", `{"file_path": null}`, "invalid_input: file_path: required field missing", 0},
		{"not an object", `[1]`, "invalid_input: the arguments must be a JSON object", 0},
		{"unknown", `{"file_path": "a", "path": "b"}`, "invalid_input: path: unknown field (expected file_path, offset, limit)", 0},
		{"type", `{"file_path": "a", "limit": true}`, "invalid_input: limit: expected integer, got boolean", 0},
		{"fraction", `{"file_path": "a", "limit": 1.5}`, "invalid_input: limit: expected integer, got number", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var req struct {
				FilePath string `json:"file_path"`
				Offset   int    `json:"offset"`
				Limit    int    `json:"limit"`
			}
			err := decodeStrict(json.RawMessage(tt.args), s, &req)
			if tt.err != "" {
				require.Error(t, err)
				assert.Equal(t, tt.err, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "a", req.FilePath)
			assert.Equal(t, tt.offset, req.Offset)
		})
	}
}
