package integration

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// swapCase is a pair of commits whose diff turns a file into a folder or
// a folder into a file: before and after are shell commands run in the
// repository (files only, then git add -A and a commit each).
type swapCase struct {
	name, before, after string
	diff                []string // extra git diff options
}

// swapCases are the shapes of the oracle test; each also runs reversed.
var swapCases = []swapCase{
	{name: "file to folder", before: "echo hi >a; echo k >k", after: "rm a; mkdir a; echo x >a/b"},
	{name: "folder to file", before: "mkdir d; echo x >d/x; echo y >d/y", after: "rm -r d; echo f >d"},
	{name: "rename into a folder", before: "echo some text long enough >a", after: "mv a t; mkdir a; mv t a/b", diff: []string{"-M"}},
	{name: "rename out of a folder", before: "mkdir d; echo some text long enough >d/x", after: "mv d/x t; rmdir d; mv t d", diff: []string{"-M"}},
	{name: "folder to symlink", before: "mkdir d; echo x >d/x; echo y >d/y", after: "rm -r d; ln -s target d"},
	{name: "symlink to folder", before: "ln -s target a", after: "rm a; mkdir a; echo x >a/b"},
	{name: "file to folder of an executable", before: "echo hi >a", after: "rm a; mkdir a; echo x >a/b; chmod +x a/b"},
	{name: "executable to folder, deep", before: "echo hi >a; chmod +x a", after: "rm a; mkdir -p a/b/c; echo x >a/b/c/d"},
	{name: "nested folder to file", before: "mkdir -p a/b; echo c >a/b/c; echo e >a/e", after: "rm -r a/b; echo b >a/b"},
}

// swapRepo makes a repository with the commits of c and returns it, the
// patch from the first to the second (reversed: from the second to the
// first) and the commit the patch leads to; the working tree is left at
// the commit the patch starts from.
func swapRepo(t *testing.T, c swapCase, reversed bool) (dir, patch, to string) {
	t.Helper()
	dir = fixtures.NewRepo(t, nil)
	for _, step := range []string{c.before, c.after} {
		sh(t, dir, step)
		git(t, dir, "add", "-A")
		git(t, dir, "commit", "-qm", "step")
	}
	from, to := "HEAD^", "HEAD"
	if reversed {
		from, to = to, from
	}
	patch = fixtures.Git(t, dir, append(append([]string{"diff"}, c.diff...), from, to)...)
	to = git(t, dir, "rev-parse", to)
	git(t, dir, "reset", "-q", "--hard", from)
	return dir, patch, to
}

// sh runs a shell command in dir.
func sh(t *testing.T, dir, cmd string) {
	t.Helper()
	c := exec.Command("sh", "-c", cmd)
	c.Dir = dir
	out, err := c.CombinedOutput()
	require.NoError(t, err, "%s: %s", cmd, out)
}

// entries lists the working tree outside .git: each path with its kind,
// executable bit, and content or link target.
func entries(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fi, err := os.Lstat(p)
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == ".git":
			return filepath.SkipDir
		case d.IsDir():
			out[rel] = "folder"
		case fi.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[rel] = "link " + target
		default:
			data, _ := os.ReadFile(p)
			out[rel] = fi.Mode().Perm().String()[3:4] + " " + string(data)
		}
		return nil
	}))
	return out
}

// cloneAt clones dir into a new folder, checked out at rev.
func cloneAt(t *testing.T, dir, rev string) string {
	t.Helper()
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, dir, "clone", "-q", dir, clone)
	git(t, clone, "checkout", "-q", "-B", "main", rev)
	return clone
}

// requireAppliesAsGitApply applies patch (whose commit is second, on
// dir's HEAD) with gitedit and, in a clone, with git apply --index: the
// same files, index and second's tree. Then it applies it again with
// --commit from a clean HEAD, and returns the clone (git's files staged).
func requireAppliesAsGitApply(t *testing.T, dir, patch, second, label string) (oracle string) {
	t.Helper()
	oracle = cloneAt(t, dir, "HEAD")
	patchFile := filepath.Join(t.TempDir(), "p.diff")
	require.NoError(t, os.WriteFile(patchFile, []byte(patch), 0o644))
	git(t, oracle, "apply", "--index", patchFile)
	r := gitedit(t, dir, patch, "patch", "-")
	require.Equal(t, 0, r.code, "%s: %s\n%s", label, r.stderr, patch)
	require.Equal(t, entries(t, oracle), entries(t, dir), label)
	require.Equal(t, git(t, oracle, "ls-files", "-s"), git(t, dir, "ls-files", "-s"), label)
	require.Equal(t, git(t, dir, "rev-parse", second+"^{tree}"), git(t, dir, "write-tree"), label)

	git(t, dir, "reset", "-q", "--hard")
	git(t, dir, "clean", "-qfdx")
	r = gitedit(t, dir, patch, "patch", "-", "--commit")
	require.Equal(t, 0, r.code, "%s: %s", label, r.stderr)
	return oracle
}

