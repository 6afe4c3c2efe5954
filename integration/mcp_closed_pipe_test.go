//go:build unix

package integration

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestMCPReaderGoneMidPipelineLeavesNoBatchHalfApplied: a client sends
// 200 pipelined edits to gitedit mcp, reads n replies and goes away
// (closes its end of the server's standard output). The next reply
// raises SIGPIPE, which cancels the server; the server must still let
// the batch it is running refuse or complete before it exits. Afterwards
// there is no index.lock, the index holds what the working tree holds,
// and the session's ledger has one batch per edit the file shows. (The
// server once returned at the cancellation while a batch ran: it was
// cut past its point of no return, its index.lock left in place, the
// working tree one edit ahead of the index.)
func TestMCPReaderGoneMidPipelineLeavesNoBatchHalfApplied(t *testing.T) {
	lines := []string{`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`}
	for i := 1; i <= 200; i++ {
		lines = append(lines, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"edit","arguments":{"file_path":"f","old_string":"c%d\n","new_string":"c%d\n"}}}`, i, i-1, i))
	}
	input := filepath.Join(t.TempDir(), "in.jsonl")
	require.NoError(t, os.WriteFile(input, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	for _, n := range []int{3, 8, 13, 18, 23, 28} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"f": "c0\n"})
			readThenClose(t, dir, input, n)
			assert.NoFileExists(t, filepath.Join(dir, ".git", "index.lock"))
			work, err := os.ReadFile(filepath.Join(dir, "f"))
			require.NoError(t, err)
			assert.Equal(t, string(work), git(t, dir, "show", ":f")+"\n", "index and working tree agree")
			edits := strings.TrimPrefix(strings.TrimSpace(string(work)), "c")
			show := ok(t, dir, "session", "show", "p").stdout
			assert.Contains(t, show, "open, "+edits+" batches since", "one ledger entry per edit applied")
		})
	}
}

// readThenClose runs gitedit mcp --session p in dir on input, reads n
// lines of its output, closes the pipe and waits for it to exit.
func readThenClose(t *testing.T, dir, input string, n int) {
	t.Helper()
	in, err := os.Open(input)
	require.NoError(t, err)
	defer in.Close()
	cmd := exec.Command(binary, "mcp", "--session", "p")
	cmd.Dir, cmd.Env, cmd.Stdin = dir, fixtures.Env(fixtures.Home(dir)), in
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 1<<20)
	for i := 0; i < n && sc.Scan(); i++ {
	}
	require.NoError(t, out.Close())
	_ = cmd.Wait() // ended by the SIGPIPE (141) or done
}
