package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReadFileAsOSReadFile compares readFile (the patch and JSON inputs)
// with os.ReadFile: content of empty, small and large files, and the very
// same error text for a missing file, a folder and a path through a file.
func TestReadFileAsOSReadFile(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"empty": "", "small": "diff --git a/f b/f\n", "large": strings.Repeat("+line\n", 100000)}
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	for _, p := range []string{"empty", "small", "large", "missing", ".", "small/x"} {
		path := filepath.Join(dir, p)
		want, wantErr := os.ReadFile(path)
		got, err := readFile(path)
		require.Equal(t, string(want), string(got), p)
		if wantErr == nil {
			require.NoError(t, err, p)
			continue
		}
		require.Error(t, err, p)
		require.Equal(t, wantErr.Error(), err.Error(), p)
	}
}
