package objects

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A tree over smallObject is written as stored deflate blocks (one block
// up to 65,535 bytes, more past it); git reads each back as the tree git
// mktree makes of the same entries, and fsck --strict accepts them.
func TestLargeTreesAreStoredAndReadBackByGit(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := storage(dir)
	blob, err := WriteBlob(s, []byte("x\n"))
	require.NoError(t, err)
	// 36 + len(name) bytes an entry: sizes below, at and past a block.
	for _, n := range []int{200, 250, 1000, 1900, 5000} {
		var lines strings.Builder
		entries := make([]TreeEntry, n)
		for i := range entries {
			entries[i] = TreeEntry{Mode: filemode.Regular, Name: fmt.Sprintf("f%05d.go", i), Hash: blob}
			fmt.Fprintf(&lines, "100644 blob %s\t%s\n", blob, entries[i].Name)
		}
		h, err := WriteTree(s, entries)
		require.NoError(t, err)
		require.Equal(t, strings.TrimSpace(fixtures.GitInput(t, dir, lines.String(), "mktree")), h.String(), "%d entries", n)
		z, err := os.ReadFile(filepath.Join(dir, ".git", "objects", h.String()[:2], h.String()[2:]))
		require.NoError(t, err)
		raw, err := inflate(z)
		require.NoError(t, err)
		size := len(raw) - len(fmt.Sprintf("tree %d\x00", len(raw)))
		require.Equal(t, fmt.Sprintf("tree %d\x00", size), string(raw[:len(raw)-size]))
		stored := size+len(fmt.Sprintf("tree %d\x00", size)) > smallObject
		require.Equal(t, stored, z[2]&6 == 0, "%d entries (%d bytes): first block stored", n, size)
		data, err := s.Read(plumbing.TreeObject, h)
		require.NoError(t, err)
		require.Len(t, data, size)
	}
	fixtures.Git(t, dir, "fsck", "--strict")
}

// A loose object whose header claims more than its compressed bytes
// could hold is read into a buffer of a guessed size, not of the size
// claimed (4 GiB here), and refused for the size that does not match.
func TestInflateDoesNotTrustAHugeHeaderSize(t *testing.T) {
	z := storeObject("blob 4294967296\x00", []byte("abc"))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	body, err := inflate(z)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Equal(t, "blob 4294967296\x00abc", string(body))
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated")
	_, err = stripHeader(body, plumbing.BlobObject)
	require.ErrorContains(t, err, "does not match its header")
	for _, data := range []string{"blob 1\x00abc", "blob x\x00abc", "blob\x00", "tree 3"} {
		body, err := inflate(storeObject("", []byte(data)))
		require.NoError(t, err, "%q", data)
		require.Equal(t, data, string(body))
		_, err = stripHeader(body, plumbing.BlobObject)
		require.Error(t, err, "%q", data)
	}
}
