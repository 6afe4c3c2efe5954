package integration

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// dotGitNames are paths git's verify_path refuses under core.protectNTFS
// and core.protectHFS, and neighbours it accepts; the test asks git which
// is which.
var dotGitNames = []string{
	".git\\config", "x\\.git\\config", "x/.git\\config", ".git::$INDEX_ALLOCATION/config",
	"GIT~1/config", "git~1::$INDEX_ALLOCATION/config", ".git /config", ".git./config", ".GIT./x",
	".git . ./x", ".g\u200cit/config", "\ufeff.git/x", ".git\u200d/x", "sub/.gi\u200ft", ".git:stream",
	"sub/git~1 /x", ".git\xff/x",
	// accepted by git
	"x.git/config", ".gitx", "git~2/config", ".git~1", "a\\b", "\\.git/x", ".github/ci.yml", "gitmod~1",
}

// emptyBlob is the id of the empty blob.
const emptyBlob = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"

// gitAccepts reports whether git update-index, protecting NTFS and HFS,
// accepts path as a new regular file (and takes it out again).
func gitAccepts(dir, path string) bool {
	if !gitOK(dir, "-c", "core.protectNTFS=true", "-c", "core.protectHFS=true", "update-index", "--add",
		"--cacheinfo", "100644,"+emptyBlob+","+path) {
		return false
	}
	return gitOK(dir, "update-index", "--force-remove", "--", path)
}

// cQuote quotes a path as git quotes it in diff headers (always, which
// git apply accepts): backslash, double quote and bytes outside printable
// ASCII escaped.
func cQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// pathRequests are the ways a request can name a new path: each runs
// gitedit in dry-run mode and returns the run.
var pathRequests = map[string]func(t *testing.T, dir, path string) run{
	"edit": func(t *testing.T, dir, path string) run {
		return gitedit(t, dir, "", "edit", path, "--old", "", "--new", "pwned\n", "--json", "--dry-run")
	},
	"batch": func(t *testing.T, dir, path string) run {
		req := fmt.Sprintf(`{"operations": [{"file_path": "ok.txt", "old_string": "", "new_string": "fine\n"},
			{"file_path": %s, "old_string": "", "new_string": "pwned\n"}]}`, quote(path))
		return gitedit(t, dir, req, "batch", "-", "--json", "--dry-run")
	},
	"git diff": func(t *testing.T, dir, path string) run {
		q := cQuote("b/" + path)
		patch := fmt.Sprintf("diff --git %s %s\nnew file mode 100644\n--- /dev/null\n+++ %s\n@@ -0,0 +1 @@\n+pwned\n", cQuote("a/"+path), q, q)
		return gitedit(t, dir, patch, "patch", "-", "--json", "--dry-run")
	},
	"unified diff": func(t *testing.T, dir, path string) run {
		patch := fmt.Sprintf("--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-hello\n+fine\n--- /dev/null\n+++ %s\n@@ -0,0 +1 @@\n+pwned\n", cQuote("b/"+path))
		return gitedit(t, dir, patch, "patch", "-", "--json", "--dry-run")
	},
	"envelope add": func(t *testing.T, dir, path string) run {
		return gitedit(t, dir, "*** Begin Patch\n*** Add File: "+path+"\n+pwned\n*** End Patch\n", "patch", "-", "--json", "--dry-run")
	},
	"envelope move": func(t *testing.T, dir, path string) run {
		patch := "*** Begin Patch\n*** Update File: a.txt\n*** Move to: " + path + "\n@@\n-hello\n+pwned\n*** End Patch\n"
		return gitedit(t, dir, patch, "patch", "-", "--json", "--dry-run")
	},
}

// TestGitPathRefusalsAgreeWithGit names each path in every kind of
// request: gitedit refuses it (outside_repo) exactly when git's
// update-index does, and a refusal changes nothing.
func TestGitPathRefusalsAgreeWithGit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "hello\n"})
	oracle := fixtures.NewRepo(t, nil)
	before := take(t, dir)
	for _, path := range dotGitNames {
		accepted := gitAccepts(oracle, path)
		for kind, request := range pathRequests {
			if (kind == "batch" || strings.HasPrefix(kind, "envelope")) && !utf8.ValidString(path) {
				continue // JSON and the envelope carry UTF-8 text
			}
			r := request(t, dir, path)
			requireNoPanic(t, r)
			if accepted {
				require.Equal(t, 0, r.code, "%s %q: git accepts it, gitedit refused: %s %s", kind, path, r.stdout, r.stderr)
			} else {
				require.Equal(t, "outside_repo", errorCode(r), "%s %q: git refuses it: %s %s", kind, path, r.stdout, r.stderr)
			}
		}
	}
	requireUnchanged(t, before, take(t, dir))
}

// TestGitPathAcceptedNameIsStagedAsGitWould writes one of the accepted
// neighbours for real: git sees exactly that name staged.
func TestGitPathAcceptedNameIsStagedAsGitWould(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "hello\n"})
	ok(t, dir, "edit", "x\\.gitx", "--old", "", "--new", "fine\n", "--commit")
	require.Equal(t, "a.txt\x00x\\.gitx\x00", git(t, dir, "ls-tree", "-z", "--name-only", "HEAD"))
	requireClean(t, dir)
}

