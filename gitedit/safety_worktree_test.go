package gitedit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// TestJournalledStaleTempsAreRemoved plays a writer killed between its
// temporary files and their renames: the journal it left names the folder,
// and the next batch removes the stale file and empties the journal.
func TestJournalledStaleTempsAreRemoved(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.go": "A\n", "sub/b.go": "b\n"})
	stale := filepath.Join(dir, "sub", ".gitedit-4242.tmp")
	require.NoError(t, os.WriteFile(stale, []byte("half"), 0o600))
	journal := filepath.Join(dir, ".git", "gitedit", "temp-folders")
	require.NoError(t, os.MkdirAll(filepath.Dir(journal), 0o755))
	require.NoError(t, os.WriteFile(journal, []byte("sub\x00../outside\x00"), 0o644))

	_, err := openRepo(t, dir).Edit(context.Background(), EditRequest{FilePath: "a.go", OldString: "A", NewString: "B"}, Options{})
	require.NoError(t, err)
	require.NoFileExists(t, stale)
	data, err := os.ReadFile(journal)
	require.NoError(t, err)
	require.Empty(t, data, "a finished batch leaves an empty journal")
	require.FileExists(t, filepath.Join(dir, "sub", "b.go"))
}

// TestFailedRenamePutsEveryFileBack makes one rename of a 30-file batch
// fail: the files already renamed (in parallel) are put back, no temporary
// file is left, and the index and HEAD do not move.
func TestFailedRenamePutsEveryFileBack(t *testing.T) {
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("d%d/f%02d.go", i%3, i)] = fmt.Sprintf("old %d\n", i)
	}
	dir := fixtures.NewRepo(t, files)
	orig := batch.RenameFile
	batch.RenameFile = func(root *wtfs.Root, temp, target string) error {
		if strings.HasSuffix(target, "f17.go") {
			return errors.New("injected rename failure")
		}
		return orig(root, temp, target)
	}
	t.Cleanup(func() { batch.RenameFile = orig })
	index, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	head := fixtures.Git(t, dir, "rev-parse", "HEAD")

	rc := Recipe{Name: "r", Edits: []RecipeEdit{{OldString: "old", NewString: "new"}}}
	_, err = openRepo(t, dir).Run(context.Background(), RunRequest{Recipes: []Recipe{rc}}, Options{Commit: true})
	require.ErrorContains(t, err, "injected rename failure")
	for rel, content := range files {
		require.Equal(t, content, readFile(t, dir, rel), rel)
	}
	after, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	require.Equal(t, index, after)
	require.Equal(t, head, fixtures.Git(t, dir, "rev-parse", "HEAD"))
	require.Empty(t, strings.TrimSpace(fixtures.Git(t, dir, "status", "--porcelain", "--untracked-files=all")), "no temporary file is left")
	require.NoFileExists(t, filepath.Join(dir, ".git", "index.lock"))
}

// TestJournalAndItsFolderAreCreatedByTheFirstBatch: a repository gitedit
// never wrote to has no .git/gitedit; the first batch creates the folder
// and the journal (opened first, the folder made only when missing) and
// leaves the journal empty.
func TestJournalAndItsFolderAreCreatedByTheFirstBatch(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"sub/a.go": "A\n"})
	require.NoDirExists(t, filepath.Join(dir, ".git", "gitedit"))
	_, err := openRepo(t, dir).Edit(context.Background(), EditRequest{FilePath: "sub/a.go", OldString: "A", NewString: "B"}, Options{})
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(dir, ".git", "gitedit", "temp-folders"))
	require.NoError(t, err)
	require.Empty(t, data)
	got, err := os.ReadFile(filepath.Join(dir, "sub", "a.go"))
	require.NoError(t, err)
	require.Equal(t, "B\n", string(got))
}
