package objects

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestTreesLookupMatchesGit looks up every entry of treeRepo's trees, and
// names that are not there, loose and packed, against git ls-tree.
func TestTreesLookupMatchesGit(t *testing.T) {
	for _, packed := range []bool{false, true} {
		dir := treeRepo(t)
		if packed {
			fixtures.Git(t, dir, "gc", "-q")
		}
		trees := NewTrees(storage(dir))
		root := plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}")))
		for _, line := range strings.Split(strings.TrimSpace(fixtures.Git(t, dir, "ls-tree", "HEAD")), "\n") {
			meta, name, _ := strings.Cut(line, "\t")
			f := strings.Fields(meta)
			h, mode, ok, err := trees.Lookup(root, name, f[1] == "tree")
			require.NoError(t, err)
			require.True(t, ok, name)
			require.Equal(t, f[2], h.String(), name)
			want, _ := filemode.New(f[0])
			require.Equal(t, want, mode, name)
			_, _, ok, err = trees.Lookup(root, name, f[1] != "tree")
			require.NoError(t, err)
			require.False(t, ok, "%s looked up as the other kind", name)
		}
		for _, missing := range []string{"a.b", "zz", "a/x.go", ""} {
			_, _, ok, err := trees.Lookup(root, missing, false)
			require.NoError(t, err)
			require.False(t, ok, missing)
		}
		_, _, ok, err := trees.Lookup(plumbing.ZeroHash, "README", false)
		require.NoError(t, err)
		require.False(t, ok, "the zero tree is empty")
	}
}

// TestReadLooseChecksHeader reads a loose tree, and refuses objects of
// the wrong type or with a damaged header.
func TestReadLooseChecksHeader(t *testing.T) {
	dir := treeRepo(t)
	objects := filepath.Join(dir, ".git", "objects")
	root := plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}")))
	data, ok, err := readLoose(objects, plumbing.TreeObject, root)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, root, plumbing.ComputeHash(plumbing.TreeObject, data))
	_, _, err = readLoose(objects, plumbing.BlobObject, root)
	require.ErrorContains(t, err, "not a blob")
	_, ok, err = readLoose(objects, plumbing.TreeObject, plumbing.NewHash("0123456789012345678901234567890123456789"))
	require.NoError(t, err)
	require.False(t, ok, "a missing object is not an error")

	hex := root.String()
	path := filepath.Join(objects, hex[:2], hex[2:])
	require.NoError(t, os.Chmod(path, 0o644))
	require.NoError(t, os.WriteFile(path, []byte("not zlib"), 0o644))
	_, _, err = readLoose(objects, plumbing.TreeObject, root)
	require.Error(t, err)
}

func TestStripHeaderRefusesAWrongSizeOrType(t *testing.T) {
	good := []byte("tree 3\x00abc")
	data, err := stripHeader(good, plumbing.TreeObject)
	require.NoError(t, err)
	require.Equal(t, "abc", string(data))
	for _, bad := range []string{"tree 4\x00abc", "tree\x00abc", "tree x\x00abc", "tree 3abc"} {
		_, err := stripHeader([]byte(bad), plumbing.TreeObject)
		require.Error(t, err, bad)
	}
}
