package integration

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// bigFile returns a text file of about size bytes with numbered lines.
func bigFile(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "line %d of a large file, padded to look like source code\n", i)
	}
	return b.String()
}

// crashLocks are the lock files a killed writer can leave behind.
var crashLocks = []string{"index.lock", "HEAD.lock", "refs/heads/main.lock"}

// crashRound is one killed edit: the content before and the content the
// edit would write.
type crashRound struct {
	old, new string
	blobs    map[string]bool // blob ids of old and new
	head     string          // HEAD before the round
}

// newCrashRound plans round r over the current content of big.txt.
func newCrashRound(t *testing.T, dir string, r int) (crashRound, []string) {
	old := read(t, dir, "big.txt")
	from, to := fmt.Sprintf("line %d of", r*101), fmt.Sprintf("LINE %d of", r*101)
	c := crashRound{old: old, new: strings.Replace(old, from, to, 1), blobs: map[string]bool{}, head: git(t, dir, "rev-parse", "HEAD")}
	c.blobs[git(t, dir, "hash-object", "big.txt")] = true
	c.blobs[blobID(c.new)] = true
	return c, []string{"edit", "big.txt", "--old", from, "--new", to, "--commit", "--lock-timeout", "1s"}
}

// check verifies what a killed writer left: the file whole (old or new),
// HEAD, index and refs readable and each holding old or new, fsck clean.
// It removes the locks left behind (the documented recovery) and returns
// their names and the temporary files found.
func (c crashRound) check(t *testing.T, dir string) (locks, temps []string) {
	t.Helper()
	got := read(t, dir, "big.txt")
	require.True(t, got == c.old || got == c.new, "torn file: %d bytes, neither old (%d) nor new (%d)", len(got), len(c.old), len(c.new))
	for _, l := range crashLocks {
		p := filepath.Join(dir, ".git", filepath.FromSlash(l))
		if _, err := os.Stat(p); err == nil {
			locks = append(locks, l)
			require.NoError(t, os.Remove(p))
		}
	}
	require.True(t, c.blobs[git(t, dir, "rev-parse", "HEAD:big.txt")], "HEAD holds neither old nor new")
	require.True(t, c.blobs[git(t, dir, "rev-parse", ":big.txt")], "the index holds neither old nor new")
	if head := git(t, dir, "rev-parse", "HEAD"); head != c.head {
		require.Equal(t, c.head, git(t, dir, "rev-parse", "HEAD~"), "the branch moved by one commit")
		require.True(t, got == c.new, "the branch moved before the file was written")
	}
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
	require.NoError(t, err, "git fsck: %s", out)
	git(t, dir, "status", "--porcelain")
	return locks, tempFiles(t, dir)
}

func TestSafetyCrashNeverTearsFileOrRepository(t *testing.T) {
	skipShort(t)
	dir := fixtures.NewRepo(t, map[string]string{"big.txt": bigFile(scale(2, 16) << 20)})
	began := time.Now()
	ok(t, dir, "edit", "big.txt", "--old", "line 0 of", "--new", "LINE 0 of", "--commit")
	span := time.Since(began) * 3 / 2
	rounds := scale(12, 200)
	rng := rand.New(rand.NewPCG(1, uint64(time.Now().UnixNano())))
	var leftLocks, leftTemps, completed int
	for r := 1; r <= rounds; r++ {
		c, args := newCrashRound(t, dir, r)
		p := start(t, dir, "", args...)
		time.Sleep(time.Duration(rng.Int64N(int64(span))))
		_ = p.cmd.Process.Kill()
		if p.wait().code == 0 {
			completed++
		}
		locks, temps := c.check(t, dir)
		leftLocks += len(locks)
		leftTemps += len(temps)
		git(t, dir, "reset", "-q", "--hard", "HEAD")
	}
	t.Logf("%d rounds (kill within %v): %d completed, %d locks left behind, %d temp files seen", rounds, span, completed, leftLocks, leftTemps)
	ok(t, dir, "edit", "big.txt", "--old", "line 1 of", "--new", "LINE 1 of", "--commit")
	require.Empty(t, tempFiles(t, dir), "the next write in the folder removes a killed writer's temporary files")
	requireClean(t, dir)
}
