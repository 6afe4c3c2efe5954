package integration

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A batch that conflicts on replay because of a change made outside the
// session (here: the user reset the first batch away by hand) is refused
// with a conflict that says so; it does not blame undone batches that
// are not there, nor tell to pass the --keep-undone already given.
// Nothing is written, and git's own view of the session stays readable.
func TestSessionSeriesConflictFromAnOutsideChangeSaysSo(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	sessionEdit(t, dir, "o", "f.txt", "l1", "o1", "--commit")
	git(t, dir, "reset", "-q", "--hard", "HEAD~1")
	sessionEdit(t, dir, "o", "f.txt", "l2", "o2")
	for _, flags := range [][]string{nil, {"--keep-undone"}} {
		before := take(t, dir)
		r := gitedit(t, dir, "", append([]string{"series", "--session", "o", "--stdout"}, flags...)...)
		require.Equal(t, 1, r.code, r.stderr)
		require.Contains(t, r.stderr, "gitedit: conflict: ")
		require.Contains(t, r.stderr, "outside the session", "%v", flags)
		require.NotContains(t, r.stderr, "undone before it", "%v", flags)
		require.NotContains(t, r.stderr, "use --keep-undone", "%v", flags)
		requireUnchanged(t, before, take(t, dir))
	}
}
