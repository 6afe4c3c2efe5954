package integration

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestCommitRefusedWhileAnotherPathIsUnmerged: a git stash pop that
// conflicts on b.txt leaves unmerged entries and no merge in progress;
// git commit then refuses ("Committing is not possible because you have
// unmerged files"), and so does a gitedit commit of a.txt (conflict,
// nothing changed). Staging a.txt is still allowed, as git add allows it.
func TestCommitRefusedWhileAnotherPathIsUnmerged(t *testing.T) {
	dir := hookRepo(t)
	write(t, dir, "b.txt", "stashed\n")
	git(t, dir, "stash", "-q")
	write(t, dir, "b.txt", "committed\n")
	git(t, dir, "commit", "-qam", "b")
	_, err := fixtures.RunGit(dir, "stash", "pop", "-q")
	require.Error(t, err, "the stash pop conflicts")
	require.Contains(t, git(t, dir, "ls-files", "-u"), "b.txt")
	g := runIn(t, dir, fixtures.Env(fixtures.Home(dir)), "", "git", "commit", "-q", "-m", "x", "--allow-empty")
	require.NotEqual(t, 0, g.code)
	require.Contains(t, g.stderr, "Committing is not possible because you have unmerged files")

	before := take(t, dir)
	r := gitedit(t, dir, "", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "--json")
	require.Equal(t, "conflict", errorCode(r), "%+v", r)
	require.Contains(t, r.stdout, "unmerged files")
	requireUnchanged(t, before, take(t, dir))
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "uno")
	require.Equal(t, "uno\n", git(t, dir, "show", ":a.txt")+"\n")
}
