package gitedit

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestObjectWriteFailureChangesNothing blocks the objects/xx/ folder of
// one object a commit needs (the new blob, or the new root tree, written
// after the blob) with a plain file: the batch fails with io_error and
// the files, the index and HEAD are as they were, for a one-file edit
// (objects written before the files) and a three-file patch (objects
// written while the files are, then the files put back).
func TestObjectWriteFailureChangesNothing(t *testing.T) {
	before := map[string]string{"a.txt": "one\n", "b.txt": "one\n", "c.txt": "one\n"}
	three := "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+two\n--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-one\n+two\n--- a/c.txt\n+++ b/c.txt\n@@ -1 +1 @@\n-one\n+two\n"
	after := map[string]string{"a.txt": "two\n", "b.txt": "one\n", "c.txt": "one\n"}
	afterAll := map[string]string{"a.txt": "two\n", "b.txt": "two\n", "c.txt": "two\n"}
	edit := func(r *Repo) error {
		_, err := r.Edit(context.Background(), EditRequest{FilePath: "a.txt", OldString: "one", NewString: "two"}, Options{Commit: true})
		return err
	}
	patch := func(r *Repo) error {
		_, err := r.Patch(context.Background(), PatchRequest{Patch: three}, Options{Commit: true})
		return err
	}
	cases := []struct {
		name    string
		blocked string // the object whose folder is blocked: "blob" or "tree"
		after   map[string]string
		apply   func(*Repo) error
	}{
		{"edit, blob", "blob", after, edit},
		{"edit, tree", "tree", after, edit},
		{"patch, tree", "tree", afterAll, patch},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, before)
			id := objectIDOf(t, tc.blocked, tc.after)
			folder := filepath.Join(dir, ".git", "objects", id[:2])
			require.NoError(t, os.RemoveAll(folder))
			require.NoError(t, os.WriteFile(folder, nil, 0o644))
			head := fixtures.Git(t, dir, "rev-parse", "HEAD")
			index, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
			require.NoError(t, err)
			err = tc.apply(openTest(t, dir, dir))
			var e *Error
			require.True(t, errors.As(err, &e), "error %v", err)
			require.Equal(t, CodeIOError, e.Code, "error %v", err)
			require.Contains(t, err.Error(), id)
			require.Equal(t, head, fixtures.Git(t, dir, "rev-parse", "HEAD"))
			got, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
			require.NoError(t, err)
			require.Equal(t, index, got, "index changed")
			for name, content := range before {
				b, err := os.ReadFile(filepath.Join(dir, name))
				require.NoError(t, err)
				require.Equal(t, content, string(b), name)
			}
		})
	}
}

// objectIDOf returns the id git gives the blob "two\n" or the root tree of
// files, computed in a repository of its own.
func objectIDOf(t *testing.T, kind string, files map[string]string) string {
	twin := fixtures.NewRepo(t, files)
	rev := "HEAD^{tree}"
	if kind == "blob" {
		rev = "HEAD:a.txt"
	}
	return strings.TrimSpace(fixtures.Git(t, twin, "rev-parse", rev))
}
