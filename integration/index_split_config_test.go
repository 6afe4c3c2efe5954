package integration

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// splitRepo is a repository of 30 files dated a year back (no entry
// racily clean), with the configuration given.
func splitRepo(t *testing.T, config ...string) string {
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("f%02d.txt", i)] = fmt.Sprintf("line %d\n", i)
	}
	dir := fixtures.NewRepo(t, files)
	old := time.Now().Add(-365 * 24 * time.Hour)
	for p := range files {
		require.NoError(t, os.Chtimes(filepath.Join(dir, p), old, old))
	}
	git(t, dir, "update-index", "-q", "--refresh")
	for i := 0; i+1 < len(config); i += 2 {
		git(t, dir, "config", config[i], config[i+1])
	}
	return dir
}

// sharedIndexes returns the shared index files of dir, with their
// contents.
func sharedIndexes(t *testing.T, dir string) map[string]string {
	names, err := filepath.Glob(filepath.Join(dir, ".git", "sharedindex.*"))
	require.NoError(t, err)
	out := map[string]string{}
	for _, n := range names {
		out[filepath.Base(n)] = read(t, dir, filepath.Join(".git", filepath.Base(n)))
	}
	return out
}

// isSplit reports whether git reads dir's index as a split index.
func isSplit(t *testing.T, dir string) bool {
	return strings.Contains(read(t, dir, ".git/index"), "link")
}

// twinOf copies dir byte for byte (the oracle git works in).
func twinOf(t *testing.T, dir string) string {
	dst := filepath.Join(t.TempDir(), "twin")
	out, err := exec.Command("cp", "-a", dir, dst).CombinedOutput()
	require.NoError(t, err, "%s", out)
	return dst
}

// requireReadsLikeTwin checks that git reads the two indexes alike:
// entries (stat data aside), staged changes, status, fsck.
func requireReadsLikeTwin(t *testing.T, dir, twin string) {
	t.Helper()
	// First: git status writes the index as the configuration says.
	require.Equal(t, isSplit(t, twin), isSplit(t, dir), "split like git's")
	require.Equal(t, len(sharedIndexes(t, twin)), len(sharedIndexes(t, dir)), "as many shared indexes as git keeps")
	for _, args := range [][]string{{"ls-files", "-s"}, {"diff", "--cached", "--raw"}, {"status", "--porcelain"}} {
		require.Equal(t, git(t, twin, args...), git(t, dir, args...), "git %s", strings.Join(args, " "))
	}
	requireHealthy(t, dir)
}

// With core.splitIndex=true, the first gitedit batch splits the index as
// git add does, and the next ones write only the split file: the shared
// index is neither rewritten nor replaced (ten batches and an undo of
// the session, 11 of 30 entries changed but none added).
func TestIndexSplitIndexConfigSplitsAndKeepsTheSharedIndex(t *testing.T) {
	dir := splitRepo(t, "core.splitIndex", "true")
	twin := twinOf(t, dir)
	ok(t, dir, "edit", "f00.txt", "--old", "line 0", "--new", "zero", "--session", "s")
	write(t, twin, "f00.txt", "zero\n")
	git(t, twin, "add", "f00.txt")
	require.True(t, isSplit(t, dir), "core.splitIndex=true splits the index")
	shared := sharedIndexes(t, dir)
	requireReadsLikeTwin(t, dir, twin)
	require.Len(t, shared, 1)
	for i := 1; i <= 10; i++ {
		f := fmt.Sprintf("f%02d.txt", i)
		ok(t, dir, "edit", f, "--old", fmt.Sprintf("line %d", i), "--new", "changed", "--session", "s")
		write(t, twin, f, "changed\n")
		git(t, twin, "add", f)
	}
	ok(t, dir, "undo", "--session", "s", "--last", "1")
	write(t, twin, "f10.txt", "line 10\n")
	git(t, twin, "add", "f10.txt")
	requireReadsLikeTwin(t, dir, twin)
	require.Equal(t, shared, sharedIndexes(t, dir), "the shared index is kept byte for byte")
	for _, data := range shared {
		require.Less(t, len(read(t, dir, ".git/index")), len(data), "the split file holds the changed entries only")
	}
}

