//go:build unix

package integration

import (
	"bytes"
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestSessionListAndShowIntoAClosedPipeClaimNoBatch: session list and
// session show only read, so a SIGPIPE from a reader that went away
// (`| head`, a pager quit early) ends them as it ends git log, without
// the "received after the point of no return: the batch was completed"
// report of a writing command, which they printed.
func TestSessionListAndShowIntoAClosedPipeClaimNoBatch(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": fixtures.Numbered("line ", 2000)})
	for i := range 5 {
		ok(t, dir, "edit", "a.txt", "--old", "line "+string(rune('1'+i))+"\n", "--new", "L\n", "--session", "s1")
	}
	for _, args := range [][]string{{"session", "show", "s1", "-p"}, {"session", "list"}} {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		require.NoError(t, r.Close()) // the reader is gone before the first write
		cmd := exec.Command(binary, args...)
		cmd.Dir, cmd.Env, cmd.Stdout = dir, fixtures.Env(fixtures.Home(dir)), w
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		_ = cmd.Run()
		require.NoError(t, w.Close())
		assert.NotContains(t, stderr.String(), "point of no return", "%v", args)
	}
}
