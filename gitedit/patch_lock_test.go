package gitedit

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestAPatchIsParsedBeforeTheBatchTakesTheLock checks that Patch parses
// the patch before it takes index.lock: with the lock held by another
// process, a patch that does not parse is invalid_input at once (it was
// locked, after the wait), while one that parses still meets the lock; an
// invalid option still wins over an invalid patch; and the write gate is
// passed only by a patch that parses. git apply --index behaves alike.
func TestAPatchIsParsedBeforeTheBatchTakesTheLock(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	r := openTest(t, dir, dir)
	bad := "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n-one\n+two\n"
	good := "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+two\n"
	lock := filepath.Join(dir, ".git", "index.lock")
	require.NoError(t, os.WriteFile(lock, nil, 0o644))
	// git apply parses first too: the bad patch is a corrupt patch, the
	// good one meets the lock.
	_, gitErr := fixtures.RunGitInput(dir, bad, "apply", "--index", "-")
	assert.ErrorContains(t, gitErr, "corrupt patch")
	_, gitErr = fixtures.RunGitInput(dir, good, "apply", "--index", "-")
	assert.ErrorContains(t, gitErr, "index.lock")
	opt := Options{LockTimeout: NoLockWait}
	gated := 0
	ctx := WithWriteGate(context.Background(), func() { gated++ })
	_, err := r.Patch(ctx, PatchRequest{Patch: bad}, opt)
	assert.True(t, errors.Is(err, &Error{Code: CodeInvalidInput}), "unparsable patch, lock held: %v", err)
	assert.Zero(t, gated, "a patch that does not parse never reaches the gate")
	_, err = r.Patch(ctx, PatchRequest{Patch: good}, opt)
	assert.True(t, errors.Is(err, &Error{Code: CodeLocked}), "good patch, lock held: %v", err)
	assert.Equal(t, 1, gated)
	_, err = r.Patch(ctx, PatchRequest{Patch: bad}, Options{Commit: true, NoStage: true})
	assert.ErrorContains(t, err, "--no-stage and --commit exclude each other")
	require.NoError(t, os.Remove(lock))
	_, err = r.Patch(context.Background(), PatchRequest{Patch: good}, Options{})
	require.NoError(t, err)
	assert.Equal(t, "two\n", fixtures.Git(t, dir, "show", ":a.txt"))
}
