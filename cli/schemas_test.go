package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/cli/internal/schemas"
	"github.com/gitedit/gitedit/mcp"
)

// TestEmbeddedSchemasAreTheServers checks that gitedit schema, which
// prints the definitions embedded in package schemas, prints what the MCP
// server's tools/list and mcp.Schema derive from the tools: same formats,
// same bytes. With -update it rewrites the embedded files.
func TestEmbeddedSchemasAreTheServers(t *testing.T) {
	assert.Equal(t, []string{mcp.FormatJSONSchema, mcp.FormatOpenAI, mcp.FormatAnthropic}, schemas.Formats)
	for _, f := range schemas.Formats {
		want, err := mcp.Schema(f)
		require.NoError(t, err, f)
		if *update {
			require.NoError(t, os.WriteFile(filepath.Join("internal", "schemas", schemas.File(f)), want, 0o644))
			continue
		}
		got, ok := schemas.For(f)
		require.True(t, ok, f)
		assert.Equal(t, string(want), string(got),
			"%s: the embedded schema is stale; rewrite it: go test ./cli -run TestEmbeddedSchemasAreTheServers -update", f)
	}
	_, ok := schemas.For("yaml")
	assert.False(t, ok)
}
