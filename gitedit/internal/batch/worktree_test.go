package batch

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
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

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

	plan := func(tx *Txn) (*commitmsg.Meta, error) {
		for rel, content := range files {
			if _, err := tx.ReadRel(rel); err != nil {
				return nil, err
			}
			tx.Write(rel, []byte(strings.Replace(content, "old", "new", 1)), 0)
		}
		return &commitmsg.Meta{Tool: string(spec.ToolBatch)}, nil
	}
	_, err = Run(context.Background(), openRepo(t, dir), spec.Options{Commit: true}, plan)
	require.ErrorContains(t, err, "injected rename failure")
	for rel, content := range files {
		got, err := os.ReadFile(filepath.Join(dir, rel))
		require.NoError(t, err)
		require.Equal(t, content, string(got), rel)
	}
	after, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	require.Equal(t, index, after)
	require.Equal(t, head, fixtures.Git(t, dir, "rev-parse", "HEAD"))
	require.Empty(t, strings.TrimSpace(fixtures.Git(t, dir, "status", "--porcelain", "--untracked-files=all")), "no temporary file is left")
	require.NoFileExists(t, filepath.Join(dir, ".git", "index.lock"))
}

// A batch that deletes the file d and writes d/e (an undo of a session
// that made the folder d/ into a file d) writes d/e's temporary file
// above d and makes the folder once d is gone (it failed "open d: not a
// directory"); when the rename of d/e fails, the file d is put back, no
// folder d nor temporary file is left, and the index and HEAD stay.
func TestBatchReplacesAFileByAFolder(t *testing.T) {
	for _, fail := range []bool{true, false} {
		dir := fixtures.NewRepo(t, map[string]string{"d": "file\n", "k": "k\n"})
		orig := renameFile
		renameFile = func(root *wtfs.Root, temp, target string) error {
			if fail && target == "d/e" {
				return errors.New("injected rename failure")
			}
			return orig(root, temp, target)
		}
		index, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
		require.NoError(t, err)
		head := fixtures.Git(t, dir, "rev-parse", "HEAD")
		plan := func(tx *Txn) (*commitmsg.Meta, error) {
			if _, err := tx.ReadRel("d"); err != nil {
				return nil, err
			}
			tx.Remove("d")
			if _, err := tx.ReadRel("d/e"); err != nil {
				return nil, err
			}
			tx.Write("d/e", []byte("x\n"), 0)
			return &commitmsg.Meta{Tool: string(spec.ToolBatch)}, nil
		}
		_, err = Run(context.Background(), openRepo(t, dir), spec.Options{Commit: true}, plan)
		renameFile = orig
		if !fail {
			require.NoError(t, err)
			got, err := os.ReadFile(filepath.Join(dir, "d", "e"))
			require.NoError(t, err)
			require.Equal(t, "x\n", string(got))
			require.Equal(t, "d/e\nk", strings.TrimSpace(fixtures.Git(t, dir, "ls-files")))
			require.Empty(t, strings.TrimSpace(fixtures.Git(t, dir, "status", "--porcelain", "--untracked-files=all", "--ignored")))
			continue
		}
		require.ErrorContains(t, err, "injected rename failure")
		got, err := os.ReadFile(filepath.Join(dir, "d"))
		require.NoError(t, err, "the file d is back")
		require.Equal(t, "file\n", string(got))
		after, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
		require.NoError(t, err)
		require.Equal(t, index, after)
		require.Equal(t, head, fixtures.Git(t, dir, "rev-parse", "HEAD"))
		require.Empty(t, strings.TrimSpace(fixtures.Git(t, dir, "status", "--porcelain", "--untracked-files=all", "--ignored")), "no temporary file is left")
	}
}
