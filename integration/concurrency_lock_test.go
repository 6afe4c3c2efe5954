package integration

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestLockTimeoutZeroDoesNotWait holds index.lock (and, in commit mode,
// the branch's ref lock) and releases it three seconds after gitedit
// starts: with --lock-timeout 0 gitedit must have given up with locked
// before then, while the default 5 s wait would have let it through.
func TestLockTimeoutZeroDoesNotWait(t *testing.T) {
	for _, lockName := range []string{"index.lock", "refs/heads/main.lock", "HEAD.lock"} {
		t.Run(lockName, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
			lock := filepath.Join(dir, ".git", filepath.FromSlash(lockName))
			require.NoError(t, os.WriteFile(lock, nil, 0o644))
			before := take(t, dir)
			release := time.AfterFunc(3*time.Second, func() { _ = os.Remove(lock) })
			defer release.Stop()
			r := gitedit(t, dir, "", "edit", "greet.go", "--old", "hello", "--new", "hi", "--commit", "--lock-timeout", "0", "--json")
			require.True(t, release.Stop(), "gitedit waited for the lock: %+v", r)
			require.Equal(t, 1, r.code, "%+v", r)
			require.Equal(t, "locked", errorCode(r), "%+v", r)
			require.FileExists(t, lock, "another process's lock is never removed")
			requireUnchanged(t, before, take(t, dir))
		})
	}
}
