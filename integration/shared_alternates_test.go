package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// alternatesOrigin is a repository with a packed history and one loose
// commit on top, for clones that borrow its objects.
func alternatesOrigin(t *testing.T) string {
	origin := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\n", "sub/b.txt": "b\n"})
	fixtures.Commit(t, origin, "second", map[string]string{"a.txt": "one\ntwo\nthree\n"})
	fixtures.Git(t, origin, "gc", "-q")
	fixtures.Commit(t, origin, "loose", map[string]string{"sub/b.txt": "b\nc\n"})
	return origin
}

// TestEditLogUndoSeriesReadObjectsOnlyInAlternates: in clones whose every
// object lives in another repository's object folder (git clone --shared,
// --reference, a relative alternates path, a chain of two alternates, a
// C-quoted path with a comment line), edit --commit, log, undo and series
// work, the new blob is the one git hashes, and git fsck stays clean.
func TestEditLogUndoSeriesReadObjectsOnlyInAlternates(t *testing.T) {
	origin := alternatesOrigin(t)
	parent := filepath.Dir(origin)
	originObjects := filepath.Join(origin, ".git", "objects")
	clone := func(name string, args ...string) string {
		dir := filepath.Join(parent, name)
		fixtures.Git(t, parent, append(append([]string{"clone", "-q"}, args...), dir)...)
		return dir
	}
	setAlternates := func(dir, content string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, ".git", "objects", "info", "alternates"), []byte(content), 0o644))
	}
	cases := map[string]func() string{
		"clone --shared": func() string { return clone("shared", "--shared", origin) },
		"clone --reference": func() string {
			return clone("reference", "--reference", origin, "file://"+origin)
		},
		"relative path": func() string {
			dir := clone("relative", "--shared", origin)
			setAlternates(dir, "../../../"+filepath.Base(origin)+"/.git/objects\n")
			return dir
		},
		"chained alternates": func() string {
			middle := clone("middle", "--shared", origin)
			return clone("chained", "--shared", middle)
		},
		"quoted path and comment": func() string {
			dir := clone("quoted", "--shared", origin)
			quoted := `"` + strings.Replace(originObjects, "/", `\057`, 1) + `"`
			setAlternates(dir, "# borrowed objects\n"+quoted+"\n")
			return dir
		},
	}
	for name, setup := range cases {
		t.Run(name, func(t *testing.T) {
			dir := setup()
			requireNoOwnObjects(t, dir)
			requireAlternatesWork(t, dir)
		})
	}
}

// requireNoOwnObjects checks that dir's own object folder holds no object
// (no loose file, no pack): every read must go to an alternate.
func requireNoOwnObjects(t *testing.T, dir string) {
	t.Helper()
	out := git(t, dir, "count-objects", "-v")
	require.Contains(t, out, "count: 0\n", out)
	require.Contains(t, out, "packs: 0\n", out)
}

// requireAlternatesWork runs edit --commit, log, undo and series in dir
// and checks each against git.
func requireAlternatesWork(t *testing.T, dir string) {
	t.Helper()
	base := git(t, dir, "rev-parse", "HEAD")
	ok(t, dir, "edit", "sub/b.txt", "--old", "c\n", "--new", "see\n", "--commit")
	ok(t, dir, "edit", "a.txt", "--old", "two", "--new", "2", "--commit")
	require.Equal(t, "one\n2\nthree\n", read(t, dir, "a.txt"))
	require.Equal(t, git(t, dir, "hash-object", "a.txt"), git(t, dir, "rev-parse", "HEAD:a.txt"))
	require.Equal(t, base, git(t, dir, "rev-parse", "HEAD~2"))
	requireHealthy(t, dir)

	log := ok(t, dir, "log").stdout
	require.Contains(t, log, "a.txt")
	require.Contains(t, log, "sub/b.txt")

	out := filepath.Join(t.TempDir(), "series")
	ok(t, dir, "series", base+"..HEAD", "-o", out)
	files, err := os.ReadDir(out)
	require.NoError(t, err)
	require.NotEmpty(t, files)

	ok(t, dir, "undo")
	require.Equal(t, "one\ntwo\nthree\n", read(t, dir, "a.txt"))
	require.Equal(t, "", git(t, dir, "status", "--porcelain"))
	requireHealthy(t, dir)
}
