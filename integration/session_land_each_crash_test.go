//go:build unix

package integration

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A land --each killed (SIGKILL) at each phase leaves the repository as
// before, with the session still open and no new commit, or complete:
// all its commits on the branch and the land entry naming the last. Never
// a part of the commits.
func TestKilledLandEachIsBeforeOrComplete(t *testing.T) {
	skipShort(t)
	counts := map[string]int{}
	for _, phase := range sessionPhases {
		dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": tenLines})
		sessionEdit(t, dir, "k", "f.txt", "l1", "k1")
		sessionEdit(t, dir, "k", "g.txt", "l1", "k1")
		head, tip := git(t, dir, "rev-parse", "HEAD"), git(t, dir, "rev-parse", ledgerRef("k"))
		pausedKill{startPausedWithInput(t, dir, phase, "", "session", "land", "k", "--each")}.kill()
		removeStaleLocks(t, dir)
		ok(t, dir, "session", "list") // a reader settles a killed batch's intent
		now := git(t, dir, "rev-parse", "HEAD")
		switch {
		case now == head:
			require.Equal(t, tip, git(t, dir, "rev-parse", ledgerRef("k")), "%s: the branch did not move, the ledger must not", phase)
			requireSessionState(t, dir, "k", "open")
			counts[phase+": before"]++
		default:
			require.Equal(t, head, git(t, dir, "rev-parse", "HEAD~2"), "%s: both commits or none", phase)
			require.Equal(t, now, git(t, dir, "rev-parse", ledgerRef("k")+"^2"))
			requireSessionState(t, dir, "k", "landed")
			counts[phase+": complete"]++
		}
		out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress")
		require.NoError(t, err, out)
		require.False(t, strings.Contains(git(t, dir, "log", "--format=%s", "-3"), "Land session"), "no one-commit land")
	}
	t.Logf("%v", counts)
}
