package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// repoWithSubmodule returns a repository whose index and HEAD hold the
// gitlink "sub"; with checkedOut, sub is a cloned submodule, else the
// empty folder an uninitialised submodule leaves.
func repoWithSubmodule(t *testing.T, checkedOut bool) string {
	t.Helper()
	upstream := fixtures.NewRepo(t, map[string]string{"s.txt": "hello\n"})
	dir := filepath.Join(t.TempDir(), "super")
	fixtures.WriteFiles(t, dir, map[string]string{"a.txt": "hello\n"})
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", upstream, "sub")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "with submodule")
	if checkedOut {
		return dir
	}
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, filepath.Dir(clone), "clone", "-q", dir, clone) // submodules not initialised
	require.NoFileExists(t, filepath.Join(clone, "sub", ".git"))
	return clone
}

// TestGitlinkPathsAreRefusedAsGitRefusesThem: a file inside a gitlink is
// refused (git add says "is in submodule"), for edits, batches, git diffs
// and envelopes, whether the submodule is checked out or not, and the
// gitlink is never turned into a deletion.
func TestGitlinkPathsAreRefusedAsGitRefusesThem(t *testing.T) {
	requests := map[string]func(dir string) run{
		"edit": func(dir string) run {
			return gitedit(t, dir, "", "edit", "sub/new.txt", "--old", "", "--new", "x\n", "--json", "--commit")
		},
		"batch": func(dir string) run {
			return gitedit(t, dir, `{"operations": [{"file_path": "a.txt", "old_string": "hello", "new_string": "bye"},
				{"file_path": "sub/deep/new.txt", "old_string": "", "new_string": "x\n"}]}`, "batch", "-", "--json")
		},
		"git diff": func(dir string) run {
			return gitedit(t, dir, "diff --git a/sub/new.txt b/sub/new.txt\nnew file mode 100644\n--- /dev/null\n+++ b/sub/new.txt\n@@ -0,0 +1 @@\n+x\n", "patch", "-", "--json")
		},
		"envelope": func(dir string) run {
			return gitedit(t, dir, "*** Begin Patch\n*** Update File: a.txt\n*** Move to: sub/a.txt\n@@\n-hello\n+bye\n*** End Patch\n", "patch", "-", "--json")
		},
	}
	for _, checkedOut := range []bool{false, true} {
		dir := repoWithSubmodule(t, checkedOut)
		write(t, dir, "sub/new.txt", "x\n")
		_, err := fixtures.RunGit(dir, "add", "sub/new.txt")
		require.Error(t, err, "git add refuses it")
		require.Contains(t, err.Error(), "is in submodule 'sub'")
		require.NoError(t, os.Remove(filepath.Join(dir, "sub", "new.txt")))
		before := take(t, dir)
		for kind, request := range requests {
			r := request(dir)
			requireNoPanic(t, r)
			require.Equal(t, "outside_repo", errorCode(r), "%s (checked out: %v): %s %s", kind, checkedOut, r.stdout, r.stderr)
			if !checkedOut { // a checked-out one is caught earlier, by its .git
				require.Contains(t, r.stdout, "is in submodule 'sub'")
			}
		}
		requireUnchanged(t, before, take(t, dir))
		require.True(t, strings.HasPrefix(git(t, dir, "ls-files", "-s", "sub"), "160000 "), "the gitlink is still staged")
	}
}

// TestSubmoduleItselfIsUnsupported: a request that names the submodule
// itself (an edit of "sub", a git diff renaming it with no mode lines, as
// `git diff -M` writes a pure rename, an envelope deleting it) is refused
// as unsupported, the code the docs give for changes to submodules, and
// nothing changes, whether the submodule is checked out or not. The
// rename came from replaying sharkdp/bat's 0ed527f0, which was refused
// as is_directory.
func TestSubmoduleItselfIsUnsupported(t *testing.T) {
	requests := map[string]func(dir string) run{
		"edit": func(dir string) run {
			return gitedit(t, dir, "", "edit", "sub", "--old", "", "--new", "x\n", "--json", "--commit")
		},
		"git diff rename": func(dir string) run {
			return gitedit(t, dir, "diff --git a/sub b/sub_2\nsimilarity index 100%\nrename from sub\nrename to sub_2\n", "patch", "-", "--json")
		},
		"envelope delete": func(dir string) run {
			return gitedit(t, dir, "*** Begin Patch\n*** Delete File: sub\n*** End Patch\n", "patch", "-", "--json")
		},
	}
	for _, checkedOut := range []bool{false, true} {
		dir := repoWithSubmodule(t, checkedOut)
		before := take(t, dir)
		for kind, request := range requests {
			r := request(dir)
			requireNoPanic(t, r)
			require.Equal(t, "unsupported", errorCode(r), "%s (checked out: %v): %s %s", kind, checkedOut, r.stdout, r.stderr)
		}
		requireUnchanged(t, before, take(t, dir))
		require.True(t, strings.HasPrefix(git(t, dir, "ls-files", "-s", "sub"), "160000 "), "the gitlink is still staged")
	}
}
