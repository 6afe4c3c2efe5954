package integration

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// umaskPatch creates new.txt (0644) and tool.sh (0755) and edits old.txt.
const umaskPatch = `diff --git a/new.txt b/new.txt
new file mode 100644
--- /dev/null
+++ b/new.txt
@@ -0,0 +1 @@
+new
diff --git a/tool.sh b/tool.sh
new file mode 100755
--- /dev/null
+++ b/tool.sh
@@ -0,0 +1 @@
+echo hi
diff --git a/old.txt b/old.txt
--- a/old.txt
+++ b/old.txt
@@ -1 +1 @@
-old
+changed
`

// TestNewFilesHonourTheUmask applies one patch with git apply --index and
// with gitedit patch, each under the same umask, in two copies of a
// repository: the files it creates get 0666 or 0777 narrowed by the
// umask, as git creates them (a private checkout, umask 077, gets 0600
// and 0700, not 0644 and 0755); the file it edits keeps its own mode
// (0640 here, which neither default would give), where git apply
// writes it anew.
func TestNewFilesHonourTheUmask(t *testing.T) {
	for _, umask := range []string{"077", "027", "022", "002", "000"} {
		t.Run(umask, func(t *testing.T) {
			modes := map[string]string{}
			for _, tool := range []string{"git", "gitedit"} {
				dir := fixtures.NewRepo(t, map[string]string{"old.txt": "old\n"})
				require.NoError(t, os.Chmod(filepath.Join(dir, "old.txt"), 0o640))
				git(t, dir, "update-index", "--refresh")
				args := []string{"apply", "--index", "-"}
				if tool == "gitedit" {
					args = []string{"patch", "-"}
				}
				name := "git"
				if tool == "gitedit" {
					name = binary
				}
				r := runIn(t, dir, fixtures.Env(fixtures.Home(dir)), umaskPatch, "sh",
					append([]string{"-c", "umask " + umask + " && exec \"$0\" \"$@\"", name}, args...)...)
				require.Equal(t, 0, r.code, "%s: %+v", tool, r)
				modes[tool] = permsOf(t, dir, "new.txt", "tool.sh")
				if tool == "gitedit" {
					// git apply writes old.txt anew (umask mode);
					// gitedit keeps a file's mode (SPEC 4).
					require.Equal(t, "old.txt 640", permsOf(t, dir, "old.txt"))
					requireHealthy(t, dir)
				}
			}
			require.Equal(t, modes["git"], modes["gitedit"])
		})
	}
	// gitedit edit creating a file, under umask 077.
	dir := fixtures.NewRepo(t, map[string]string{"old.txt": "old\n"})
	r := runIn(t, dir, fixtures.Env(fixtures.Home(dir)), "", "sh", "-c", "umask 077 && exec \"$0\" \"$@\"",
		binary, "edit", "fresh.txt", "--old", "", "--new", "x\n", "--commit")
	require.Equal(t, 0, r.code, "%+v", r)
	require.Equal(t, "fresh.txt 600", permsOf(t, dir, "fresh.txt"))
}

// permsOf lists "path octal-permissions" of each path.
func permsOf(t *testing.T, dir string, paths ...string) string {
	t.Helper()
	out := ""
	for i, p := range paths {
		fi, err := os.Lstat(filepath.Join(dir, p))
		require.NoError(t, err)
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%s %o", p, fi.Mode().Perm())
	}
	return out
}
