package index_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/go-git/go-git/v5/plumbing"
)

const emptyBlob = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"

// bigIndexRepo builds a repository whose index holds n entries (~9 MB for
// 100,000) with a full cache-tree, without writing n files.
func bigIndexRepo(b *testing.B, n int) (string, string) {
	dir := fixtures.NewRepo(b, nil)
	git(b, dir, "hash-object", "-w", "--stdin")
	var in strings.Builder
	for i := range n {
		fmt.Fprintf(&in, "100644 %s\tsrc/module%03d/pkg%02d/file%06d.go\n", emptyBlob, i/1000, i/100%10, i)
	}
	fixtures.GitInput(b, dir, in.String(), "update-index", "--index-info")
	git(b, dir, "write-tree")
	return dir, filepath.Join(dir, ".git", "index")
}

// BenchmarkReadEncode100k reads a 100,000-entry index, replaces one entry
// and encodes it (what gitedit does per batch, minus the file write).
func BenchmarkReadEncode100k(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a 100k-entry index")
	}
	_, indexPath := bigIndexRepo(b, 100000)
	fi, _ := os.Stat(indexPath)
	b.SetBytes(fi.Size())
	for b.Loop() {
		ix, err := index.Read(indexPath)
		if err != nil {
			b.Fatal(err)
		}
		ix.Add(&index.Entry{Name: "src/module050/pkg00/file050000.go", Mode: index.ModeRegular,
			Hash: plumbing.NewHash(emptyBlob), Size: 1})
		if _, err := ix.Encode(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGitUpdateIndex100k is the git baseline: git update-index
// touching one entry of the same index (read, update, write under lock).
func BenchmarkGitUpdateIndex100k(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a 100k-entry index")
	}
	dir, _ := bigIndexRepo(b, 100000)
	for b.Loop() {
		git(b, dir, "update-index", "--cacheinfo", "100644,"+emptyBlob+",src/module050/pkg00/file050000.go")
	}
}

// BenchmarkRead100k reads a 100,000-entry index (what every batch does
// first).
func BenchmarkRead100k(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a 100k-entry index")
	}
	_, indexPath := bigIndexRepo(b, 100000)
	fi, _ := os.Stat(indexPath)
	b.SetBytes(fi.Size())
	for b.Loop() {
		if _, err := index.Read(indexPath); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncode100k encodes a 100,000-entry index with one entry
// replaced (the write of a batch, without the file).
func BenchmarkEncode100k(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a 100k-entry index")
	}
	_, indexPath := bigIndexRepo(b, 100000)
	ix, err := index.Read(indexPath)
	if err != nil {
		b.Fatal(err)
	}
	ix.Add(&index.Entry{Name: "src/module050/pkg00/file050000.go", Mode: index.ModeRegular,
		Hash: plumbing.NewHash(emptyBlob), Size: 1})
	fi, _ := os.Stat(indexPath)
	b.SetBytes(fi.Size())
	for b.Loop() {
		if err := ix.EncodeTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
