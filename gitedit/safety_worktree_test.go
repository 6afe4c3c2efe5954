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
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

func TestIsTempNameMatchesOnlyCreateTempNames(t *testing.T) {
	cases := map[string]bool{
		".gitedit-123.tmp": true, ".gitedit-0.tmp": true,
		".gitedit-.tmp": false, ".gitedit-12a.tmp": false, "gitedit-1.tmp": false,
		".gitedit-1.tmp.bak": false, ".gitedit-1.tm": false, "x.gitedit-1.tmp": false,
	}
	for name, want := range cases {
		require.Equal(t, want, isTempName(name), name)
	}
}

func TestRemoveStaleTempsKeepsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	f, err := os.CreateTemp(dir, tempPrefix+"*"+tempSuffix)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	keep := []string{".gitedit-notes.tmp", "a.txt", ".gitedit-1.tmp.orig"}
	for _, k := range keep {
		require.NoError(t, os.WriteFile(filepath.Join(dir, k), nil, 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".gitedit-9.tmp"), 0o755))

	root, err := wtfs.Open(dir)
	require.NoError(t, err)
	defer root.Close()
	removeStaleTempsIn(root, "")

	require.NoFileExists(t, f.Name())
	for _, k := range append(keep, ".gitedit-9.tmp") {
		_, err := os.Lstat(filepath.Join(dir, k))
		require.NoError(t, err, "kept")
	}
}

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

func TestIsJournalDirStaysInTheWorkTree(t *testing.T) {
	for dir, want := range map[string]bool{"": true, "a/b": true, "/etc": false, "../x": false, "a/../../x": false, "a/..": false} {
		require.Equal(t, want, isJournalDir(dir), dir)
	}
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
	orig := renameFile
	renameFile = func(root *wtfs.Root, temp, target string) error {
		if strings.HasSuffix(target, "f17.go") {
			return errors.New("injected rename failure")
		}
		return orig(root, temp, target)
	}
	t.Cleanup(func() { renameFile = orig })
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
