package integration

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// controlNames are file names git accepts that hold control bytes (a
// newline, a tab, ESC, \x01) or a byte that is not UTF-8.
var controlNames = []string{"a\nb.txt", "t\tx.txt", "e\x1bsc.txt", "s\x01oh.txt", "caf\xe9.txt"}

// TestUndoOfOddNamesMatchesGitRevert makes gitedit commits that change,
// create and delete files whose names (and a folder's) hold control bytes
// or are not UTF-8, undoes them one by one, and compares each tree with
// git revert --no-edit of the same commit in a twin clone. gitedit log
// --file lists the commits git log lists for each name.
func TestUndoOfOddNamesMatchesGitRevert(t *testing.T) {
	files := map[string]string{"keep.txt": "k\n", "d\x01ir/in.txt": "old\n", "gone\n.txt": "bye\n"}
	for _, n := range controlNames {
		files[n] = "old\n"
	}
	dir := fixtures.NewRepo(t, files)
	for _, n := range append(controlNames, "d\x01ir/in.txt") {
		ok(t, dir, "edit", n, "--old", "old", "--new", "new", "--commit")
		ok(t, dir, "edit", "new-"+n, "--old", "", "--new", "made\n", "--commit")
	}
	fixtures.Git(t, dir, "rm", "-q", "--cached", "gone\n.txt")
	writeOutside(t, dir, "del.diff", fixtures.Git(t, dir, "diff", "--cached"))
	fixtures.Git(t, dir, "reset", "-q")
	ok(t, dir, "patch", "../del.diff", "--commit")
	requireLogFileMatchesGit(t, dir, append(controlNames, "gone\n.txt", "new-d\x01ir/in.txt"))

	twin := filepath.Join(filepath.Dir(dir), "twin")
	fixtures.Git(t, filepath.Dir(dir), "clone", "-q", dir, twin)
	targets := strings.Fields(git(t, dir, "rev-list", "HEAD"))
	require.Len(t, targets, 2*len(controlNames)+4)
	for _, target := range targets[:len(targets)-1] { // newest first, as plain undo takes them
		ok(t, dir, "undo")
		fixtures.Git(t, twin, "revert", "--no-edit", target)
		require.Equal(t, git(t, twin, "rev-parse", "HEAD^{tree}"), git(t, dir, "rev-parse", "HEAD^{tree}"), "undo of %s", target)
		require.Empty(t, git(t, dir, "status", "--porcelain"))
	}
	requireHealthy(t, dir)
}

// requireLogFileMatchesGit compares gitedit log --file with git log for
// each name: the same commits, newest first.
func requireLogFileMatchesGit(t *testing.T, dir string, names []string) {
	t.Helper()
	for _, n := range names {
		var log struct {
			Commits []struct {
				Commit string `json:"commit"`
			} `json:"commits"`
		}
		r := ok(t, dir, "log", "--file", n, "--json")
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &log))
		var got []string
		for _, c := range log.Commits {
			got = append(got, c.Commit)
		}
		want := strings.Fields(git(t, dir, "log", "--format=%H", "--grep=Edit-Tool:", "--", ":(literal)"+n))
		require.NotEmpty(t, want, "%q", n)
		require.Equal(t, want, got, "%q", n)
	}
}

// writeOutside writes name next to the repository dir.
func writeOutside(t *testing.T, dir, name, content string) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(dir), name), []byte(content), 0o644))
}

// TestUndoConflictOfOddNamesIsQuoted undoes a commit whose lines a later
// commit changed again: the conflict names the file quoted as git quotes
// it, and its JSON file_path is the name itself.
func TestUndoConflictOfOddNamesIsQuoted(t *testing.T) {
	for _, n := range controlNames {
		dir := fixtures.NewRepo(t, map[string]string{n: "one\n"})
		ok(t, dir, "edit", n, "--old", "one", "--new", "two", "--commit")
		ok(t, dir, "edit", n, "--old", "two", "--new", "three", "--commit")
		quoted := gitQuoted(t, dir, n)
		r := gitedit(t, dir, "", "undo", "HEAD~1")
		require.True(t, strings.HasPrefix(r.stderr, "gitedit: conflict: "+quoted+": "), "%q: %q", n, r.stderr)
		require.True(t, strings.HasSuffix(r.stderr, "\n"+quoted+": line 1\n"), "%q: %q", n, r.stderr)
		m, _ := jsonResult(t, dir, "", "undo", "HEAD~1")
		want := n
		if !utf8.ValidString(n) {
			want = quoted
		}
		require.Equal(t, want, m["error"].(map[string]any)["file_path"], "%q", n)
	}
}
