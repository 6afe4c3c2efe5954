package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// hostileFiles is the repository every malformed request is sent to.
var hostileFiles = map[string]string{"a.txt": "hello\nworld\n", "sub/b.txt": "bee\n"}

// malformed are requests that must each be invalid_input (exit 2) and
// change nothing.
var malformed = []struct{ name, req string }{
	{"not JSON", `{"file_path": "a.txt",`},
	{"JSON array", `[1, 2]`},
	{"JSON string", `"edit a.txt"`},
	{"null request", `null`},
	{"empty object", `{}`},
	{"file_path number", `{"file_path": 7, "old_string": "hello", "new_string": "x"}`},
	{"file_path null", `{"file_path": null, "old_string": "hello", "new_string": "x"}`},
	{"old_string null", `{"file_path": "a.txt", "old_string": null, "new_string": "x"}`},
	{"new_string object", `{"file_path": "a.txt", "old_string": "hello", "new_string": {"x": 1}}`},
	{"missing new_string", `{"file_path": "a.txt", "old_string": "hello"}`},
	{"missing file_path", `{"old_string": "hello", "new_string": "x"}`},
	{"unknown field", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "expected_hsah": "abc1234"}`},
	{"replace_all string", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "replace_all": "yes"}`},
	{"bad hash short", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "expected_hash": "abc"}`},
	{"bad hash not hex", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "expected_hash": "zzzzzzzzz"}`},
	{"bad hash too long", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "expected_hash": "` + strings.Repeat("a", 41) + `"}`},
	{"bad sha256 hash", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "expected_hash": "sha256:1234"}`},
	{"hash number", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "expected_hash": 1234567}`},
	{"bad match mode", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "match_mode": "fuzzy"}`},
	{"match mode case", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "match_mode": "EXACT"}`},
	{"negative count", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "expected_replacements": -1}`},
	{"zero count", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "expected_replacements": 0}`},
	{"fractional count", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "expected_replacements": 1.5}`},
	{"huge count", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "expected_replacements": 1e400}`},
	{"empty path", `{"file_path": "", "old_string": "hello", "new_string": "x"}`},
	{"NUL in path", `{"file_path": "a.txt\u0000.md", "old_string": "hello", "new_string": "x"}`},
	{"dry_run string", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "dry_run": "true"}`},
	{"multiedit empty edits", `{"file_path": "a.txt", "edits": []}`},
	{"multiedit edits null", `{"file_path": "a.txt", "edits": null}`},
	{"multiedit item wrong type", `{"file_path": "a.txt", "edits": [{"old_string": "hello", "new_string": "x"}, 5]}`},
	{"multiedit item unknown field", `{"file_path": "a.txt", "edits": [{"old_string": "hello", "new_string": "x", "oops": 1}]}`},
	{"multiedit item negative count", `{"file_path": "a.txt", "edits": [{"old_string": "hello", "new_string": "x", "expected_replacements": -3}]}`},
	{"partial string", `{"file_path": "a.txt", "edits": [{"old_string": "hello", "new_string": "x"}], "partial": 1}`},
	{"batch empty", `{"operations": []}`},
	{"batch with a bad second op", `{"operations": [{"file_path": "a.txt", "old_string": "hello", "new_string": "x"}, {"file_path": 3}]}`},
	{"batch in batch", `{"operations": [{"operations": [{"file_path": "a.txt", "old_string": "hello", "new_string": "x"}]}]}`},
	{"message number", `{"message": 5, "operations": [{"file_path": "a.txt", "old_string": "hello", "new_string": "x"}]}`},
	{"unknown tool", `{"tool": "rm", "input": {"file_path": "a.txt"}}`},
	{"tool input string", `{"tool": "edit", "input": "a.txt"}`},
	{"openai arguments not JSON", `{"name": "edit", "arguments": "{\"file_path\": "}`},
	{"anthropic input null", `{"type": "tool_use", "id": "t1", "name": "edit", "input": null}`},
	{"deep nesting", strings.Repeat(`{"tool": "edit", "input": `, 5000) + `{}` + strings.Repeat(`}`, 5000)},
	{"deep array nesting", `{"file_path": "a.txt", "old_string": "hello", "new_string": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`},
	{"huge unknown field", `{"file_path": "a.txt", "old_string": "hello", "new_string": "x", "junk": "` + strings.Repeat("x", 8<<20) + `"}`},
	{"path longer than PATH_MAX", `{"file_path": "` + strings.Repeat("d/", 4000) + `f", "old_string": "hello", "new_string": "x"}`},
	{"name longer than NAME_MAX", `{"file_path": "` + strings.Repeat("n", 300) + `", "old_string": "", "new_string": "x"}`},
	{"invalid UTF-8 escape in key", `{"file_path\ud800": "a.txt", "old_string": "hello", "new_string": "x"}`},
}

