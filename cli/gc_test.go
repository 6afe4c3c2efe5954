package cli

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestOneShotCommandsCollectLessOften checks tuneGC: a one-shot command
// gets oneShotGCPercent, the MCP server and a user's GOGC keep theirs.
func TestOneShotCommandsCollectLessOften(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	tests := []struct {
		command string
		userSet bool
		want    int
	}{
		{"edit", false, oneShotGCPercent},
		{"", false, oneShotGCPercent},
		{"mcp", false, 100},
		{"edit", true, 100},
	}
	for _, tt := range tests {
		debug.SetGCPercent(100)
		t.Setenv("GOGC", "")
		if tt.userSet {
			t.Setenv("GOGC", "100")
		}
		tuneGC(tt.command)
		assert.Equal(t, tt.want, debug.SetGCPercent(100), "%q, GOGC set: %v", tt.command, tt.userSet)
	}
}
