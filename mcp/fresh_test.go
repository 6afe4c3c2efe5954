package mcp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A long-running server sees what git changes in the repository between
// two of its calls: these tests change the repository with the git binary
// after a first call and check that the second call acts on the change.

// TestCallsSeeTheConfigGitWritesBetweenThem: git config core.hooksPath
// (a folder whose pre-commit hook refuses) set between two calls makes
// the second one refused, and unset again, the third one commits.
func TestCallsSeeTheConfigGitWritesBetweenThem(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	isolateGit(t, repo)
	hooks := filepath.Join(repo, ".git", "refusing-hooks")
	require.NoError(t, os.MkdirAll(hooks, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(hooks, "pre-commit"), []byte("#!/bin/sh\necho refused by the hook >&2\nexit 1\n"), 0o755))
	cs := connect(t, Config{Dir: repo, Options: commitMode()})
	mustApply(t, cs, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "one", "new_string": "1"})
	gitOut(t, repo, "config", "core.hooksPath", hooks)
	res := call(t, cs, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "1", "new_string": "2"})
	require.True(t, res.IsError, "the hook configured between the calls refused: %s", text(res))
	assert.Contains(t, text(res), "refused by the hook")
	assert.Equal(t, "1\n", readFile(t, repo, "a.txt"))
	gitOut(t, repo, "config", "--unset", "core.hooksPath")
	mustApply(t, cs, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "1", "new_string": "3"})
	assert.Equal(t, "3", gitOut(t, repo, "show", "HEAD:a.txt"))
}

// TestCallsSeeTheCommitsAndIndexGitWritesBetweenThem: git commits a change
// of another file between two calls; the second call's commit has git's
// as its parent and keeps git's change, and the index matches HEAD.
func TestCallsSeeTheCommitsAndIndexGitWritesBetweenThem(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "b.txt": "two\n"})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo, Options: commitMode()})
	mustApply(t, cs, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "one", "new_string": "1"})
	require.NoError(t, os.WriteFile(filepath.Join(repo, "b.txt"), []byte("2\n"), 0o644))
	gitOut(t, repo, "commit", "-qam", "by git")
	byGit := gitOut(t, repo, "rev-parse", "HEAD")
	mustApply(t, cs, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "1", "new_string": "uno"})
	assert.Equal(t, byGit, gitOut(t, repo, "rev-parse", "HEAD~1"))
	assert.Equal(t, "2", gitOut(t, repo, "show", "HEAD:b.txt"))
	requireClean(t, repo)
}

// TestACommitRemovedByHandIsMissedAsBefore: the server remembers the tree
// of the commit its last call wrote, but not its presence: once that
// commit's object is removed by hand (a broken repository), the next call
// is refused and changes nothing, as it is when the commit is read.
func TestACommitRemovedByHandIsMissedAsBefore(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo, Options: commitMode()})
	mustApply(t, cs, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "one", "new_string": "1"})
	head := gitOut(t, repo, "rev-parse", "HEAD")
	require.NoError(t, os.Remove(filepath.Join(repo, ".git", "objects", head[:2], head[2:])))
	res := call(t, cs, ToolEdit, map[string]any{"file_path": "a.txt", "old_string": "1", "new_string": "2"})
	require.True(t, res.IsError, "a commit on a missing parent: %s", text(res))
	assert.Equal(t, "io_error", errorCode(t, res))
	assert.Equal(t, "1\n", readFile(t, repo, "a.txt"))
}
