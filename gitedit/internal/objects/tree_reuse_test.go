package objects

import (
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/require"
)

// A tree UpdateTree writes is kept parsed, as reading it back gives it,
// and Reuse hands the parsed trees to a reader over another database,
// unless there are more entries than it may keep.
func TestReuseKeepsTheTreesWritten(t *testing.T) {
	dir := t.TempDir()
	db := NewDB(dir)
	trees := NewTrees(db)
	blob, err := db.Write(plumbing.BlobObject, []byte("x\n"))
	require.NoError(t, err)
	root, err := UpdateTree(trees, plumbing.ZeroHash, []TreeChange{{Path: "d/a.txt", Hash: blob, Mode: filemode.Regular}, {Path: "b", Hash: blob, Mode: filemode.Executable}})
	require.NoError(t, err)
	kept := trees.Reuse(NewDB(t.TempDir()), 10) // an empty database: only the cache can answer
	sub, mode, ok, err := kept.Lookup(root, "d", true)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, filemode.Dir, mode)
	fresh := NewTrees(db)
	for _, h := range []plumbing.Hash{root, sub} {
		want, err := fresh.read(h)
		require.NoError(t, err)
		got, err := kept.read(h)
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	_, _, _, err = trees.Reuse(NewDB(t.TempDir()), 2).Lookup(root, "d", true)
	require.Error(t, err, "three entries are more than two: nothing kept")
}
