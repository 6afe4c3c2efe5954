//go:build unix

package objects

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestLooseObjectModeMatchesGit writes a loose blob under several umasks
// and compares its file's mode with the one git hash-object -w gives a
// blob in the same repository under the same umask (0444 less the umask).
// The tests of this package run one at a time, so the umask is theirs.
func TestLooseObjectModeMatchesGit(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := storage(dir)
	for _, mask := range []int{0o022, 0o077, 0o002, 0o444} {
		old := syscall.Umask(mask)
		h, err := WriteBlob(s, []byte("gitedit under umask "+string(rune('0'+mask%8))+"\n"))
		gitID := strings.TrimSpace(fixtures.GitInput(t, dir, "git under umask "+string(rune('0'+mask%8))+"\n", "hash-object", "-w", "--stdin"))
		syscall.Umask(old)
		require.NoError(t, err)
		ours, err := os.Stat(filepath.Join(dir, ".git", "objects", h.String()[:2], h.String()[2:]))
		require.NoError(t, err)
		theirs, err := os.Stat(filepath.Join(dir, ".git", "objects", gitID[:2], gitID[2:]))
		require.NoError(t, err)
		require.Equal(t, theirs.Mode(), ours.Mode(), "umask %03o", mask)
	}
}
