package journal

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

func TestIsTempNameMatchesOnlyCreateTempNames(t *testing.T) {
	cases := map[string]bool{
		".gitedit-123.tmp": true, ".gitedit-0.tmp": true,
		".gitedit-.tmp": false, ".gitedit-12a.tmp": false, "gitedit-1.tmp": false,
		".gitedit-1.tmp.bak": false, ".gitedit-1.tm": false, "x.gitedit-1.tmp": false,
		".gitedit-0123456789ab-1.tmp": false, // another index's writer's
	}
	for name, want := range cases {
		require.Equal(t, want, isTempName(name, TempPrefix), name)
	}
}

func TestRemoveStaleTempsKeepsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	f, err := os.CreateTemp(dir, TempPrefix+"*"+TempSuffix)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	keep := []string{".gitedit-notes.tmp", "a.txt", ".gitedit-1.tmp.orig"}
	for _, k := range keep {
		require.NoError(t, os.WriteFile(filepath.Join(dir, k), nil, 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".gitedit-9.tmp"), 0o755))

	root, err := wtfs.Open(dir)
	require.NoError(t, err)
	defer root.Close()
	removeStaleTempsIn(root, "", TempPrefix)

	require.NoFileExists(t, f.Name())
	for _, k := range append(keep, ".gitedit-9.tmp") {
		_, err := os.Lstat(filepath.Join(dir, k))
		require.NoError(t, err, "kept")
	}
}

func TestIsJournalDirStaysInTheWorkTree(t *testing.T) {
	for dir, want := range map[string]bool{"": true, "a/b": true, "/etc": false, "../x": false, "a/../../x": false, "a/..": false} {
		require.Equal(t, want, isJournalDir(dir), dir)
	}
}
