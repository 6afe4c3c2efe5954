package spec

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// session show --json (and the MCP changes tool) write a path that is not
// UTF-8 in its git-quoted form, as every other result does
// (docs/reference.md, "JSON and non-UTF-8 names"): it was written as is,
// and encoding/json replaced the byte with U+FFFD, a name no request can
// send back.
func TestSessionShowWritesNonUTF8PathsQuoted(t *testing.T) {
	show := SessionShow{Session: "s", Batches: []SessionBatch{{Files: []string{"bad\xff.txt", "ok.txt"}}},
		Files: []SessionFile{{FilePath: "bad\xff.txt"}, {FilePath: "ok.txt"}}}
	data, err := json.Marshal(show)
	require.NoError(t, err)
	var back struct {
		Batches []struct{ Files []string }
		Files   []struct {
			FilePath string `json:"file_path"`
		}
	}
	require.NoError(t, json.Unmarshal(data, &back))
	require.Equal(t, []string{`"bad\377.txt"`, "ok.txt"}, back.Batches[0].Files)
	require.Equal(t, `"bad\377.txt"`, back.Files[0].FilePath)
	require.Equal(t, "ok.txt", back.Files[1].FilePath)
}
