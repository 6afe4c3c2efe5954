package integration

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestSymlinkDeleteAndMoveAgreeWithGit deletes and moves tracked symbolic
// links with git rm and git mv, takes git's tree and diff, and applies the
// same change to a fresh copy twice: as the git diff and as an envelope.
// Both must give git's tree, act on the link (its target, inside or
// outside the repository, is never touched) and leave git status clean;
// gitedit undo must then bring the link back as a link.
func TestSymlinkDeleteAndMoveAgreeWithGit(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "outside.txt")
	require.NoError(t, os.WriteFile(outside, []byte("outside\n"), 0o644))
	tests := []struct {
		name, link, target string
		gitOp              []string
		envelope           string
	}{
		{"delete link to a file", "link.txt", "target.txt", []string{"rm", "-q", "link.txt"}, "*** Delete File: link.txt\n"},
		{"delete dangling link", "link.txt", "missing/nothing.txt", []string{"rm", "-q", "link.txt"}, "*** Delete File: link.txt\n"},
		{"delete link leading outside", "link.txt", outside, []string{"rm", "-q", "link.txt"}, "*** Delete File: link.txt\n"},
		{"delete link to a folder", "dirlink", "sub", []string{"rm", "-q", "dirlink"}, "*** Delete File: dirlink\n"},
		{"move link", "link.txt", "target.txt", []string{"mv", "link.txt", "moved.txt"}, "*** Update File: link.txt\n*** Move to: moved.txt\n"},
		{"move link into a folder", "link.txt", "target.txt", []string{"mv", "link.txt", "sub/moved.txt"}, "*** Update File: link.txt\n*** Move to: sub/moved.txt\n"},
		{"move link leading outside", "link.txt", outside, []string{"mv", "link.txt", "moved.txt"}, "*** Update File: link.txt\n*** Move to: moved.txt\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			patch, wantTree, wantFiles := gitLinkChange(t, tt.link, tt.target, tt.gitOp)
			for _, via := range []struct{ name, patch string }{
				{"git diff", patch},
				{"envelope", "*** Begin Patch\n" + tt.envelope + "*** End Patch\n"},
			} {
				dir := linkRepo(t, tt.link, tt.target)
				startTree, startFiles := git(t, dir, "rev-parse", "HEAD^{tree}"), treeOf(t, dir)
				r := gitedit(t, dir, via.patch, "patch", "-", "--commit")
				require.Equal(t, 0, r.code, "%s: %s%s", via.name, r.stdout, r.stderr)
				require.Equal(t, wantTree, git(t, dir, "rev-parse", "HEAD^{tree}"), via.name)
				require.Equal(t, wantFiles, treeOf(t, dir), via.name)
				require.Empty(t, git(t, dir, "status", "--porcelain"), via.name)
				requireHealthy(t, dir)
				ok(t, dir, "undo") // the link comes back as a link
				require.Equal(t, startTree, git(t, dir, "rev-parse", "HEAD^{tree}"), via.name+" undone")
				require.Equal(t, startFiles, treeOf(t, dir), via.name+" undone")
				require.Empty(t, git(t, dir, "status", "--porcelain"), via.name+" undone")
			}
			data, err := os.ReadFile(outside)
			require.NoError(t, err)
			require.Equal(t, "outside\n", string(data))
		})
	}
}

// linkRepo is a repository with target.txt, sub/inner.txt and the link
// committed.
func linkRepo(t *testing.T, link, target string) string {
	dir := fixtures.NewRepo(t, map[string]string{"target.txt": "target\n", "sub/inner.txt": "inner\n"})
	require.NoError(t, os.Symlink(target, filepath.Join(dir, link)))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "link")
	return dir
}

// gitLinkChange makes the change with git in a repository of its own and
// returns git's diff of it, the tree git commits and the working tree.
func gitLinkChange(t *testing.T, link, target string, op []string) (string, string, map[string]string) {
	dir := linkRepo(t, link, target)
	git(t, dir, op...)
	patch := fixtures.Git(t, dir, "diff", "--cached", "-M", "--binary")
	git(t, dir, "commit", "-q", "-m", "change")
	return patch, git(t, dir, "rev-parse", "HEAD^{tree}"), treeOf(t, dir)
}

// TestSymlinkPatchTypeMismatchRefused: a git diff that deletes a symbolic
// link where the working tree has a file (or the reverse) is refused and
// changes nothing; a git diff that changes a link's target applies.
func TestSymlinkPatchTypeMismatchRefused(t *testing.T) {
	patch, _, _ := gitLinkChange(t, "link.txt", "target.txt", []string{"rm", "-q", "link.txt"})
	dir := fixtures.NewRepo(t, map[string]string{"target.txt": "target\n", "link.txt": "target.txt"})
	before := take(t, dir)
	r := gitedit(t, dir, patch, "patch", "-", "--json")
	require.Equal(t, "not_found", errorCode(r), r.stdout)
	requireUnchanged(t, before, take(t, dir))

	dir = linkRepo(t, "link.txt", "target.txt")
	require.NoError(t, os.Remove(filepath.Join(dir, "link.txt")))
	require.NoError(t, os.Symlink("sub/inner.txt", filepath.Join(dir, "link.txt")))
	git(t, dir, "add", "-A")
	retarget := fixtures.Git(t, dir, "diff", "--cached")
	want := git(t, dir, "write-tree")
	git(t, dir, "reset", "-q", "--hard")
	r = gitedit(t, dir, retarget, "patch", "-", "--commit")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, want, git(t, dir, "rev-parse", "HEAD^{tree}"))
	target, err := os.Readlink(filepath.Join(dir, "link.txt"))
	require.NoError(t, err)
	require.Equal(t, "sub/inner.txt", target)
	require.Empty(t, git(t, dir, "status", "--porcelain"))
}

// TestPatchBeyondTrackedSymlinkRefusedAsGitApply: a patch path whose folder
// is a tracked symbolic link (to a folder inside, or to the top itself) is
// refused, as git apply refuses "affected file ... beyond a symbolic link",
// through a git diff and the envelope alike, and nothing changes.
func TestPatchBeyondTrackedSymlinkRefusedAsGitApply(t *testing.T) {
	for _, link := range []struct{ name, target string }{{"ld", "sub"}, {"self", "."}} {
		path := link.name + "/new.txt"
		gitDiff := "diff --git a/" + path + " b/" + path + "\nnew file mode 100644\nindex 0000000..3e75765\n--- /dev/null\n+++ b/" + path + "\n@@ -0,0 +1 @@\n+new\n"
		envelope := "*** Begin Patch\n*** Add File: " + path + "\n+new\n*** End Patch\n"
		dir := linkRepo(t, link.name, link.target)
		patchFile := filepath.Join(t.TempDir(), "p.diff")
		require.NoError(t, os.WriteFile(patchFile, []byte(gitDiff), 0o644))
		out, err := fixtures.RunGit(dir, "apply", "--index", "--check", patchFile)
		require.Error(t, err, "git apply is the oracle: it must refuse %s", path)
		require.Contains(t, out+err.Error(), "beyond a symbolic link")
		for _, patch := range []string{gitDiff, envelope} {
			before := take(t, dir)
			r := gitedit(t, dir, patch, "patch", "-", "--json")
			require.Equal(t, "unsupported", errorCode(r), r.stdout)
			require.Contains(t, r.stdout, "beyond the symbolic link")
			requireUnchanged(t, before, take(t, dir))
		}
	}
}
