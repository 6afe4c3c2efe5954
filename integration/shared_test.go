//go:build unix

package integration

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestSharedRepositoryPermissionsMatchGit commits an edit on a new branch
// with gitedit in a repository made by git init --shared=VALUE, and the
// same with git commit in a copy, under umasks 077 and 022: the loose
// objects, objects/xx/ folders, index, ref and ref folders each has
// written must have git's modes (git's adjust_shared_perm). gitedit gave
// them the umask's alone: under 077, 0400 objects, 0700 folders and a 0600
// index in a group's repository, which the group's other members could
// not read. Under 0600 git sets no set-group-ID bit on a new folder (no
// access goes by group); gitedit set it on every objects/xx/.
func TestSharedRepositoryPermissionsMatchGit(t *testing.T) {
	for _, mask := range []string{"077", "022"} {
		for _, shared := range []string{"group", "all", "0640", "0600", "umask"} {
			base := t.TempDir()
			ours, theirs := filepath.Join(base, "ours"), filepath.Join(base, "theirs")
			for _, dir := range []string{ours, theirs} {
				git(t, base, "init", "-q", "--shared="+shared, dir)
				write(t, dir, "a.txt", "a\n")
				git(t, dir, "add", "a.txt")
				git(t, dir, "commit", "-q", "-m", "init")
				git(t, dir, "checkout", "-q", "-b", "topic/x")
				// The commit creates the reflogs and their folders anew.
				require.NoError(t, os.RemoveAll(filepath.Join(dir, ".git", "logs")))
			}
			ourBefore, theirBefore := inodes(t, ours), inodes(t, theirs)
			umasked(t, ours, mask, binary, "edit", "a.txt", "--old", "a", "--new", "b", "--commit")
			write(t, theirs, "a.txt", "b\n")
			umasked(t, theirs, mask, "git", "commit", "-q", "-a", "-m", "edit")
			want := newModes(t, theirs, theirBefore)
			require.Equal(t, want, newModes(t, ours, ourBefore), "umask %s, core.sharedRepository=%s", mask, shared)
		}
	}
}

// umasked runs name with args in dir under the given umask.
func umasked(t *testing.T, dir, mask, name string, args ...string) {
	t.Helper()
	cmd := exec.Command("sh", append([]string{"-c", `umask "$0" && exec "$@"`, mask, name}, args...)...)
	cmd.Dir = dir
	cmd.Env = fixtures.Env(fixtures.Home(dir))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s %s: %s", name, strings.Join(args, " "), out)
}

// inodes maps the paths under .git/objects, .git/refs and .git/logs (when
// it exists), and .git/index, to their inode numbers.
func inodes(t *testing.T, dir string) map[string]uint64 {
	t.Helper()
	out := map[string]uint64{}
	for _, top := range []string{"objects", "refs", "logs", "index"} {
		if _, err := os.Lstat(filepath.Join(dir, ".git", top)); os.IsNotExist(err) {
			continue
		}
		err := filepath.WalkDir(filepath.Join(dir, ".git", top), func(p string, _ fs.DirEntry, err error) error {
			require.NoError(t, err)
			fi, err := os.Lstat(p)
			require.NoError(t, err)
			out[p] = fi.Sys().(*syscall.Stat_t).Ino
			return nil
		})
		require.NoError(t, err)
	}
	return out
}

