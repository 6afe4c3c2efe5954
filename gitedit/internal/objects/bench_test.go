package objects

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/fixtures"
)

// BenchmarkUpdateTree changes one file three folders deep in a tree of
// 100,000 files (100 folders of 10 folders of 100 files): only the three
// trees along the path are rewritten.
func BenchmarkUpdateTree(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "repo")
	fixtures.Git(b, filepath.Dir(dir), "init", "-q", dir)
	s := storage(dir)
	blob, err := WriteBlob(s, []byte("x\n"))
	if err != nil {
		b.Fatal(err)
	}
	changes := make([]TreeChange, 0, 100000)
	for i := range 100000 {
		p := fmt.Sprintf("d%02d/e%d/f%03d.go", i/1000, i/100%10, i%100)
		changes = append(changes, TreeChange{Path: p, Hash: blob, Mode: filemode.Regular})
	}
	base, err := UpdateTree(NewTrees(s), plumbing.ZeroHash, changes)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		h, err := WriteBlob(s, fmt.Appendf(nil, "v%d\n", i))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := UpdateTree(NewTrees(s), base, []TreeChange{{Path: "d42/e7/f042.go", Hash: h, Mode: filemode.Regular}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeflateTree encodes a 1,000-entry tree (about 37 KB) as a
// loose object, the largest object an edit of a wide folder writes
// (stored, not compressed: see storeObject).
func BenchmarkDeflateTree(b *testing.B) {
	entries := make([]entry, 1000)
	for i := range entries {
		entries[i] = entry{mode: "100644", name: fmt.Sprintf("file_%04d.go", i), hash: plumbing.ComputeHash(plumbing.BlobObject, fmt.Appendf(nil, "%d", i))}
	}
	data := encodeTree(entries)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := deflateObject(plumbing.TreeObject, data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInflateTree decompresses a 1,000-entry tree as a loose object
// is read.
func BenchmarkInflateTree(b *testing.B) {
	entries := make([]entry, 1000)
	for i := range entries {
		entries[i] = entry{mode: "100644", name: fmt.Sprintf("file_%04d.go", i), hash: plumbing.ComputeHash(plumbing.BlobObject, fmt.Appendf(nil, "%d", i))}
	}
	z, err := deflateObject(plumbing.TreeObject, encodeTree(entries))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := inflate(z); err != nil {
			b.Fatal(err)
		}
	}
}