// A patch that turns a file into a folder or a folder into a file (a
// symbolic link, a rename, an executable, nested) in one patch, was
// refused: invalid_input ("a parent of the path is not a folder"),
// is_directory, or unsupported ("beyond the symbolic link"), while git
// apply --index applies it. Now gitedit leaves the same working tree and
// index as git apply --index, in staging mode, and in commit mode the
// tree git commit makes of them; each shape, both ways.
func TestPatchTurnsAFileIntoAFolderAndBack(t *testing.T) {
	for _, c := range swapCases {
		for _, reversed := range []bool{false, true} {
			name := c.name
			if reversed {
				name += ", reversed"
			}
			dir, patch, second := swapRepo(t, c, reversed)
			oracle := requireAppliesAsGitApply(t, dir, patch, second, name)
			git(t, oracle, "commit", "-qm", "git")
			require.Equal(t, git(t, oracle, "rev-parse", "HEAD^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"), name)
			require.Equal(t, entries(t, oracle), entries(t, dir), name)
			require.Equal(t, "", git(t, dir, "status", "--porcelain", "--ignored"), name)
			require.Empty(t, tempFiles(t, dir), name)
			requireHealthy(t, dir)
		}
	}
}

// A file or folder in the way that the patch does not delete still
// refuses it, with the error it had, and nothing changes (files, index,
// refs): a file kept at a folder of a new file (invalid_input), a folder
// the deletions do not empty (is_directory: a tracked file kept, an
// untracked or an ignored file in it), a symbolic link kept at a folder
// (unsupported), a deleted file with staged changes (dirty). A folder
// left with an empty folder in it was io_error after a half-write put
// back (git apply fails there after its deletions, "Directory not
// empty"); now is_directory before anything is written. Two new
// files a and a/b were io_error after a half-write put back; now
// file_exists before anything is written (git apply writes a, then
// fails: "unable to write file 'a/b'").
func TestPatchKeepsRefusingWhatStaysInTheWay(t *testing.T) {
	newFile := func(name, body string) string {
		return "diff --git a/" + name + " b/" + name + "\nnew file mode 100644\n--- /dev/null\n+++ b/" + name + "\n@@ -0,0 +1 @@\n+" + body + "\n"
	}
	deleted := func(name, body string) string {
		return "diff --git a/" + name + " b/" + name + "\ndeleted file mode 100644\n--- a/" + name + "\n+++ /dev/null\n@@ -1 +0,0 @@\n-" + body + "\n"
	}
	folder := map[string]string{"d/x": "x\n", "d/y": "y\n", ".gitignore": "*.o\n"}
	whole := deleted("d/x", "x") + deleted("d/y", "y") + newFile("d", "f")
	for _, c := range []struct {
		name, code, patch string
		start             map[string]string
		setup             string
	}{
		{"file kept", "invalid_input", newFile("a/b", "x"), map[string]string{"a": "a\n"}, ""},
		{"file kept, deep", "invalid_input", newFile("a/b/c", "x"), map[string]string{"a": "a\n"}, ""},
		{"tracked file kept in the folder", "is_directory", deleted("d/x", "x") + newFile("d", "f"), folder, ""},
		{"untracked file in the folder", "is_directory", whole, folder, "echo u >d/u"},
		{"ignored file in the folder", "is_directory", whole, folder, "echo o >d/z.o"},
		{"empty folder in the folder", "is_directory", whole, folder, "mkdir -p d/e/f"},
		{"staged change in the folder", "dirty", whole, folder, "echo z >d/x && git add d/x && echo x >d/x"},
		{"symlink kept", "unsupported", newFile("l/z", "z"), map[string]string{"t/k": "k\n"}, "ln -s t l && git add l && git commit -qm l"},
		{"two new files, one in the other", "file_exists", newFile("n", "n") + newFile("n/m", "m"), map[string]string{"k": "k\n"}, ""},
	} {
		for _, mode := range [][]string{nil, {"--commit"}} {
			dir := fixtures.NewRepo(t, c.start)
			if c.setup != "" {
				sh(t, dir, c.setup)
			}
			before, shape := take(t, dir), entries(t, dir)
			r := gitedit(t, dir, c.patch, append([]string{"patch", "-", "--json"}, mode...)...)
			require.Equal(t, c.code, errorCode(r), "%s %v: %s", c.name, mode, r.stdout)
			requireUnchanged(t, before, take(t, dir))
			require.Equal(t, shape, entries(t, dir), c.name)
			require.Empty(t, tempFiles(t, dir), c.name)
		}
	}
}