func TestSafetyMalformedRequestsAreInvalidInput(t *testing.T) {
	dir := fixtures.NewRepo(t, hostileFiles)
	for _, tc := range malformed {
		t.Run(tc.name, func(t *testing.T) {
			before := take(t, dir)
			r := gitedit(t, dir, tc.req, "apply", "--json", "-")
			requireNoPanic(t, r)
			require.Equal(t, 2, r.code, "stdout %.300s\nstderr %.300s", r.stdout, r.stderr)
			require.Equal(t, "invalid_input", errorCode(r), "%.300s", r.stdout)
			requireUnchanged(t, before, take(t, dir))
		})
	}
}

func TestSafetyHugeStringsAreHandled(t *testing.T) {
	dir := fixtures.NewRepo(t, hostileFiles)
	huge := strings.Repeat("y", 16<<20)
	before := take(t, dir)
	r := gitedit(t, dir, `{"file_path": "a.txt", "old_string": "`+huge+`", "new_string": "x"}`, "apply", "--json", "-")
	requireNoPanic(t, r)
	require.Equal(t, "not_found", errorCode(r), "%.300s", r.stdout)
	requireUnchanged(t, before, take(t, dir))

	r = gitedit(t, dir, `{"file_path": "a.txt", "old_string": "hello", "new_string": "`+huge+`"}`, "apply", "--json", "-")
	require.Equal(t, 0, r.code, "%.300s %.300s", r.stdout, r.stderr)
	require.Equal(t, huge+"\nworld\n", read(t, dir, "a.txt"))
	requireIndexMatchesHash(t, dir, "a.txt", "")
}

// pathAttack sets up an attack in the repository dir (outside is a folder
// beside it holding secret.txt) and returns the path to edit.
type pathAttack struct {
	name  string
	setup func(t *testing.T, dir, outside string) string
	code  string
}

// symlink makes link (relative to dir) point at target.
func symlink(t *testing.T, dir, link, target string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(link))
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.Symlink(target, p))
}

// fixed returns a setup that only names path.
func fixed(path string) func(*testing.T, string, string) string {
	return func(*testing.T, string, string) string { return path }
}

var pathAttacks = []pathAttack{
	{"dot-dot", fixed("../outside/secret.txt"), "outside_repo"},
	{"dot-dot inside", fixed("sub/../../outside/secret.txt"), "outside_repo"},
	{"absolute elsewhere", func(_ *testing.T, _, outside string) string { return filepath.Join(outside, "secret.txt") }, "outside_repo"},
	{"absolute root file", fixed("/etc/hostname"), "outside_repo"},
	{"symlink to a file outside", func(t *testing.T, dir, outside string) string {
		symlink(t, dir, "link.txt", filepath.Join(outside, "secret.txt"))
		return "link.txt"
	}, "outside_repo"},
	{"relative symlink out", func(t *testing.T, dir, _ string) string {
		symlink(t, dir, "sub/rel.txt", "../../outside/secret.txt")
		return "sub/rel.txt"
	}, "outside_repo"},
	{"symlinked parent out", func(t *testing.T, dir, outside string) string {
		symlink(t, dir, "escape", outside)
		return "escape/secret.txt"
	}, "outside_repo"},
	{"symlinked parent out, new file", func(t *testing.T, dir, outside string) string {
		symlink(t, dir, "escape", outside)
		return "escape/new.txt"
	}, "outside_repo"},
	{"dangling symlink", func(t *testing.T, dir, outside string) string {
		symlink(t, dir, "dangle.txt", filepath.Join(outside, "nothing.txt"))
		return "dangle.txt"
	}, "outside_repo"},
	{"symlink into .git", func(t *testing.T, dir, _ string) string {
		symlink(t, dir, "cfg", ".git/config")
		return "cfg"
	}, "outside_repo"},
	{"symlinked folder into .git", func(t *testing.T, dir, _ string) string {
		symlink(t, dir, "g", ".git")
		return "g/HEAD"
	}, "outside_repo"},
	{".git/config", fixed(".git/config"), "outside_repo"},
	{".GIT/config", fixed(".GIT/config"), "outside_repo"},
	{".git./config", fixed(".git./config"), "outside_repo"},
	{".git /config", fixed(".git /config"), "outside_repo"},
	{".git/ trailing slash", fixed(".git/"), "outside_repo"},
	{"git~1/config", fixed("git~1/config"), "outside_repo"},
	{"HFS .g\u200cit", fixed(".g\u200cit/config"), "outside_repo"},
	{"new file under .git", fixed(".git/hooks/pre-commit"), "outside_repo"},
	{"nested .git", fixed("sub/.git/config"), "outside_repo"},
	{"the top folder", fixed("."), "is_directory"},
	{"inside a submodule", func(t *testing.T, dir, _ string) string {
		sub := filepath.Join(filepath.Dir(dir), "subrepo")
		fixtures.WriteFiles(t, sub, map[string]string{"s.txt": "hello\n"})
		git(t, sub, "init", "-q", "-b", "main")
		git(t, sub, "add", "-A")
		git(t, sub, "commit", "-q", "-m", "s")
		git(t, dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "mod")
		git(t, dir, "commit", "-q", "-m", "add submodule")
		return "mod/s.txt"
	}, "outside_repo"},
	{"inside a nested repository", func(t *testing.T, dir, _ string) string {
		git(t, filepath.Join(dir, "sub"), "init", "-q")
		return "sub/b.txt"
	}, "outside_repo"},
}

