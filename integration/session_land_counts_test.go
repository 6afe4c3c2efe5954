package integration

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A land's summary and subject count what it carries, and a land with
// --each the commits git log shows it made. A land of one new batch
// after an undo of a landed batch said "1 batch as 2 commits" (--each:
// the undo is a commit too) and "Land session S (1 batch)" for a commit
// that also takes back the landed batch; a commit-mode batch that makes
// no commit was counted as landed ("2 batches as 1 commit"); the cover
// letter of a one-batch series said "1 changes" and "1 batches".
func TestSessionLandCountsWhatItCommits(t *testing.T) {
	files := map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"}
	newCommits := func(t *testing.T, dir string, args ...string) (string, int) {
		before := commitCount(t, dir)
		m, r := jsonResult(t, dir, "", args...)
		require.Equal(t, 0, r.code, r.stdout+r.stderr)
		return m["summary"].(string), commitCount(t, dir) - before
	}

	undoneLanded := func(t *testing.T) string { // a landed batch undone, then a new batch
		dir := fixtures.NewRepo(t, files)
		sessionEdit(t, dir, "s", "a.txt", "a", "A")
		ok(t, dir, "session", "land", "s")
		ok(t, dir, "undo", "--session", "s")
		sessionEdit(t, dir, "s", "b.txt", "b", "B")
		return dir
	}
	dir := undoneLanded(t)
	summary, n := newCommits(t, dir, "session", "land", "s", "--each")
	require.Equal(t, 2, n)
	require.Contains(t, summary, "Landed session s: 1 batch and 1 undo as 2 commits, 2 files")
	dir = undoneLanded(t)
	summary, n = newCommits(t, dir, "session", "land", "s")
	require.Equal(t, 1, n)
	require.Contains(t, summary, "Landed session s: 1 batch and undo of 1 batch, 2 files")
	require.Equal(t, "Land session s (1 batch and undo of 1 batch)", git(t, dir, "log", "-1", "--format=%s"))

	dir = fixtures.NewRepo(t, files) // no batch: only the undo of a landed one
	sessionEdit(t, dir, "s", "a.txt", "a", "A")
	ok(t, dir, "session", "land", "s")
	ok(t, dir, "undo", "--session", "s")
	summary, n = newCommits(t, dir, "session", "land", "s", "--each")
	require.Equal(t, 1, n)
	require.Contains(t, summary, "Landed session s: 1 undo as 1 commit, 1 file")

	dir = fixtures.NewRepo(t, files) // a commit-mode batch HEAD already holds makes no commit
	sessionEdit(t, dir, "s", "a.txt", "a", "A", "--commit")
	sessionEdit(t, dir, "s", "b.txt", "b", "B")
	summary, n = newCommits(t, dir, "session", "land", "s", "--each")
	require.Equal(t, 1, n)
	require.Contains(t, summary, "Landed session s: 1 batch as 1 commit (1 more already on the branch), 1 file")

	for _, count := range []int{1, 2, 3} { // N batches, N commits
		dir = fixtures.NewRepo(t, files)
		for _, f := range []string{"a", "b", "c"}[:count] {
			sessionEdit(t, dir, "s", f+".txt", f, strings.ToUpper(f))
		}
		cover := ok(t, dir, "series", "--session", "s", "--stdout", "--cover-letter").stdout
		batches := map[int]string{1: "1 batch", 2: "2 batches", 3: "3 batches"}[count]
		changes := map[int]string{1: "1 change", 2: "2 changes", 3: "3 changes"}[count]
		require.Contains(t, cover, "] gitedit session s: "+changes+"\n")
		require.Contains(t, cover, "\n"+batches+" of session s, undone ones left out.\n")
		summary, n = newCommits(t, dir, "session", "land", "s", "--each")
		require.Equal(t, count, n)
		commits := map[int]string{1: "1 commit", 2: "2 commits", 3: "3 commits"}[count]
		require.Contains(t, summary, "Landed session s: "+batches+" as "+commits+", "+strconv.Itoa(count))
	}
}
