package integration

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestUndoTakesWhatGitRevParseTakes: gitedit undo resolves its revision
// as git rev-parse does (REV^{commit}): main@{1}, an abbreviated id,
// :/TEXT and a peeled tag undo the commit git names; REV:PATH and a blob
// are invalid_input and change nothing. main@{1}, :/TEXT and REV:PATH
// were io_error ("invalid ref name").
func TestUndoTakesWhatGitRevParseTakes(t *testing.T) {
	for _, rev := range []string{"main@{1}", "SHORT", ":/first edit", "v1^{}", "HEAD~1", "@{1}"} {
		t.Run(rev, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "b.txt": "bee\n"})
			ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "two", "--commit", "-m", "first edit")
			git(t, dir, "tag", "-a", "-m", "t", "v1")
			ok(t, dir, "edit", "b.txt", "--old", "bee", "--new", "bea", "--commit", "-m", "second edit")
			if rev == "SHORT" {
				rev = git(t, dir, "rev-parse", "--short=7", "HEAD~1")
			}
			want := git(t, dir, "rev-parse", "--verify", git(t, dir, "rev-parse", "--verify", rev)+"^{commit}")
			require.Equal(t, git(t, dir, "rev-parse", "HEAD~1"), want, "the case names the first edit")
			ok(t, dir, "undo", rev)
			require.Equal(t, want, git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-Reverts,valueonly)"))
			require.Equal(t, "one", git(t, dir, "show", "HEAD:a.txt"))
			require.Equal(t, "bea", git(t, dir, "show", "HEAD:b.txt"))
		})
	}
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "two", "--commit")
	before := take(t, dir)
	for _, rev := range []string{"HEAD:a.txt", ":a.txt", git(t, dir, "rev-parse", "HEAD:a.txt"), "HEAD^{tree}", "nosuch"} {
		r := gitedit(t, dir, "", "undo", rev, "--json")
		require.Equal(t, "invalid_input", errorCode(r), "%s: %+v", rev, r)
	}
	requireUnchanged(t, before, take(t, dir))
}
