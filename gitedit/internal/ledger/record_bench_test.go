package ledger

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
)

// benchRepo makes a repository of files files, a thousand a folder (as
// bench/sizes names them: d000/f00000.go), committed, and returns it
// with each file's blob.
func benchRepo(b *testing.B, files int) (string, []plumbing.Hash) {
	b.Helper()
	dir := filepath.Join(b.TempDir(), "repo")
	fixtures.Git(b, filepath.Dir(dir), "init", "-q", dir)
	db := objects.NewDB(filepath.Join(dir, ".git", "objects"))
	blobs := make([]plumbing.Hash, files)
	changes := make([]objects.TreeChange, files)
	for i := range files {
		h, err := objects.WriteBlob(db, fmt.Appendf(nil, "package p0\n\nconst value = %d\n", i))
		if err != nil {
			b.Fatal(err)
		}
		blobs[i] = h
		changes[i] = objects.TreeChange{Path: benchPath(i), Hash: h, Mode: filemode.Regular}
	}
	tree, err := objects.UpdateTree(objects.NewTrees(db), plumbing.ZeroHash, changes)
	if err != nil {
		b.Fatal(err)
	}
	c, err := objects.WriteCommit(db, objects.Commit{Tree: tree, Author: ident, Committer: ident, Message: "files\n"})
	if err != nil {
		b.Fatal(err)
	}
	fixtures.Git(b, dir, "update-ref", "HEAD", c.String())
	return dir, blobs
}

// benchPath is the path of file i of benchRepo.
func benchPath(i int) string { return fmt.Sprintf("d%03d/f%05d.go", i/1000, i) }

// benchRecord records one-file batches of one session in a repository
// of files files, each batch on the next file, as `gitedit edit
// --session` does: with cache nil each batch opens its store afresh (a
// gitedit process per batch), else they share it (the MCP server).
// Writing the batch's blob is part of each iteration; cpu-ns/op is the
// processor time (user and system) the process spent, for a loaded machine.
func benchRecord(b *testing.B, files int, cache *Cache) {
	dir, blobs := benchRepo(b, files)
	head := plumbing.NewHash(git(b, dir, "rev-parse", "HEAD"))
	db := objects.NewDB(filepath.Join(dir, ".git", "objects"))
	record := func(i int) {
		f := i * 7 % files
		after, err := objects.WriteBlob(db, fmt.Appendf(nil, "package p0\n\nconst value = %d // %d\n", f, i))
		if err != nil {
			b.Fatal(err)
		}
		ch := Change{Path: benchPath(f), Before: Side{Hash: blobs[f], Mode: filemode.Regular}, After: Side{Hash: after, Mode: filemode.Regular}}
		rec := Record{Session: "bench", Base: head, Changes: []Change{ch}, Message: batchMessage("bench", fmt.Sprintf("edit %d", i)), Author: ident, Committer: ident}
		if _, err := testStore(dir).WithCache(cache).Append(context.Background(), rec, time.Second); err != nil {
			b.Fatal(err)
		}
		blobs[f] = after
	}
	record(0) // the start entry
	cpu, n := cpuTime(), 0
	for i := 1; b.Loop(); i++ {
		record(i)
		n++
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(n), "cpu-ns/op")
}

func BenchmarkRecord50(b *testing.B)       { benchRecord(b, 50, nil) }
func BenchmarkRecord5k(b *testing.B)       { benchRecord(b, 5000, nil) }
func BenchmarkRecord5kCached(b *testing.B) { benchRecord(b, 5000, NewCache()) }
func BenchmarkRecord100k(b *testing.B)     { benchRecord(b, 100000, nil) }