// newModes returns the distinct modes of the paths of inodes(dir) that
// before does not hold (created, or replaced by a rename).
func newModes(t *testing.T, dir string, before map[string]uint64) []string {
	t.Helper()
	set := map[string]bool{}
	for p, ino := range inodes(t, dir) {
		if old, ok := before[p]; !ok || old != ino {
			fi, err := os.Lstat(p)
			require.NoError(t, err)
			set[fi.Mode().String()] = true
		}
	}
	var out []string
	for m := range set {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}

// TestGiteditFilesInTheGitDirAreShared: the folder and journal gitedit
// keeps in the git directory (.git/gitedit/temp-folders) get the modes
// git gives the folders and files it creates there (here a ref and its
// folder, made by git update-ref under the same umask). Made with the umask
// alone, under 077 another member of the group could not open the
// journal, and each of their gitedit batches failed (io_error) where
// their git add worked.
func TestGiteditFilesInTheGitDirAreShared(t *testing.T) {
	for _, mask := range []string{"077", "022"} {
		for _, shared := range []string{"group", "all", "0640", "0600", "umask"} {
			dir := sharedRepo(t, shared, map[string]string{"a.txt": "a\n"})
			umasked(t, dir, mask, binary, "edit", "a.txt", "--old", "a", "--new", "b")
			umasked(t, dir, mask, "git", "update-ref", "refs/heads/made/by-git", "HEAD")
			for ours, gits := range map[string]string{"gitedit": "refs/heads/made", "gitedit/temp-folders": "refs/heads/made/by-git"} {
				require.Equal(t, gitDirMode(t, dir, gits), gitDirMode(t, dir, ours),
					".git/%s, umask %s, core.sharedRepository=%s", ours, mask, shared)
			}
		}
	}
}

// TestScanCacheFolderIsShared: a recipe run's scan cache, which may make
// .git/gitedit before any batch does, gets git's modes too, folder and
// file: made with the umask alone (077: drwx--S---), it locked the
// group's other members out of the batches' journal made in it later.
func TestScanCacheFolderIsShared(t *testing.T) {
	type repoCase struct{ dir, mask, shared string }
	var cases []repoCase
	for _, mask := range []string{"077", "022"} {
		for _, shared := range []string{"group", "all", "0640", "0600", "umask"} {
			dir := sharedRepo(t, shared, map[string]string{"a.txt": "a\n",
				"r.yaml": "- name: r\n  files: [\"*.txt\"]\n  edits:\n    - old_string: zzz\n      new_string: y\n"})
			cases = append(cases, repoCase{dir, mask, shared})
		}
	}
	time.Sleep(2100 * time.Millisecond) // the files settle: the scan may cache what it reads
	for _, c := range cases {
		umasked(t, c.dir, c.mask, binary, "run", "r.yaml", "--check")
		umasked(t, c.dir, c.mask, "git", "update-ref", "refs/heads/made/by-git", "HEAD")
		require.Equal(t, gitDirMode(t, c.dir, "refs/heads/made"), gitDirMode(t, c.dir, "gitedit"),
			".git/gitedit, umask %s, core.sharedRepository=%s", c.mask, c.shared)
		// The cache is created private (0600), then shared as git shares
		// what it creates: the group reads and writes it where it would
		// read and write git's file.
		fi, err := os.Stat(filepath.Join(c.dir, ".git", "refs", "heads", "made", "by-git"))
		require.NoError(t, err)
		cache, err := os.Stat(filepath.Join(c.dir, ".git", "gitedit", "scan-cache"))
		require.NoError(t, err)
		if groupRW := os.FileMode(0o060); fi.Mode()&groupRW == groupRW {
			require.Equal(t, groupRW, cache.Mode()&groupRW, "scan-cache %v, umask %s, core.sharedRepository=%s", cache.Mode(), c.mask, c.shared)
		}
	}
}

// sharedRepo makes a repository with git init --shared=shared and one
// commit of files, and returns its folder.
func sharedRepo(t *testing.T, shared string, files map[string]string) string {
	t.Helper()
	base := t.TempDir()
	dir := filepath.Join(base, "r")
	git(t, base, "init", "-q", "--shared="+shared, dir)
	for name, content := range files {
		write(t, dir, name, content)
		git(t, dir, "add", name)
	}
	git(t, dir, "commit", "-q", "-m", "init")
	return dir
}

// gitDirMode returns the mode of .git/rel in the repository dir.
func gitDirMode(t *testing.T, dir, rel string) string {
	t.Helper()
	fi, err := os.Lstat(filepath.Join(dir, ".git", rel))
	require.NoError(t, err)
	return fi.Mode().String()
}
