package gitedit

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/storer"

	"github.com/gitedit/gitedit/fixtures"
)

// countingStore counts the reads that reach go-git's object store.
type countingStore struct {
	storer.EncodedObjectStorer
	reads atomic.Int32
}

func (c *countingStore) EncodedObject(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	c.reads.Add(1)
	return c.EncodedObjectStorer.EncodedObject(t, h)
}

func (c *countingStore) HasEncodedObject(h plumbing.Hash) error {
	c.reads.Add(1)
	return c.EncodedObjectStorer.HasEncodedObject(h)
}

func (c *countingStore) EncodedObjectSize(h plumbing.Hash) (int64, error) {
	c.reads.Add(1)
	return c.EncodedObjectStorer.EncodedObjectSize(h)
}

// TestCommitBatchLeavesGoGitStoreAlone: in a packed repository (as after a
// clone), an edit with a commit reads HEAD's commit and trees through the
// batch's own object database, which maps pack indexes, and never through
// go-git's store, which decodes a whole pack index on its first read.
func TestCommitBatchLeavesGoGitStoreAlone(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "sub/b.txt": "b\n"})
	fixtures.Git(t, dir, "gc", "-q")
	r := openTest(t, dir, dir)
	store := &countingStore{EncodedObjectStorer: r.core.Objects()}
	r.core = r.core.WithObjects(store)
	for _, opt := range []Options{{Commit: true}, {Commit: true, Dirty: DirtyInclude}} {
		old, new := "one", "two"
		if opt.Dirty != "" {
			old, new = "two", "three"
		}
		if _, err := r.Edit(context.Background(), EditRequest{FilePath: "a.txt", OldString: old, NewString: new}, opt); err != nil {
			t.Fatal(err)
		}
	}
	if n := store.reads.Load(); n != 0 {
		t.Errorf("go-git's store read %d times", n)
	}
}
