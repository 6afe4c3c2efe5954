package demo

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

func TestDemoRunsAndLeavesAHealthyRepository(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	for _, kv := range fixtures.Env(fixtures.Home(dir)) {
		if k, v, ok := strings.Cut(kv, "="); ok && (strings.HasPrefix(k, "GIT_") || k == "HOME" || k == "XDG_CONFIG_HOME") {
			t.Setenv(k, v)
		}
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	var out bytes.Buffer
	require.NoError(t, RunIn(context.Background(), dir, &out))

	text := out.String()
	for _, want := range []string{"Edit-Tool: edit", "Edit-Tool: multiedit", "Edit-Tool: undo", "Edit-Match:", "0001-", "+func Greet("} {
		require.Contains(t, text, want)
	}
	require.Equal(t, "", fixtures.Git(t, dir, "status", "--porcelain"))
	fixtures.Git(t, dir, "fsck", "--strict")
	require.Equal(t, "4\n", fixtures.Git(t, dir, "rev-list", "--count", "HEAD"))
}