// Past splitIndex.maxPercentChange new entries, a batch writes a new
// shared index, as git add does; the old one stays until it expires
// (splitIndex.sharedIndexExpire; "now" removes it at once).
func TestIndexSplitIndexNewSharedIndexPastMaxPercentChange(t *testing.T) {
	for _, expire := range []string{"", "now"} {
		t.Run("expire="+expire, func(t *testing.T) {
			dir := splitRepo(t, "core.splitIndex", "true")
			git(t, dir, "update-index", "--split-index")
			if expire != "" {
				git(t, dir, "config", "splitIndex.sharedIndexExpire", expire)
			}
			twin := twinOf(t, dir)
			var ops []string
			for i := range 8 { // 8 of 38 entries: 21 percent
				p := fmt.Sprintf("new%d.txt", i)
				ops = append(ops, fmt.Sprintf(`{"file_path":%q,"old_string":"","new_string":"n\n"}`, p))
				write(t, twin, p, "n\n")
			}
			r := gitedit(t, dir, `{"operations":[`+strings.Join(ops, ",")+`]}`, "batch", "-")
			require.Equal(t, 0, r.code, "%s %s", r.stdout, r.stderr)
			git(t, twin, "add", ".")
			want := map[string]int{"": 2, "now": 1}[expire]
			require.Equal(t, want, len(sharedIndexes(t, dir)), "shared indexes left")
			requireReadsLikeTwin(t, dir, twin)
		})
	}
}

// core.splitIndex=false writes a split index whole again, as git does on
// its next index write.
func TestIndexSplitIndexFalseWritesTheIndexWhole(t *testing.T) {
	dir := splitRepo(t)
	git(t, dir, "update-index", "--split-index")
	git(t, dir, "config", "core.splitIndex", "false")
	twin := twinOf(t, dir)
	ok(t, dir, "edit", "f00.txt", "--old", "line 0", "--new", "zero")
	write(t, twin, "f00.txt", "zero\n")
	git(t, twin, "add", "f00.txt")
	require.False(t, isSplit(t, dir))
	requireReadsLikeTwin(t, dir, twin)
}

// With GIT_INDEX_FILE outside the git directory, git keeps the shared
// index in the git directory (and reads it there first, then beside the
// index file): gitedit reads git's split index and writes its own shared
// index there too.
func TestIndexSplitIndexOfAnIndexFileOutsideGitDir(t *testing.T) {
	dir := splitRepo(t, "core.splitIndex", "true")
	idx := filepath.Join(t.TempDir(), "other-index")
	env := gateEnv(dir, "GIT_INDEX_FILE="+idx)
	for _, args := range [][]string{{"read-tree", "HEAD"}, {"update-index", "--split-index"}} {
		require.Equal(t, 0, runIn(t, dir, env, "", "git", args...).code)
	}
	require.Len(t, sharedIndexes(t, dir), 1, "git made the shared index in the git directory")
	r := runIn(t, dir, env, "", "gitedit", "edit", "f00.txt", "--old", "line 0", "--new", "zero")
	require.Equal(t, 0, r.code, "%s %s", r.stdout, r.stderr)
	git(t, dir, "config", "splitIndex.maxPercentChange", "0") // a new shared index at each write
	r = runIn(t, dir, env, "", "gitedit", "edit", "f01.txt", "--old", "line 1", "--new", "one")
	require.Equal(t, 0, r.code, "%s %s", r.stdout, r.stderr)
	require.Len(t, sharedIndexes(t, dir), 2, "the new shared index is in the git directory")
	staged := runIn(t, dir, env, "", "git", "diff", "--cached", "--name-only")
	require.Equal(t, "f00.txt\nf01.txt\n", staged.stdout, staged.stderr)
	require.Equal(t, 0, runIn(t, dir, env, "", "git", "fsck", "--strict").code)
}

// A pre-commit hook that refreshes stat data (git status) rewrites the
// split index it is given; with GIT_INDEX_FILE outside the git directory
// that index's shared index is in the git directory, where gitedit must
// look for it to see that the hook changed nothing the commit holds, as
// git commit sees it.
func TestIndexSplitIndexOutsideGitDirSurvivesARefreshingHook(t *testing.T) {
	dir := splitRepo(t, "core.splitIndex", "true")
	idx := filepath.Join(t.TempDir(), "other-index")
	env := append(fixtures.Env(fixtures.Home(dir)), "GIT_INDEX_FILE="+idx)
	for _, args := range [][]string{{"read-tree", "HEAD"}, {"update-index", "--split-index"}, {"update-index", "-q", "--refresh"}} {
		require.Equal(t, 0, runIn(t, dir, env, "", "git", args...).code)
	}
	installHook(t, filepath.Join(dir, ".git", "hooks"), "pre-commit", "git status --porcelain >/dev/null\n")
	old := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(filepath.Join(dir, "f05.txt"), old, old)) // stale stat data
	r := runIn(t, dir, env, "", "gitedit", "edit", "f00.txt", "--old", "line 0", "--new", "zero", "--commit", "-m", "m")
	require.Equal(t, 0, r.code, "%s %s", r.stdout, r.stderr)
	require.Equal(t, "zero", git(t, dir, "show", "HEAD:f00.txt"))
	st := runIn(t, dir, env, "", "git", "status", "--porcelain")
	require.Equal(t, "", st.stdout, st.stderr)
}
