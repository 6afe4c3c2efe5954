//go:build unix

package integration

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestAClosedPipeStopsApplySayingHowManyApplied: gitedit apply of 50
// JSON Lines requests, each editing what the one before left, into a
// pipe whose reader is gone. The first result's write raises SIGPIPE;
// apply stops before a later request or interrupts one before its point
// of no return, and its message on standard error says how many
// requests were answered (it once said "requests from this one on were
// not applied", or "nothing was changed", naming no request, with every
// result lost in the pipe and the first request applied). The file holds exactly that many edits, the index what
// the working tree holds, and no lock is left.
func TestAClosedPipeStopsApplySayingHowManyApplied(t *testing.T) {
	var lines []string
	for i := 1; i <= 50; i++ {
		raw, err := json.Marshal(map[string]any{"file_path": "f", "old_string": fmt.Sprintf("c%d\n", i-1), "new_string": fmt.Sprintf("c%d\n", i)})
		require.NoError(t, err)
		lines = append(lines, string(raw))
	}
	dir := fixtures.NewRepo(t, map[string]string{"f": "c0\n", "requests.jsonl": strings.Join(lines, "\n") + "\n"})
	code, stderr := intoClosedPipe(t, dir, "gitedit", "apply", "requests.jsonl")
	assert.Equal(t, 141, code, stderr)
	after := regexp.MustCompile(`interrupted after (\d+) requests? \(each answered before this\): request (\d+) and those after it were not applied`).FindStringSubmatch(stderr)
	during := regexp.MustCompile(`request (\d+): interrupted \(SIGPIPE\) before the point of no return: nothing was changed \(the (\d+) requests? before it (?:was|were) answered\)`).FindStringSubmatch(stderr)
	m := after
	if m == nil {
		m = during
		if m != nil {
			m[1], m[2] = m[2], m[1]
		}
	}
	require.NotNil(t, m, stderr)
	n, _ := strconv.Atoi(m[1])
	next, _ := strconv.Atoi(m[2])
	assert.Equal(t, n+1, next)
	assert.Positive(t, n)
	assert.Equal(t, fmt.Sprintf("c%d", n), git(t, dir, "show", ":f"), "the index holds the %d applied", n)
	assert.Equal(t, "", git(t, dir, "diff", "--", "f"), "the working tree holds what the index holds")
	assert.NoFileExists(t, dir+"/.git/index.lock")
}
