package mcp

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The size bound is exact: a line of max bytes passes, one byte more is
// refused, and the lines after it are still read (with or without a final
// newline).
func TestGateBoundsLineSize(t *testing.T) {
	ok := `{"jsonrpc":"2.0","id":1,"method":"x"}`
	tooLong := `{"jsonrpc":"2.0","id":2,"method":"xx"}`
	var replies []string
	g := newGate(strings.NewReader(ok+"\n"+tooLong+"\n\n  \n"+ok), len(ok), func(l []byte) { replies = append(replies, string(l)) })
	out, err := io.ReadAll(g)
	require.NoError(t, err)
	require.Equal(t, ok+"\n"+ok+"\n", string(out))
	require.Len(t, replies, 1)
	require.Contains(t, replies[0], `"code":-32600`)
	require.Contains(t, replies[0], `"id":null`)
}
