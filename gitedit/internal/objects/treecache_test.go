package objects

import (
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/require"
)

// The trees a batch's Trees wrote or read are kept by the cache, as
// reading them back gives them, for the Trees of a later batch over
// another database; past the cache's bound, only the latest batch's
// trees stay.
func TestTreeCacheKeepsTheLatestBatchesTrees(t *testing.T) {
	dir := t.TempDir()
	db := NewDB(dir)
	c := NewTreeCache(4)
	blob, err := db.Write(plumbing.BlobObject, []byte("x\n"))
	require.NoError(t, err)
	first := c.Trees(db)
	root, err := UpdateTree(first, plumbing.ZeroHash, []TreeChange{{Path: "d/a.txt", Hash: blob, Mode: filemode.Regular}, {Path: "b", Hash: blob, Mode: filemode.Executable}})
	require.NoError(t, err)
	c.Keep(first)
	kept := c.Trees(NewDB(t.TempDir())) // an empty database: only the cache can answer
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

	// A second batch uses sub (from the cache) and writes a tree of its
	// own: five entries in all are more than four, so root goes.
	second := c.Trees(db)
	other, err := UpdateTree(second, plumbing.ZeroHash, []TreeChange{{Path: "c", Hash: blob, Mode: filemode.Regular}, {Path: "e", Hash: blob, Mode: filemode.Regular}})
	require.NoError(t, err)
	_, _, _, err = second.Lookup(sub, "a.txt", false)
	require.NoError(t, err)
	c.Keep(second)
	empty := c.Trees(NewDB(t.TempDir()))
	for _, h := range []plumbing.Hash{other, sub} {
		_, err := empty.read(h)
		require.NoError(t, err, "used by the latest batch: kept")
	}
	_, err = empty.read(root)
	require.Error(t, err, "not used by the latest batch, past the bound: dropped")
}
