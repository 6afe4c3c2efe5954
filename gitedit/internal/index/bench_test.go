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

// BenchmarkReadEncode5k and BenchmarkReadEncode100k read an index of
// 5,000 or 100,000 entries, replace one entry and encode it (what
// gitedit does per one-file batch, minus the file write): the ratio of
// the two is what the repository's size costs a batch.
func BenchmarkReadEncode5k(b *testing.B) { benchReadEncode(b, 5000) }

// BenchmarkReadEncode100k: see BenchmarkReadEncode5k.
func BenchmarkReadEncode100k(b *testing.B) { benchReadEncode(b, 100000) }

// BenchmarkReadEncodeSplit5k and BenchmarkReadEncodeSplit100k are
// BenchmarkReadEncode5k and 100k with the index split by git
// (core.splitIndex=true): the shared index is read, the small split file
// written.
func BenchmarkReadEncodeSplit5k(b *testing.B) { benchReadEncodeOf(b, 5000, true) }

// BenchmarkReadEncodeSplit100k: see BenchmarkReadEncodeSplit5k.
func BenchmarkReadEncodeSplit100k(b *testing.B) { benchReadEncodeOf(b, 100000, true) }

// BenchmarkReadEncodeV4_5k and BenchmarkReadEncodeV4_100k are
// BenchmarkReadEncode5k and 100k with an index of version 4 (names
// prefix-compressed, what feature.manyFiles sets), converted by git.
func BenchmarkReadEncodeV4_5k(b *testing.B) { benchReadEncodeV4(b, 5000) }

// BenchmarkReadEncodeV4_100k: see BenchmarkReadEncodeV4_5k.
func BenchmarkReadEncodeV4_100k(b *testing.B) { benchReadEncodeV4(b, 100000) }

func benchReadEncode(b *testing.B, n int) { benchReadEncodeOf(b, n, false) }

func benchReadEncodeV4(b *testing.B, n int) {
	if testing.Short() && n > 5000 {
		b.Skip("builds a 100k-entry index")
	}
	dir, indexPath := bigIndexRepo(b, n)
	git(b, dir, "update-index", "--index-version", "4")
	benchReadEncodeAt(b, indexPath, n)
}

func benchReadEncodeOf(b *testing.B, n int, split bool) {
	if testing.Short() && n > 5000 {
		b.Skip("builds a 100k-entry index")
	}
	dir, indexPath := bigIndexRepo(b, n)
	if split {
		git(b, dir, "config", "core.splitIndex", "true")
		git(b, dir, "update-index", "--split-index")
	}
	benchReadEncodeAt(b, indexPath, n)
}

// benchReadEncodeAt times reading the index at indexPath (n entries, as
// bigIndexRepo makes them), replacing its middle entry and encoding it.
func benchReadEncodeAt(b *testing.B, indexPath string, n int) {
	fi, _ := os.Stat(indexPath)
	b.SetBytes(fi.Size())
	name := fmt.Sprintf("src/module%03d/pkg%02d/file%06d.go", n/2/1000, n/2/100%10, n/2)
	for b.Loop() {
		ix, err := index.Read(indexPath)
		if err != nil {
			b.Fatal(err)
		}
		ix.Add(&index.Entry{Name: name, Mode: index.ModeRegular, Hash: plumbing.NewHash(emptyBlob), Size: 1})
		if err := ix.EncodeTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGitUpdateIndex5k and BenchmarkGitUpdateIndex100k are the git
// baseline of BenchmarkReadEncode5k and 100k: git update-index touching
// one entry of the same index (read, update, write under lock, and the
// process start).
func BenchmarkGitUpdateIndex5k(b *testing.B) { benchGitUpdateIndex(b, 5000) }

// BenchmarkGitUpdateIndex100k: see BenchmarkGitUpdateIndex5k.
func BenchmarkGitUpdateIndex100k(b *testing.B) { benchGitUpdateIndex(b, 100000) }

func benchGitUpdateIndex(b *testing.B, n int) {
	if testing.Short() && n > 5000 {
		b.Skip("builds a 100k-entry index")
	}
	dir, _ := bigIndexRepo(b, n)
	name := fmt.Sprintf("src/module%03d/pkg%02d/file%06d.go", n/2/1000, n/2/100%10, n/2)
	for b.Loop() {
		git(b, dir, "update-index", "--cacheinfo", "100644,"+emptyBlob+","+name)
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