func TestSafetyPathAttacksAreRefused(t *testing.T) {
	for _, tc := range pathAttacks {
		t.Run(tc.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, hostileFiles)
			outside := filepath.Join(filepath.Dir(dir), "outside")
			fixtures.WriteFiles(t, outside, map[string]string{"secret.txt": "hello\n"})
			path := tc.setup(t, dir, outside)
			before, secret := take(t, dir), read(t, outside, "secret.txt")
			for _, args := range [][]string{
				{"edit", path, "--old", "hello", "--new", "pwned", "--json"},
				{"edit", path, "--old", "", "--new", "pwned\n", "--json", "--commit"},
			} {
				r := gitedit(t, dir, "", args...)
				requireNoPanic(t, r)
				require.Equal(t, 1, r.code, "%s %s", r.stdout, r.stderr)
				require.Equal(t, tc.code, errorCode(r), r.stdout)
			}
			requireUnchanged(t, before, take(t, dir))
			require.Equal(t, secret, read(t, outside, "secret.txt"))
			require.NoFileExists(t, filepath.Join(outside, "new.txt"))
		})
	}
}

func TestSafetyPatchPathAttacksAreRefused(t *testing.T) {
	patches := map[string]string{
		"git diff dot-dot":  "diff --git a/../outside/secret.txt b/../outside/secret.txt\n--- a/../outside/secret.txt\n+++ b/../outside/secret.txt\n@@ -1 +1 @@\n-hello\n+pwned\n",
		"git diff .git":     "diff --git a/.git/config b/.git/config\nnew file mode 100644\n--- /dev/null\n+++ b/.git/config2\n@@ -0,0 +1 @@\n+pwned\n",
		"envelope add out":  "*** Begin Patch\n*** Add File: ../outside/new.txt\n+pwned\n*** End Patch\n",
		"envelope move out": "*** Begin Patch\n*** Update File: a.txt\n*** Move to: ../outside/new.txt\n@@\n-hello\n+pwned\n*** End Patch\n",
		"envelope .GIT":     "*** Begin Patch\n*** Add File: .GIT/hooks/post-checkout\n+pwned\n*** End Patch\n",
	}
	for name, patch := range patches {
		t.Run(name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, hostileFiles)
			outside := filepath.Join(filepath.Dir(dir), "outside")
			fixtures.WriteFiles(t, outside, map[string]string{"secret.txt": "hello\n"})
			before := take(t, dir)
			r := gitedit(t, dir, patch, "patch", "--json", "-")
			requireNoPanic(t, r)
			require.NotEqual(t, 0, r.code, "%s %s", r.stdout, r.stderr)
			requireUnchanged(t, before, take(t, dir))
			require.Equal(t, "hello\n", read(t, outside, "secret.txt"))
			require.NoFileExists(t, filepath.Join(outside, "new.txt"))
		})
	}
}

// TestSafetyHugePathDoesNotHang sends a path of 200,000 folders: it must be
// refused as invalid_input, not keep the process busy (the guard kills
// gitedit after 20 s; a correct answer takes milliseconds).
func TestSafetyHugePathDoesNotHang(t *testing.T) {
	skipShort(t)
	dir := fixtures.NewRepo(t, hostileFiles)
	before := take(t, dir)
	p := start(t, dir, `{"file_path": "`+strings.Repeat("d/", 200000)+`f", "old_string": "hello", "new_string": "x"}`, "apply", "--json", "-")
	timer := time.AfterFunc(20*time.Second, func() { _ = p.cmd.Process.Kill() })
	r := p.wait()
	require.True(t, timer.Stop(), "gitedit was still busy after 20 s with a 400 KB path (quadratic path checks)")
	require.Equal(t, "invalid_input", errorCode(r), "%.300s", r.stdout)
	requireUnchanged(t, before, take(t, dir))
}
