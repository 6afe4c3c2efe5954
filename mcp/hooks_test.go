package mcp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestRefusingHookOutputReachesTheClientAsCatVShowsIt: a pre-commit hook
// that prints terminal controls and refuses; the refusal the client gets
// quotes the hook's output escaped by the product's one rule
// (quote.Printable: ^[ for ESC, ^G for BEL), never the raw bytes.
func TestRefusingHookOutputReachesTheClientAsCatVShowsIt(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	isolateGit(t, repo)
	hook := filepath.Join(repo, ".git", "hooks", "pre-commit")
	require.NoError(t, os.MkdirAll(filepath.Dir(hook), 0o755))
	script := "#!/bin/sh\nprintf '\\033[31mred\\033]0;title\\007\\n' >&2\nexit 1\n"
	require.NoError(t, os.WriteFile(hook, []byte(script), 0o755))
	cs := connect(t, Config{Dir: repo, Options: commitMode()})
	res := call(t, cs, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "one", "new_string": "1"})
	require.True(t, res.IsError, "the hook refused: %s", text(res))
	assert.Contains(t, text(res), "^[[31mred^[]0;title^G")
	assert.False(t, strings.ContainsAny(text(res), "\x1b\x07"), "raw control bytes in %q", text(res))
	assert.Equal(t, "one\n", readFile(t, repo, "a.txt"))
}
