package objects

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestHeldObjectsAreReadableAndWrittenByFlush: while the database holds
// its writes, a blob, a tree naming it and a commit naming the tree get
// their ids, read back and count as present, yet no loose file exists;
// Flush writes them all (a repeated write once), and git reads them.
func TestHeldObjectsAreReadableAndWrittenByFlush(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := storage(dir)
	s.Hold()
	blob, err := WriteBlob(s, []byte("held\n"))
	require.NoError(t, err)
	_, err = WriteBlob(s, []byte("held\n"))
	require.NoError(t, err)
	tree, err := WriteTree(s, []TreeEntry{{Mode: filemode.Regular, Name: "f", Hash: blob}})
	require.NoError(t, err)
	id := "A U Thor <a@example.com> 1700000000 +0000"
	commit, err := WriteCommit(s, Commit{Tree: tree, Author: id, Committer: id, Message: "held"})
	require.NoError(t, err)
	data, err := s.Read(plumbing.TreeObject, tree)
	require.NoError(t, err)
	require.Equal(t, blob, mustParse(t, tree, data)[0].hash)
	_, err = s.Read(plumbing.BlobObject, tree)
	require.Error(t, err, "a held tree read as a blob")
	for _, h := range []plumbing.Hash{blob, tree, commit} {
		require.True(t, s.Has(h))
		require.NoFileExists(t, s.loosePath(h), "written before Flush")
	}
	require.Len(t, s.held.order, 3)
	require.NoError(t, s.Flush())
	require.Nil(t, s.held)
	for _, h := range []plumbing.Hash{blob, tree, commit} {
		require.FileExists(t, s.loosePath(h))
	}
	require.Equal(t, "100644 blob "+blob.String()+"\tf\n", fixtures.Git(t, dir, "ls-tree", commit.String()))
	fixtures.Git(t, dir, "fsck", "--strict")
}

// TestFlushReturnsTheFirstErrorAndWritesTheRest: a held object whose
// objects/xx/ folder cannot be created fails Flush with its id; the other
// held objects are still written. Drop writes nothing.
func TestFlushReturnsTheFirstErrorAndWritesTheRest(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := storage(dir)
	s.Hold()
	var ids []plumbing.Hash
	for _, c := range []string{"one\n", "two\n", "three\n"} {
		h, err := WriteBlob(s, []byte(c))
		require.NoError(t, err)
		ids = append(ids, h)
	}
	blocked := filepath.Dir(s.loosePath(ids[1]))
	require.NoError(t, os.WriteFile(blocked, nil, 0o644)) // a file where the folder goes
	err := s.Flush()
	require.ErrorContains(t, err, "write blob "+ids[1].String())
	require.FileExists(t, s.loosePath(ids[0]))
	require.FileExists(t, s.loosePath(ids[2]))

	s.Hold()
	h, err := WriteBlob(s, []byte("dropped\n"))
	require.NoError(t, err)
	s.Drop()
	require.False(t, s.Has(h))
	require.NoError(t, s.Flush())
	require.NoFileExists(t, s.loosePath(h))
}

// mustParse decodes the raw tree h.
func mustParse(t *testing.T, h plumbing.Hash, data []byte) []entry {
	t.Helper()
	e, err := parseTree(h, data)
	require.NoError(t, err)
	return e
}
