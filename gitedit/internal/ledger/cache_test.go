package ledger

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// cachedStore opens the ledgers of dir with cache c, as each batch of a
// long-lived process does.
func cachedStore(dir string, c *Cache) *Store { return testStore(dir).WithCache(c) }

// looseObjects lists the loose object files of dir's repository.
func looseObjects(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	paths, err := filepath.Glob(filepath.Join(dir, ".git", "objects", "??", "*"))
	require.NoError(t, err)
	for _, p := range paths {
		out[p] = true
	}
	return out
}

// The entries a cached store writes are the entries an uncached one
// writes, batch after batch, outside entries included.
func TestCachedRecordingWritesTheSameEntries(t *testing.T) {
	files := map[string]string{"a.txt": "a\n", "d/b.txt": "b\n", "d/e/c.txt": "c\n"}
	plain, cached := fixtures.NewRepo(t, files), fixtures.NewRepo(t, files)
	c := NewCache()
	steps := []func(dir string) []Change{
		func(dir string) []Change {
			return []Change{{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}}
		},
		func(dir string) []Change {
			return []Change{{Path: "d/e/c.txt", Before: current(t, dir, "d/e/c.txt"), After: blob(t, dir, "C\n")}, {Path: "d/new.txt", After: blob(t, dir, "n\n")}}
		},
		func(dir string) []Change { // a.txt changed outside the session
			return []Change{{Path: "a.txt", Before: blob(t, dir, "X\n"), After: blob(t, dir, "XY\n")}}
		},
		func(dir string) []Change {
			return []Change{{Path: "d/b.txt", Before: current(t, dir, "d/b.txt")}, {Path: "d/new.txt", Before: blob(t, dir, "n\n")}}
		},
	}
	for i, step := range steps {
		msg := batchMessage("s", "step")
		a := record(t, testStore(plain), plain, "s", msg, step(plain)...)
		b := record(t, cachedStore(cached, c), cached, "s", msg, step(cached)...)
		require.Equal(t, a.Entry, b.Entry, "step %d", i)
		require.Equal(t, a.Outside, b.Outside, "step %d", i)
	}
	out, err := fixtures.RunGit(cached, "fsck", "--strict", "--no-dangling")
	require.NoError(t, err, out)
}

// With the cache, the next batch of a session reads neither the ledger's
// newest entry nor the folders the previous batch wrote back from disk:
// with those loose files gone it still records, where a store without
// the cache cannot.
func TestCachedRecordingReadsNothingItWrote(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"d/a.txt": "a\n", "d/b.txt": "b\n"})
	c := NewCache()
	before := looseObjects(t, dir)
	first := Change{Path: "d/a.txt", Before: current(t, dir, "d/a.txt"), After: blob(t, dir, "A\n")}
	record(t, cachedStore(dir, c), dir, "s", batchMessage("s", "one"), first)
	next := Change{Path: "d/a.txt", Before: first.After, After: blob(t, dir, "AA\n")}
	hidden := map[string][]byte{}
	for p := range looseObjects(t, dir) {
		if before[p] || filepath.Base(p) == next.After.Hash.String()[2:] {
			continue
		}
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		hidden[p] = data
		require.NoError(t, os.Remove(p))
	}
	require.NotEmpty(t, hidden)
	_, err := testStore(dir).Prepare(Record{Session: "s", Changes: []Change{next}, Message: batchMessage("s", "two"), Author: ident, Committer: ident})
	require.Error(t, err, "without the cache the ledger's entry is read back")
	b := record(t, cachedStore(dir, c), dir, "s", batchMessage("s", "two"), next)
	require.False(t, b.Outside)
	for p, data := range hidden {
		require.NoError(t, os.WriteFile(p, data, 0o444))
	}
	require.Equal(t, "M\td/a.txt", git(t, dir, "diff", "--name-status", b.Entry.String()+"^", b.Entry.String()))
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-dangling")
	require.NoError(t, err, out)
}

// A ledger another process moved is read as the ref names it: the cache
// answers only for the entries it remembers.
func TestCachedRecordingFollowsALedgerMovedElsewhere(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	c := NewCache()
	one := Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}
	record(t, cachedStore(dir, c), dir, "s", batchMessage("s", "one"), one)
	two := Change{Path: "b.txt", Before: current(t, dir, "b.txt"), After: blob(t, dir, "B\n")}
	other := record(t, testStore(dir), dir, "s", batchMessage("s", "elsewhere"), two) // another process
	three := Change{Path: "b.txt", Before: two.After, After: blob(t, dir, "BB\n")}
	a := record(t, cachedStore(dir, c), dir, "s", batchMessage("s", "three"), three)
	require.False(t, a.Outside, "the other process's entry is in the tree the batch builds on")
	require.Equal(t, other.Entry.String(), git(t, dir, "rev-parse", a.Entry.String()+"^"))
	require.Equal(t, plumbing.NewHash(git(t, dir, "rev-parse", "HEAD:a.txt")).String(), current(t, dir, "a.txt").Hash.String())
	require.Equal(t, one.After.Hash.String(), git(t, dir, "rev-parse", a.Entry.String()+":a.txt"))
}

// Writers sharing one cache, on one session and on their own, lose no
// entry and leave every entry's tree with all the files before it.
func TestCachedConcurrentAppendsLoseNoEntry(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	c := NewCache()
	const writers, each = 6, 4
	before := current(t, dir, "a.txt")
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				id := []string{"shared", fmt.Sprintf("own%d", w)}[i%2]
				rec := Record{Session: id, Changes: []Change{{Path: fmt.Sprintf("d/f%d-%d", w, i), After: before}}, Message: batchMessage(id, "b"), Author: ident, Committer: ident}
				if _, err := cachedStore(dir, c).Append(context.Background(), rec, 10*time.Second); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	sess, err := testStore(dir).Read(context.Background(), "shared")
	require.NoError(t, err)
	require.Len(t, sess.Batches(), writers*each/2)
	files := strings.Fields(git(t, dir, "ls-tree", "-r", "--name-only", Ref("shared")))
	require.Len(t, files, writers*each/2, "every shared batch's file (no base: the start entry is empty)")
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-dangling")
	require.NoError(t, err, out)
}
