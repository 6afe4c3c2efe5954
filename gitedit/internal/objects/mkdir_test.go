package objects

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLooseFoldersAreMadeAsNeeded checks mkdirLoose: a blob is written
// when its objects/xx folder is missing (one mkdir), when it exists, and
// when the objects folder itself is missing (the parents made too).
func TestLooseFoldersAreMadeAsNeeded(t *testing.T) {
	for _, objectsExist := range []bool{true, false} {
		dir := filepath.Join(t.TempDir(), "objects")
		if objectsExist {
			require.NoError(t, os.Mkdir(dir, 0o777))
		}
		db := NewDB(dir)
		for _, content := range []string{"one\n", "two\n", "one\n"} {
			id, err := WriteBlob(db, []byte(content))
			require.NoError(t, err)
			s := id.String()
			assert.FileExists(t, filepath.Join(dir, s[:2], s[2:]))
		}
		id, err := WriteBlob(db, []byte("three\n")) // a folder that exists already
		require.NoError(t, err)
		_, err = WriteBlob(db, []byte("three\n"))
		require.NoError(t, err)
		s := id.String()
		entries, err := os.ReadDir(filepath.Join(dir, s[:2]))
		require.NoError(t, err)
		assert.Len(t, entries, 1, "no temporary file left")
		require.NoError(t, db.Close())
	}
}
