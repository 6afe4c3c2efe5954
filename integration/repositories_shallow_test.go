package integration

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// shallowClone makes a repository with two gitedit commits after the
// initial one and clones it with git clone --depth depth.
func shallowClone(t *testing.T, depth string) string {
	t.Helper()
	origin := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\nthree\n"})
	ok(t, origin, "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
	ok(t, origin, "edit", "a.txt", "--old", "two", "--new", "dos", "--commit")
	clone := filepath.Join(filepath.Dir(origin), "clone")
	git(t, filepath.Dir(origin), "clone", "-q", "--depth", depth, "file://"+origin, clone)
	require.FileExists(t, filepath.Join(clone, ".git", "shallow"))
	return clone
}

// TestShallowCloneHistoryStopsAtTheBoundary: in a shallow clone, log and
// series list what git log lists (they stop at the commits in
// .git/shallow instead of failing on the missing parents), undo works back
// to the boundary and refuses the shallow commit itself without changing
// anything.
func TestShallowCloneHistoryStopsAtTheBoundary(t *testing.T) {
	for _, depth := range []string{"1", "2"} {
		t.Run("depth "+depth, func(t *testing.T) {
			clone := shallowClone(t, depth)
			ok(t, clone, "edit", "a.txt", "--old", "three", "--new", "tres", "--commit")
			requireLogMatchesGit(t, clone)
			ok(t, clone, "undo")
			requireLogMatchesGit(t, clone)
			ok(t, clone, "series", "--stdout")
			r := gitedit(t, clone, "", "undo", "--json")
			if depth == "1" {
				// The next gitedit commit is the shallow one: its parent is
				// not in the clone.
				require.Equal(t, 1, r.code, "%+v", r)
				require.Equal(t, "unsupported", errorCode(r), "%+v", r)
				require.Contains(t, r.stdout, "shallow")
				return
			}
			require.Equal(t, 0, r.code, "%+v", r)
			require.Equal(t, "uno\ntwo\nthree\n", read(t, clone, "a.txt"))
			requireLogMatchesGit(t, clone)
			requireHealthy(t, clone)
		})
	}
}

// requireLogMatchesGit checks that gitedit log lists, newest first, the
// commits of git log that carry an Edit-Tool trailer.
func requireLogMatchesGit(t *testing.T, dir string) {
	t.Helper()
	var want []string
	for _, line := range strings.Split(git(t, dir, "log", "--format=%H %(trailers:key=Edit-Tool,valueonly,separator=%x2C)"), "\n") {
		if id, tool, _ := strings.Cut(line, " "); tool != "" {
			want = append(want, id)
		}
	}
	r := ok(t, dir, "log", "--json")
	var entries []struct {
		Commit string `json:"commit"`
	}
	var wrapped struct {
		Commits []struct {
			Commit string `json:"commit"`
		} `json:"commits"`
	}
	if json.Unmarshal([]byte(r.stdout), &entries) != nil {
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &wrapped), r.stdout)
		entries = wrapped.Commits
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Commit)
	}
	require.Equal(t, want, got)
}