// Such a batch is undone as git revert undoes its commit (undo, and undo
// --session in commit mode: the tree of git revert HEAD; in staging
// mode: files and index back at HEAD), and a session of it lands (in one
// commit, or --each) as the commit git commit makes after git apply
// --index.
func TestFileFolderPatchUndoesAndLands(t *testing.T) {
	for _, c := range swapCases {
		for _, reversed := range []bool{false, true} {
			name := c.name
			if reversed {
				name += ", reversed"
			}
			for _, undo := range [][]string{{"undo"}, {"undo", "--session", "s", "--commit"}} {
				dir, patch, to := swapRepo(t, c, reversed)
				r := gitedit(t, dir, patch, "patch", "-", "--commit", "--session", "s")
				require.Equal(t, 0, r.code, "%s: %s", name, r.stderr)
				require.Equal(t, git(t, dir, "rev-parse", to+"^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"), name)
				oracle := cloneAt(t, dir, "HEAD")
				git(t, oracle, "revert", "--no-edit", "HEAD")
				r = gitedit(t, dir, "", undo...)
				require.Equal(t, 0, r.code, "%s %v: %s", name, undo, r.stderr)
				require.Equal(t, git(t, oracle, "rev-parse", "HEAD^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"), "%s %v", name, undo)
				require.Equal(t, entries(t, oracle), entries(t, dir), "%s %v", name, undo)
				require.Equal(t, "", git(t, dir, "status", "--porcelain", "--ignored"), "%s %v", name, undo)
				requireHealthy(t, dir)
			}

			dir, patch, _ := swapRepo(t, c, reversed)
			r := gitedit(t, dir, patch, "patch", "-", "--session", "s")
			require.Equal(t, 0, r.code, "%s: %s", name, r.stderr)
			ok(t, dir, "undo", "--session", "s")
			require.Equal(t, git(t, dir, "rev-parse", "HEAD^{tree}"), git(t, dir, "write-tree"), name)
			require.Equal(t, "", git(t, dir, "status", "--porcelain", "--ignored"), name)

			for _, land := range [][]string{{"-m", "land"}, {"--each"}} {
				dir, patch, to := swapRepo(t, c, reversed)
				r = gitedit(t, dir, patch, "patch", "-", "--session", "s")
				require.Equal(t, 0, r.code, "%s: %s", name, r.stderr)
				ok(t, dir, append([]string{"session", "land", "s"}, land...)...)
				require.Equal(t, git(t, dir, "rev-parse", to+"^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"), "%s %v", name, land)
				require.Equal(t, "", git(t, dir, "status", "--porcelain", "--ignored"), "%s %v", name, land)
				requireHealthy(t, dir)
			}
		}
	}
}

// An envelope does the same (*** Delete File and *** Add File, or a
// *** Move to out of the folder), in either order of its operations.
func TestEnvelopeTurnsAFileIntoAFolderAndBack(t *testing.T) {
	for _, c := range []struct {
		name, envelope string
		start, want    map[string]string
	}{
		{"file to folder", "*** Delete File: a\n*** Add File: a/b\n+x\n", map[string]string{"a": "a\n"}, map[string]string{"a": "folder", "a/b": "- x\n"}},
		{"folder to file, added first", "*** Add File: d\n+f\n*** Delete File: d/x\n*** Delete File: d/y\n", map[string]string{"d/x": "x\n", "d/y": "y\n"}, map[string]string{"d": "- f\n"}},
		{"moved out of its folder", "*** Update File: d/x\n*** Move to: d\n", map[string]string{"d/x": "x\n"}, map[string]string{"d": "- x\n"}},
	} {
		dir := fixtures.NewRepo(t, c.start)
		r := gitedit(t, dir, "*** Begin Patch\n"+c.envelope+"*** End Patch\n", "patch", "-", "--commit")
		require.Equal(t, 0, r.code, "%s: %s", c.name, r.stderr)
		require.Equal(t, c.want, entries(t, dir), c.name)
		require.Equal(t, "", git(t, dir, "status", "--porcelain", "--ignored"), c.name)
		requireHealthy(t, dir)
	}
}

// undo of such a commit still refuses to bring a file back over a folder
// that holds someone else's file: is_directory, and nothing changes.
func TestUndoKeepsAFolderItDoesNotEmpty(t *testing.T) {
	dir, patch, _ := swapRepo(t, swapCases[0], false)
	r := gitedit(t, dir, patch, "patch", "-", "--commit")
	require.Equal(t, 0, r.code, r.stderr)
	write(t, dir, "a/u", "untracked\n")
	before, shape := take(t, dir), entries(t, dir)
	r = gitedit(t, dir, "", "undo", "--json")
	require.Equal(t, "is_directory", errorCode(r), r.stdout)
	requireUnchanged(t, before, take(t, dir))
	require.Equal(t, shape, entries(t, dir))
}
