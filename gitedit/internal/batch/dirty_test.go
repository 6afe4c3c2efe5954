package batch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
)

// TestIndexHeadAgreesWithTrees checks that the cache-tree shortcut answers
// every question of the dirty check as reading HEAD's trees does.
func TestIndexHeadAgreesWithTrees(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{
		"a.txt": "a\n", "a-b/x": "x\n", "a/b/c.go": "c\n", "a/d.go": "d\n", "bin/run.sh": "#!/bin/sh\n", "z/y/x/w.txt": "w\n",
	})
	fixtures.Git(t, dir, "update-index", "--chmod=+x", "bin/run.sh")
	require.NoError(t, os.Symlink("a.txt", filepath.Join(dir, "link")))
	fixtures.Git(t, dir, "add", "link")
	fixtures.Git(t, dir, "commit", "-q", "-m", "modes")
	r := openRepo(t, dir)
	idx, err := r.ReadIndex()
	require.NoError(t, err)
	db := objects.NewDB(r.ObjectsDir())
	root, err := objects.CommitTree(db, plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD"))))
	require.NoError(t, err)
	require.Equal(t, strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}")), root.String())
	id, ok := idx.TreeID()
	require.True(t, ok)
	require.Equal(t, root, id)

	fromIndex := indexHead{idx}
	fromTrees := objects.NewTreeLookup(objects.NewTrees(db), root)
	paths := []string{"a.txt", "a-b/x", "a/b/c.go", "a/d.go", "bin/run.sh", "link", "z/y/x/w.txt",
		"a", "a/b", "z", "z/y", "missing", "a/missing", "a.txt/x", "a-b", "bin"}
	for _, p := range paths {
		h1, m1, ok1 := fromIndex.File(p)
		h2, m2, ok2 := fromTrees.File(p)
		require.Equal(t, ok2, ok1, "file %s", p)
		require.Equal(t, h2, h1, "file %s", p)
		require.Equal(t, m2, m1, "file %s", p)
		require.Equal(t, fromTrees.HasFolder(p), fromIndex.HasFolder(p), "folder %s", p)
	}
}

// TestTreeFromIndexMatchesUpdateTree builds the same commit trees both
// ways: from the index and cache-tree, and by rewriting HEAD's trees.
func TestTreeFromIndexMatchesUpdateTree(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{
		"a.txt": "a\n", "a-b/x": "x\n", "a/b/c.go": "c\n", "a/d.go": "d\n", "a0": "0\n", "bin/run.sh": "#!/bin/sh\n", "z/y/x/w.txt": "w\n",
	})
	fixtures.Git(t, dir, "update-index", "--chmod=+x", "bin/run.sh")
	require.NoError(t, os.Symlink("a.txt", filepath.Join(dir, "link")))
	fixtures.Git(t, dir, "add", "link")
	head := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD"))
	fixtures.Git(t, dir, "update-index", "--add", "--cacheinfo", "160000,"+head+",vendor/mod")
	fixtures.Git(t, dir, "commit", "-q", "-m", "modes")
	r := openRepo(t, dir)
	idx, err := r.ReadIndex()
	require.NoError(t, err)
	base, ok := idx.TreeID()
	require.True(t, ok)
	db := objects.NewDB(r.ObjectsDir())
	w := &batchWriter{r: r, Idx: idx, db: db, headTree: indexHead{idx}, trees: objects.NewTrees(db)}
	blob := func(s string) plumbing.Hash {
		h, err := objects.WriteBlob(db, []byte(s))
		require.NoError(t, err)
		return h
	}
	sets := map[string][]objects.TreeChange{
		"one deep file":  {{Path: "a/b/c.go", Hash: blob("C\n"), Mode: filemode.Regular}},
		"top and nested": {{Path: "a.txt", Hash: blob("A\n"), Mode: filemode.Regular}, {Path: "z/y/x/w.txt", Hash: blob("W\n"), Mode: filemode.Regular}},
		"mode Change":    {{Path: "a/d.go", Hash: blob("d\n"), Mode: filemode.Executable}},
		"symlink target": {{Path: "link", Hash: blob("a0"), Mode: filemode.Symlink}},
	}
	for name, changes := range sets {
		got, ok, err := w.treeFromIndex(base, changes)
		require.NoError(t, err, name)
		require.True(t, ok, name)
		want, err := objects.UpdateTree(w.trees, base, changes)
		require.NoError(t, err, name)
		require.Equal(t, want, got, name)
	}
	for name, changes := range map[string][]objects.TreeChange{
		"new file": {{Path: "new.txt", Hash: blob("n\n"), Mode: filemode.Regular}},
		"deletion": {{Path: "a.txt", Delete: true}},
		"gitlink":  {{Path: "vendor/mod", Hash: blob("x"), Mode: filemode.Regular}},
	} {
		_, ok, err := w.treeFromIndex(base, changes)
		require.NoError(t, err, name)
		require.False(t, ok, "%s falls back to rewriting HEAD's trees", name)
	}
	fixtures.Git(t, dir, "fsck", "--strict", "--no-dangling")
}