// TestGitPathRecipeRefusesTrackedHostileName: a tracked file whose name
// git refuses (added with the protections off) is refused when a recipe
// would rewrite it, and nothing changes.
func TestGitPathRecipeRefusesTrackedHostileName(t *testing.T) {
	for _, path := range []string{".git\\config", "GIT~1/config", ".git./x", ".g\u200cit/config"} {
		dir := fixtures.NewRepo(t, map[string]string{"a.txt": "hello\n"})
		write(t, dir, path, "hello\n")
		git(t, dir, "-c", "core.protectNTFS=false", "-c", "core.protectHFS=false", "add", "--", path)
		git(t, dir, "-c", "core.protectNTFS=false", "commit", "-q", "-m", "hostile")
		recipe := filepath.Join(t.TempDir(), "r.yaml")
		require.NoError(t, os.WriteFile(recipe, []byte("name: r\nfiles: [\"**\"]\nedits:\n  - old_string: hello\n    new_string: pwned\n"), 0o644))
		before := take(t, dir)
		r := gitedit(t, dir, "", "run", recipe, "--commit", "--json")
		require.Equal(t, "outside_repo", errorCode(r), "recipe over %q: %s %s", path, r.stdout, r.stderr)
		requireUnchanged(t, before, take(t, dir))
	}
}

// TestTrailingSlashNamesAFolder: "a.txt/" and "new/" name folders, as
// open(2) and git add read them: every request kind refuses them with
// is_directory and changes nothing, instead of cleaning the slash away and
// overwriting a.txt or creating a file "new".
func TestTrailingSlashNamesAFolder(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	before := take(t, dir)
	blob := git(t, dir, "hash-object", "a.txt")
	for _, args := range [][]string{
		{"edit", "a.txt/", "--old", "one", "--new", "two"},
		{"edit", "a.txt/", "--old", "", "--new", "two", "--expected-hash", blob},
		{"edit", "new/", "--old", "", "--new", "x"},
		{"edit", "new/", "--old", "", "--new", "x", "--commit"},
	} {
		r := gitedit(t, dir, "", args...)
		require.Equal(t, 1, r.code, "%v: %+v", args, r)
		require.Contains(t, r.stderr, "is_directory", args)
	}
	envelope := "*** Begin Patch\n*** Add File: new/\n+x\n*** End Patch\n"
	r := gitedit(t, dir, envelope, "patch", "-")
	require.Equal(t, 1, r.code, "%+v", r)
	requireUnchanged(t, before, take(t, dir))
}

// TestDotEndingNamesAFolder: "a.txt/." and "d/b.txt/.." name folders,
// as open(2) reads them (ENOTDIR) and as git add reads them ("pathspec
// did not match any files": git normalizes them to "a.txt/" and "d/"):
// every request kind refuses them with is_directory and changes
// nothing, where cleaning the ending away edited or deleted a.txt.
func TestDotEndingNamesAFolder(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "d/b.txt": "bee\n"})
	before := take(t, dir)
	for _, p := range []string{"a.txt/.", "a.txt/./.", "d/./b.txt/."} {
		_, err := fixtures.RunGit(dir, "add", p)
		require.Error(t, err, "git add %s", p)
	}
	// git add d/b.txt/.. adds the folder d: the pathspec names d/.
	require.Equal(t, "d/b.txt", git(t, dir, "ls-files", "--", "d/b.txt/.."))
	requests := [][]string{
		{"edit", "a.txt/.", "--old", "one", "--new", "two"},
		{"edit", "a.txt/.", "--old", "one", "--new", "two", "--commit"},
		{"edit", "d/b.txt/..", "--old", "bee", "--new", "two"},
		{"edit", "d/./b.txt/.", "--old", "bee", "--new", "two"},
		{"edit", "new/.", "--old", "", "--new", "x"},
	}
	for _, args := range requests {
		r := gitedit(t, dir, "", args...)
		require.Equal(t, 1, r.code, "%v: %+v", args, r)
		require.Contains(t, r.stderr, "is_directory", args)
	}
	for _, envelope := range []string{
		"*** Begin Patch\n*** Delete File: a.txt/.\n*** End Patch\n",
		"*** Begin Patch\n*** Update File: a.txt/.\n@@\n-one\n+two\n*** End Patch\n",
		"*** Begin Patch\n*** Add File: new/.\n+x\n*** End Patch\n",
		"*** Begin Patch\n*** Update File: d/b.txt\n*** Move to: a.txt/.\n@@\n-bee\n+two\n*** End Patch\n",
	} {
		r := gitedit(t, dir, envelope, "patch", "-")
		require.Equal(t, 1, r.code, "%s: %+v", envelope, r)
	}
	// hash and read refuse them too, as git hash-object does.
	for _, p := range []string{"a.txt/.", "a.txt/"} {
		_, err := fixtures.RunGit(dir, "hash-object", p)
		require.Error(t, err, "git hash-object %s", p)
		for _, args := range [][]string{{"hash", p}, {"read", p}} {
			r := gitedit(t, dir, "", args...)
			require.NotEqual(t, 0, r.code, "%v: %+v", args, r)
			require.Contains(t, r.stderr, "is_directory", args)
		}
	}
	requireUnchanged(t, before, take(t, dir))
}
