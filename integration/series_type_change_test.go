package integration

import (
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A symbolic link that becomes a file (or a file that becomes a link) is
// exported by series as git diff writes it, a deletion then a creation,
// not as a mode change 120000 => 100644 that git am refuses (found by
// bench/replay -session on a synthetic history). The series, of a
// session and of commit-mode batches, applies with git am on the base
// and gives the original commits' trees one by one; session show -p and
// log -p show the diff git shows.
func TestSeriesExportsATypeChangeAsGitDoes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	src, base, patch := typeChangeRepo(t)
	want := git(t, src, "rev-parse", "HEAD^{tree}")

	for name, mode := range map[string][]string{"session": {"--session", "s"}, "commit": {"--commit", "--session", "s"}} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "dir")
			git(t, src, "clone", "-q", src, dir)
			git(t, dir, "reset", "-q", "--hard", base)
			ok(t, dir, append([]string{"patch"}, append(mode, patch)...)...)
			// session show -p and log -p write the diff git writes (-p, full ids)
			wantDiff := git(t, dir, "diff", "--full-index", base, git(t, dir, "write-tree"))
			show, _ := jsonResult(t, dir, "", "session", "-p", "show", "s")
			require.Equal(t, wantDiff, strings.TrimSpace(show["diff"].(string)))
			if name == "commit" {
				log, _ := jsonResult(t, dir, "", "log", "-p", "-n", "1")
				entry := log["commits"].([]any)[0].(map[string]any)
				require.Equal(t, wantDiff, strings.TrimSpace(entry["diff"].(string)))
			}
			out := filepath.Join(t.TempDir(), "out")
			ok(t, dir, "series", "--session", "s", "-o", out)
			names, err := filepath.Glob(filepath.Join(out, "*.patch"))
			require.NoError(t, err)
			sort.Strings(names)
			mail, err := os.ReadFile(names[0])
			require.NoError(t, err)
			// the diffstat as git format-patch writes it: one line per file
			require.Contains(t, string(mail), " g.txt | 2 +-\n link  | 2 +-\n")
			require.Contains(t, string(mail), " mode change 100644 => 120000 g.txt\n mode change 120000 => 100644 link\n")
			am := filepath.Join(t.TempDir(), "am")
			git(t, src, "clone", "-q", src, am)
			git(t, am, "reset", "-q", "--hard", base)
			git(t, am, append([]string{"am", "-q", "--keep-cr"}, names...)...)
			require.Equal(t, want, git(t, am, "rev-parse", "HEAD^{tree}"))
			require.Equal(t, base, git(t, am, "rev-parse", "HEAD^"))
		})
	}
}

// A patch that turns a symbolic link into a file and a file into a link
// shows each as git diff writes a type change, a deletion then a
// creation, not as a mode line: it printed "mode 1000100000 => 100644
// link", the operating system's mode bits, and its commit body said
// only "link: deleted". The commit holds git apply --index's tree.
func TestPatchOfATypeChangeShowsItAsGitDoes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	src, base, patch := typeChangeRepo(t)

	dir := copyRepo(t, src)
	git(t, dir, "reset", "-q", "--hard", base)
	oracle := copyRepo(t, dir)
	git(t, oracle, "apply", "--index", patch)
	out := ok(t, dir, "patch", patch, "--commit").stdout
	require.NotContains(t, out, "mode 1")
	for _, name := range []string{"link", "g.txt"} {
		require.Contains(t, out, "--- a/"+name+"\n+++ /dev/null\n")
		require.Contains(t, out, "--- /dev/null\n+++ b/"+name+"\n")
	}
	require.Equal(t, git(t, oracle, "write-tree"), git(t, dir, "rev-parse", "HEAD^{tree}"))
	body := git(t, dir, "log", "-1", "--format=%b")
	require.Contains(t, body, "g.txt: deleted and created anew")
	require.Contains(t, body, "link: deleted and created anew")
}

// typeChangeRepo makes a repository whose last commit turns the symbolic
// link "link" into a file and the file "g.txt" into a link, and returns
// it, the commit before, and git diff's patch of that commit.
func typeChangeRepo(t *testing.T) (src, base, patch string) {
	t.Helper()
	src = fixtures.NewRepo(t, map[string]string{"f.txt": "a\n", "g.txt": "x\n"})
	require.NoError(t, os.Symlink("f.txt", filepath.Join(src, "link")))
	git(t, src, "add", "link")
	git(t, src, "commit", "-q", "-m", "link")
	base = git(t, src, "rev-parse", "HEAD")
	require.NoError(t, os.Remove(filepath.Join(src, "link")))
	require.NoError(t, os.WriteFile(filepath.Join(src, "link"), []byte("now a file\n"), 0o644))
	require.NoError(t, os.Remove(filepath.Join(src, "g.txt")))
	require.NoError(t, os.Symlink("f.txt", filepath.Join(src, "g.txt")))
	git(t, src, "add", "-A")
	git(t, src, "commit", "-q", "-m", "types")
	patch = savePatch(t, git(t, src, "diff", "--binary", base, "HEAD")+"\n")
	return src, base, patch
}
