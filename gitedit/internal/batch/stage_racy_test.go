package batch

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// makeRacy dates the index before x.txt's last change, so that the next
// write of the index must check x.txt's content (git's racy rule), and
// waits for the file system's clock to move past that change.
func makeRacy(t *testing.T, dir string) {
	t.Helper()
	fi, err := os.Stat(filepath.Join(dir, "x.txt"))
	require.NoError(t, err)
	old := fi.ModTime().Add(-10 * time.Second)
	require.NoError(t, os.Chtimes(filepath.Join(dir, ".git", "index"), old, old))
	time.Sleep(30 * time.Millisecond)
}

// xEntry returns x.txt's index entry.
func xEntry(t *testing.T, dir string) *index.Entry {
	t.Helper()
	idx, err := index.Read(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	for _, e := range idx.Entries() {
		if e.Name == "x.txt" {
			return e
		}
	}
	t.Fatal("x.txt is not in the index")
	return nil
}

// One long-lived Repo (an MCP server's) remembers the racily clean files
// it read while writing the index, by their stat data, and reads them
// again only when the stat data moved: a same-size rewrite by another
// process, its mtime put back, still changes the ctime and is caught (the
// entry is smudged, git status sees it), while an untouched file is not
// read again.
func TestSessionRacyCheckSeesARewriteBetweenCalls(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"x.txt": "aaaa\n", "y.txt": "y0\n"})
	r := openTest(t, dir, dir)
	edit := func(old, new string) {
		t.Helper()
		_, err := replaceIn(r, "y.txt", old, new, spec.Options{})
		require.NoError(t, err)
	}
	makeRacy(t, dir)
	edit("y0", "y1")
	x := filepath.Join(dir, "x.txt")
	fi, err := os.Lstat(x)
	require.NoError(t, err)
	blob, ok := r.Checked().Lookup("x.txt", repo.StatOf(fi))
	require.True(t, ok, "the racy read of x.txt is recorded")
	require.Equal(t, xEntry(t, dir).Hash, blob)
	require.NotZero(t, xEntry(t, dir).Size, "x.txt is clean: not smudged")

	makeRacy(t, dir)
	edit("y1", "y2")
	require.NotZero(t, xEntry(t, dir).Size, "x.txt unchanged: still not smudged")

	require.NoError(t, os.WriteFile(x, []byte("bbbb\n"), 0o644))
	require.NoError(t, os.Chtimes(x, fi.ModTime(), fi.ModTime()))
	makeRacy(t, dir)
	edit("y2", "y3")
	require.Zero(t, xEntry(t, dir).Size, "the same-size rewrite of x.txt is smudged")
	require.Contains(t, fixtures.Git(t, dir, "status", "--porcelain"), " M x.txt")
}

// A file changed at or after the moment of reference (here: its mtime in
// the future) is never recorded: its stat data could still stay the same
// through a change.
func TestSessionRacyCheckDoesNotRecordAnUnsettledFile(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"x.txt": "aaaa\n", "y.txt": "y0\n"})
	x := filepath.Join(dir, "x.txt")
	future := time.Now().Add(time.Hour)
	require.NoError(t, os.Chtimes(x, future, future))
	fixtures.Git(t, dir, "add", "x.txt")
	r := openTest(t, dir, dir)
	_, err := replaceIn(r, "y.txt", "y0", "y1", spec.Options{})
	require.NoError(t, err)
	fi, err := os.Lstat(x)
	require.NoError(t, err)
	_, ok := r.Checked().Lookup("x.txt", repo.StatOf(fi))
	require.False(t, ok, "a file with a future mtime is read again each time")
	require.NotZero(t, xEntry(t, dir).Size)
}

// A racily clean file whose attributes ask for a conversion gitedit does
// not apply (ident, a clean filter) is smudged, as git's racy check does
// when the converted content differs from the blob; before, it was left
// clean (a refused conversion counted as unchanged, and a read recorded
// before the attribute was set was trusted), so `git status` no longer
// showed a change git itself reports. Both the first call of a Repo and
// a later call, after a record was made, are checked.
func TestRacyFileUnderAnUnappliedConversionIsSmudged(t *testing.T) {
	cases := []struct{ name, content, attr string }{
		{"ident", "$Id: foo $\n", "x.txt ident\n"},
		{"filter", "aaaa\n", "x.txt filter=upper\n"},
	}
	for _, tc := range cases {
		for _, recorded := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/recorded=%v", tc.name, recorded), func(t *testing.T) {
				dir := fixtures.NewRepo(t, map[string]string{"x.txt": tc.content, "y.txt": "y0\n"})
				fixtures.Git(t, dir, "config", "filter.upper.clean", "tr a-z A-Z")
				r := openTest(t, dir, dir)
				edit := func(old, new string) {
					t.Helper()
					_, err := replaceIn(r, "y.txt", old, new, spec.Options{})
					require.NoError(t, err)
				}
				if recorded {
					makeRacy(t, dir)
					edit("y0", "y1")
					require.NotZero(t, xEntry(t, dir).Size, "x.txt is clean before the attribute")
				}
				require.NoError(t, os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte(tc.attr), 0o644))
				makeRacy(t, dir)
				require.Contains(t, fixtures.Git(t, dir, "--no-optional-locks", "status", "--porcelain"), " M x.txt", "git sees the change")
				makeRacy(t, dir)
				if recorded {
					edit("y1", "y2")
				} else {
					edit("y0", "y1")
				}
				require.Zero(t, xEntry(t, dir).Size, "x.txt is smudged")
				require.Contains(t, fixtures.Git(t, dir, "status", "--porcelain"), " M x.txt")
			})
		}
	}
}
