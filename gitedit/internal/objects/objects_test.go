package objects

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// storage is the object database of the repository at dir.
func storage(dir string) *DB {
	return NewDB(filepath.Join(dir, ".git", "objects"))
}

func TestHashBlobMatchesGit(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	for _, data := range []string{"", "hello\n", "no newline", "crlf\r\nline\r\n", strings.Repeat("x", 70000)} {
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSpace(fixtures.Git(t, dir, "hash-object", "--no-filters", "f"))
		if got := HashBlob([]byte(data)).String(); got != want {
			t.Errorf("HashBlob(%.20q) = %s, git says %s", data, got, want)
		}
	}
}

func TestWriteBlobReadsBackWithGit(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := storage(dir)
	for _, data := range []string{"", "hello\n", "bin\x00ary", strings.Repeat("line\n", 10000)} {
		h, err := WriteBlob(s, []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		if h != HashBlob([]byte(data)) {
			t.Errorf("WriteBlob id %s differs from HashBlob", h)
		}
		if got := fixtures.Git(t, dir, "cat-file", "blob", h.String()); got != data {
			t.Errorf("git cat-file blob %s = %.30q, want %.30q", h, got, data)
		}
		if _, err := WriteBlob(s, []byte(data)); err != nil {
			t.Errorf("writing an existing blob again: %v", err)
		}
	}
	fixtures.Git(t, dir, "fsck", "--strict", "--no-dangling")
}

func TestWriteCommitReadsBackWithGit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := storage(dir)
	tree := plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}")))
	head := plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD")))
	ident := "A U Thor <author@example.com> 1700000000 +0100"
	tests := []struct {
		name, message, want string
		parents             []plumbing.Hash
	}{
		{"root commit, newline added", "subject", "subject\n", nil},
		{"one parent, message verbatim", "subject\n\nbody\n\nKey: v\n", "subject\n\nbody\n\nKey: v\n", []plumbing.Hash{head}},
		{"merge", "merge\n", "merge\n", []plumbing.Hash{head, head}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := WriteCommit(s, Commit{Tree: tree, Parents: tt.parents, Author: ident, Committer: ident, Message: tt.message})
			if err != nil {
				t.Fatal(err)
			}
			raw := fixtures.Git(t, dir, "cat-file", "commit", h.String())
			if !strings.HasSuffix(raw, "\n\n"+tt.want) || !strings.Contains(raw, "author "+ident+"\n") {
				t.Errorf("git cat-file commit:\n%s", raw)
			}
			if got := fixtures.Git(t, dir, "log", "-1", "--format=%P", h.String()); len(strings.Fields(got)) != len(tt.parents) {
				t.Errorf("parents = %q, want %d", got, len(tt.parents))
			}
		})
	}
	fixtures.Git(t, dir, "fsck", "--strict", "--no-dangling")
	if _, err := WriteCommit(s, Commit{Tree: tree, Author: "x\ny", Committer: ident}); err == nil {
		t.Error("identity with a newline accepted")
	}
}

// TestCommitTreeReadsPackedAndLooseCommits checks CommitTree against git
// rev-parse for a packed commit (after git gc) and a loose one, and that a
// blob is refused.
func TestCommitTreeReadsPackedAndLooseCommits(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	fixtures.Git(t, dir, "gc", "-q")
	fixtures.WriteFiles(t, dir, map[string]string{"a.txt": "b\n"})
	fixtures.Git(t, dir, "commit", "-q", "-am", "loose")
	db := NewDB(filepath.Join(dir, ".git", "objects"))
	defer db.Close()
	for _, rev := range []string{"HEAD~1", "HEAD"} {
		h := plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", rev)))
		tree, err := CommitTree(db, h)
		if err != nil {
			t.Fatalf("%s: %v", rev, err)
		}
		if want := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", rev+"^{tree}")); tree.String() != want {
			t.Errorf("%s: tree %s, want %s", rev, tree, want)
		}
	}
	blob := plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD:a.txt")))
	if _, err := CommitTree(db, blob); err == nil {
		t.Errorf("CommitTree of a blob: no error")
	}
}

