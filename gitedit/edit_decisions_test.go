package gitedit

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestEditClearsAnAssumeUnchangedMark checks the reference's decision for
// a file marked assume-unchanged: the edit stages the new content and
// clears the mark (git ls-files -v: "h" before, "H" after), where git add,
// trusting the mark, would stage nothing.
func TestEditClearsAnAssumeUnchangedMark(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "b.txt": "bee\n"})
	fixtures.Git(t, dir, "update-index", "--assume-unchanged", "a.txt", "b.txt")
	require.Equal(t, "h a.txt\nh b.txt\n", fixtures.Git(t, dir, "ls-files", "-v"))
	_, err := openTest(t, dir, dir).Edit(context.Background(), EditRequest{FilePath: "a.txt", OldString: "one", NewString: "two"}, Options{})
	require.NoError(t, err)
	assert.Equal(t, "H a.txt\nh b.txt\n", fixtures.Git(t, dir, "ls-files", "-v"), "the edited file's mark is cleared, the other kept")
	assert.Equal(t, "two\n", fixtures.Git(t, dir, "show", ":a.txt"))
	assert.Equal(t, "M  a.txt", strings.TrimSpace(fixtures.Git(t, dir, "status", "--porcelain")))
}

// TestEditThroughASymlinkedFolderEditsTheFileItLeadsTo checks the
// reference's decision for a path through a symbolic link to a folder
// inside the tree (which git add refuses as "beyond a symbolic link"):
// the file the link leads to is edited and staged, and the link stays a
// link in the index, with no entry under it.
func TestEditThroughASymlinkedFolderEditsTheFileItLeadsTo(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"real/a.txt": "hello\n"})
	require.NoError(t, os.Symlink("real", filepath.Join(dir, "link")))
	fixtures.Git(t, dir, "add", "link")
	_, err := openTest(t, dir, dir).Edit(context.Background(), EditRequest{FilePath: "link/a.txt", OldString: "hello", NewString: "bye"}, Options{})
	require.NoError(t, err)
	assert.Equal(t, "link\nreal/a.txt\n", fixtures.Git(t, dir, "ls-files"))
	assert.Equal(t, "bye\n", fixtures.Git(t, dir, "show", ":real/a.txt"))
	assert.Equal(t, "real", fixtures.Git(t, dir, "cat-file", "blob", ":link"))
}
