package integration

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestLinkedWorktreeOfABareRepositoryIsNoBareRepository works in a
// linked worktree of a bare clone (git clone --bare, then git worktree
// add: a common layout). The common config says core.bare = true, which
// git applies to the main worktree only (git rev-parse
// --is-bare-repository says false there), so gitedit refused everything
// in it as a bare repository. It now edits, records, undoes and commits
// there as in any linked worktree, and the bare repository reads the
// session it recorded. With extensions.worktreeConfig on, git applies
// the common core.bare to linked worktrees too, and so does gitedit.
func TestLinkedWorktreeOfABareRepositoryIsNoBareRepository(t *testing.T) {
	src := fixtures.NewRepo(t, map[string]string{"a.txt": tenLines, "b.txt": tenLines})
	top := filepath.Dir(src)
	bare, wt := filepath.Join(top, "bare.git"), filepath.Join(top, "wt")
	git(t, top, "clone", "-q", "--bare", src, bare)
	git(t, bare, "worktree", "add", "-q", wt, "main")
	require.Equal(t, "false", git(t, wt, "rev-parse", "--is-bare-repository"))
	sessionEdit(t, wt, "s", "a.txt", "l1", "A1")
	require.Equal(t, "M  a.txt", git(t, wt, "status", "--porcelain"))
	sessionEdit(t, wt, "s", "b.txt", "l2", "B2", "--commit")
	require.Contains(t, git(t, wt, "log", "-1", "--format=%B", "main"), "Edit-Session: s")
	require.Equal(t, ok(t, wt, "session", "show", "s", "-p").stdout, ok(t, bare, "session", "show", "s", "-p").stdout)
	ok(t, wt, "undo", "--session", "s", "--last", "1")
	require.Equal(t, tenLines, read(t, wt, "b.txt"))
	require.Equal(t, "M  a.txt\nM  b.txt", git(t, wt, "status", "--porcelain"))
	git(t, wt, "fsck", "--strict")

	git(t, bare, "config", "extensions.worktreeConfig", "true")
	require.False(t, gitOK(wt, "rev-parse", "--show-toplevel"), "git takes the linked worktree as bare")
	before := treeDigest(t, top)
	m, r := jsonResult(t, wt, "", "edit", "a.txt", "--old", "l3", "--new", "A3")
	require.Equal(t, 1, r.code, r.stdout)
	require.Equal(t, "unsupported", m["error"].(map[string]any)["code"])
	require.Equal(t, before, treeDigest(t, top), "nothing changed, in the worktree or the repository")
}