// TestLargeObjectsReadBackWithGit writes objects big enough to span many
// deflate blocks (a 3,000-entry tree, a megabyte of random bytes that do
// not compress, a megabyte of repeated text) and has git read them back:
// git mktree of the same listing gives the same tree id, git cat-file
// gives the same bytes, and git fsck --strict is clean.
func TestLargeObjectsReadBackWithGit(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := storage(dir)
	var entries []TreeEntry
	var listing strings.Builder
	for i := range 3000 {
		h := HashBlob(fmt.Appendf(nil, "%d\n", i))
		entries = append(entries, TreeEntry{Mode: filemode.Regular, Name: fmt.Sprintf("f%05d.go", i), Hash: h})
		fmt.Fprintf(&listing, "100644 blob %s\tf%05d.go\n", h, i)
	}
	tree, err := WriteTree(s, entries)
	require.NoError(t, err)
	mktree := exec.Command("git", "mktree", "--missing")
	mktree.Dir, mktree.Stdin = dir, strings.NewReader(listing.String())
	out, err := mktree.Output()
	require.NoError(t, err)
	require.Equal(t, strings.TrimSpace(string(out)), tree.String(), "git mktree of the same entries")
	require.Equal(t, listing.String(), fixtures.Git(t, dir, "ls-tree", tree.String()))
	random := make([]byte, 1<<20)
	_, _ = rand.NewChaCha8([32]byte{1}).Read(random)
	for _, data := range [][]byte{random, bytes.Repeat([]byte("a line of text\n"), 70000)} {
		h, err := WriteBlob(s, data)
		require.NoError(t, err)
		require.True(t, fixtures.Git(t, dir, "cat-file", "blob", h.String()) == string(data), "git cat-file blob %s", h)
	}
	fixtures.Git(t, dir, "fsck", "--strict")
}

// TestSmallAndLargeObjectsAtTheCompressorBoundaryReadBackWithGit writes
// blobs on both sides of smallObject (compressed in one stateless pass
// below it, by the pooled compressor above it), of text, of random bytes
// and empty, and has git read them back; each loose file is a zlib stream
// of the fastest level that inflates to the header and the data.
func TestSmallAndLargeObjectsAtTheCompressorBoundaryReadBackWithGit(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := storage(dir)
	random := make([]byte, 2*smallObject)
	_, _ = rand.NewChaCha8([32]byte{2}).Read(random)
	text := bytes.Repeat([]byte("value = 1 // a line of text\n"), 2*smallObject/28)
	for _, n := range []int{0, 1, 600, smallObject - 12, smallObject - 11, smallObject - 10, smallObject, smallObject + 1} {
		for _, src := range [][]byte{text, random} {
			data := src[:n]
			h, err := WriteBlob(s, data)
			require.NoError(t, err)
			z, err := os.ReadFile(filepath.Join(dir, ".git", "objects", h.String()[:2], h.String()[2:]))
			require.NoError(t, err)
			require.Equal(t, []byte{0x78, 0x01}, z[:2], "zlib header of a %d-byte blob", n)
			raw, err := inflate(z)
			require.NoError(t, err)
			require.Equal(t, append(fmt.Appendf(nil, "blob %d\x00", n), data...), raw, "%d-byte blob inflated", n)
			require.True(t, fixtures.Git(t, dir, "cat-file", "blob", h.String()) == string(data), "git cat-file blob %s (%d bytes)", h, n)
		}
	}
	fixtures.Git(t, dir, "fsck", "--strict", "--no-dangling")
}

// TestWriteBlobAsStoresWhatWriteBlobStores writes blobs with the id the
// caller computed (WriteBlobAs) and checks that git reads each under that
// id, that the loose file is WriteBlob's, and that writing it again only
// freshens it.
func TestWriteBlobAsStoresWhatWriteBlobStores(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	other := fixtures.NewRepo(t, nil)
	for _, data := range []string{"", "hello\n", strings.Repeat("line\n", 5000)} {
		id := HashBlob([]byte(data))
		require.NoError(t, WriteBlobAs(storage(dir), []byte(data), id))
		require.NoError(t, WriteBlobAs(storage(dir), []byte(data), id))
		require.Equal(t, data, fixtures.Git(t, dir, "cat-file", "blob", id.String()))
		h, err := WriteBlob(storage(other), []byte(data))
		require.NoError(t, err)
		require.Equal(t, id, h)
		loose := func(repo string) []byte {
			b, err := os.ReadFile(filepath.Join(repo, ".git", "objects", id.String()[:2], id.String()[2:]))
			require.NoError(t, err)
			return b
		}
		require.Equal(t, loose(other), loose(dir), "loose file of %s", id)
	}
	fixtures.Git(t, dir, "fsck", "--strict", "--no-dangling")
}
