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
