package integration

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A staging-mode session that adds or changes a file and later deletes it
// (found replaying spf13/cobra's history as sessions: a workflow added,
// then removed, 94a87a7b83bd) deletes it, as git rm -f would: the staged
// content it deletes is the session's own, already on record in its
// ledger's newest entry, so it is not lost, and undo --session brings it
// back. Content someone else staged since, which the ledger does not hold
// yet, is refused as git rm refuses it, and so is a file with local
// modifications.
func TestSessionDeletesItsOwnStagedFiles(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": "a\nb\n", "g.txt": "x\n"})
	baseTree := git(t, dir, "rev-parse", "HEAD^{tree}")
	ok(t, dir, "patch", "--session", "s", savePatch(t, "*** Begin Patch\n*** Add File: new.txt\n+new\n*** End Patch\n"))
	ok(t, dir, "patch", "--session", "s", savePatch(t, "*** Begin Patch\n*** Update File: f.txt\n@@\n a\n-b\n+B\n*** End Patch\n"))
	appendTo(t, dir, "g.txt", "theirs\n") // someone else's staged change
	git(t, dir, "add", "g.txt")

	before := take(t, dir)
	all := "*** Begin Patch\n*** Delete File: new.txt\n*** Delete File: f.txt\n*** Delete File: g.txt\n*** End Patch\n"
	r := gitedit(t, dir, "", "patch", "--session", "s", savePatch(t, all))
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "dirty")
	require.Contains(t, r.stderr, "g.txt")
	requireUnchanged(t, before, take(t, dir))

	oracle := copyRepo(t, dir)
	git(t, oracle, "rm", "-q", "-f", "new.txt", "f.txt")
	own := "*** Begin Patch\n*** Delete File: new.txt\n*** Delete File: f.txt\n*** End Patch\n"
	ok(t, dir, "patch", "--session", "s", savePatch(t, own))
	require.Equal(t, git(t, oracle, "write-tree"), git(t, dir, "write-tree"))
	require.Equal(t, git(t, oracle, "status", "--porcelain"), git(t, dir, "status", "--porcelain"))
	requireHealthy(t, dir)

	ok(t, dir, "undo", "--session", "s", "--last", "1")
	require.Equal(t, "new\n", read(t, dir, "new.txt"))
	require.Equal(t, "a\nB\n", read(t, dir, "f.txt"))
	require.Equal(t, "x\ntheirs\n", git(t, dir, "show", ":g.txt")+"\n")
	ok(t, dir, "undo", "--session", "s")
	require.NotEqual(t, baseTree, git(t, dir, "write-tree")) // g.txt's change was not the session's
	require.Equal(t, "x\ntheirs\n", read(t, dir, "g.txt"))
	require.Equal(t, "a\nb\n", read(t, dir, "f.txt"))
	requireHealthy(t, dir)

	appendTo(t, dir, "f.txt", "mine\n") // local modifications: still refused
	r = gitedit(t, dir, "", "patch", "--session", "s", savePatch(t, "*** Begin Patch\n*** Delete File: f.txt\n*** End Patch\n"))
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "dirty")
}

// A session's first batch has no ledger yet: content staged before it
// started is the user's, and deleting it is refused as git rm refuses it.
func TestSessionFirstBatchKeepsTheUsersStagedContent(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": "a\n"})
	appendTo(t, dir, "f.txt", "staged\n")
	git(t, dir, "add", "f.txt")
	before := take(t, dir)
	r := gitedit(t, dir, "", "patch", "--session", "fresh", savePatch(t, "*** Begin Patch\n*** Delete File: f.txt\n*** End Patch\n"))
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "has changes staged in the index")
	requireUnchanged(t, before, take(t, dir))
}
