package integration

import (
	"bytes"
	be "encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A file rewritten (same size) right after gitedit staged it is "racily
// clean": only the content can tell it changed. A later gitedit write of
// the index must not make its stale stat data look trustworthy, as git
// does (it smudges such entries).
func TestRacilyCleanEntryIsNotHiddenByALaterWrite(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"x.txt": "aaaa\n", "y.txt": "yyyy\n"})
	ok(t, dir, "edit", "x.txt", "--old", "aaaa", "--new", "bbbb")
	write(t, dir, "x.txt", "cccc\n")
	time.Sleep(1100 * time.Millisecond)
	ok(t, dir, "edit", "y.txt", "--old", "yyyy", "--new", "zzzz")

	status := git(t, dir, "status", "--porcelain")
	require.Contains(t, status, "MM x.txt", "the unstaged rewrite of x.txt is still seen")
	require.Contains(t, git(t, dir, "diff", "x.txt"), "+cccc")
}

// commit-first publishes both commits with one ref move: one reflog entry.
func TestCommitFirstMovesTheBranchOnce(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\n"})
	write(t, dir, "a.txt", "one\ntwo\nthree\n")
	before := len(strings.Split(git(t, dir, "reflog", "refs/heads/main"), "\n"))
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "--dirty", "commit-first")
	after := len(strings.Split(git(t, dir, "reflog", "refs/heads/main"), "\n"))
	require.Equal(t, before+1, after)
	require.Equal(t, "3", git(t, dir, "rev-list", "--count", "HEAD"))
}

// commit-first when only the index differs from HEAD commits the staged
// content, never an empty commit.
func TestCommitFirstWithOnlyAStagedChange(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\n"})
	write(t, dir, "a.txt", "staged\ntwo\n")
	git(t, dir, "add", "a.txt")
	write(t, dir, "a.txt", "one\ntwo\n")
	ok(t, dir, "edit", "a.txt", "--old", "two", "--new", "dos", "--commit", "--dirty", "commit-first")
	require.Equal(t, "staged\ntwo", git(t, dir, "show", "HEAD~1:a.txt"))
	require.NotEmpty(t, git(t, dir, "diff", "--name-only", "HEAD~2", "HEAD~1"), "no empty commit")
	require.Equal(t, "one\ndos", git(t, dir, "show", "HEAD:a.txt"))
	requireHealthy(t, dir)
}

// A new file where a deleted file's name is now a folder (or the reverse)
// replaces the old index entry, as git add does; in commit mode it is
// refused, since the commit would carry the other path's removal.
func TestFileFolderClashReplacesEntryOrIsRefusedInCommitMode(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "file\n", "keep.txt": "k\n"})
	require.NoError(t, os.Remove(filepath.Join(dir, "a")))
	r := gitedit(t, dir, "", "edit", "a/b", "--old", "", "--new", "nested\n", "--commit")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "dirty")

	ok(t, dir, "edit", "a/b", "--old", "", "--new", "nested\n")
	require.Equal(t, "a/b\nkeep.txt", git(t, dir, "ls-files"))
	git(t, dir, "write-tree")
	requireHealthy(t, dir)
}

// With core.fileMode=false the executable bit on disk means nothing: the
// recorded mode is kept, and a file whose bit differs is not dirty.
func TestFileModeFalseKeepsRecordedMode(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"s.sh": "echo hi\n"})
	git(t, dir, "update-index", "--chmod=+x", "s.sh")
	git(t, dir, "commit", "-q", "-m", "exec")
	git(t, dir, "config", "core.fileMode", "false")
	require.NoError(t, os.Chmod(filepath.Join(dir, "s.sh"), 0o644))
	require.Equal(t, "", git(t, dir, "status", "--porcelain"))

	ok(t, dir, "edit", "s.sh", "--old", "hi", "--new", "hello", "--commit")
	require.Contains(t, git(t, dir, "ls-tree", "HEAD", "s.sh"), "100755")
	require.Equal(t, "", git(t, dir, "status", "--porcelain"))
}

// A file committed with CRLF before core.autocrlf was set is clean for
// git, so it is clean for gitedit's dirty check too.
func TestCRLFInHeadUnderAutocrlfIsNotDirty(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": "a\r\nb\r\n"})
	git(t, dir, "config", "core.autocrlf", "true")
	require.Equal(t, "", git(t, dir, "status", "--porcelain"))
	ok(t, dir, "edit", "f.txt", "--old", "a", "--new", "A", "--commit")
	require.Equal(t, "", git(t, dir, "status", "--porcelain"))
	requireHealthy(t, dir)
}

// TestCacheTreeStaysValidAndRight checks the cache-tree gitedit leaves
// after its commits against git's own: write-tree agrees with HEAD, and
// the TREE extension is byte for byte the one git read-tree builds for
// HEAD. A wrong cache-tree would make git's next commit record wrong
// trees, so the extension itself is compared, after several kinds of
// batches in a row.
func TestCacheTreeStaysValidAndRight(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{
		"a.go": "FetchUser(1)\n", "p/b.go": "FetchUser(2)\n", "p/q/c.go": "FetchUser(3)\n", "p/q/d.go": "x\n", "z/e.go": "y\n",
	})
	recipe := filepath.Join(t.TempDir(), "r.yaml")
	require.NoError(t, os.WriteFile(recipe, []byte("name: r\nedits:\n  - old_string: FetchUser(\n    new_string: LoadUser(\n    replace_all: true\n"), 0o644))
	steps := []struct {
		args  []string
		valid bool // gitedit keeps the whole cache-tree valid
	}{
		{[]string{"run", "--commit", recipe}, true},
		{[]string{"edit", "z/e.go", "--old", "y", "--new", "Y", "--commit"}, true},
		{[]string{"edit", "p/q/d.go", "--old", "x", "--new", "X", "--commit"}, true},
		{[]string{"edit", "new/f.go", "--old", "", "--new", "new\n", "--commit"}, false}, // a new path: trees rewritten, cache-tree invalidated
		{[]string{"edit", "p/q/d.go", "--old", "X", "--new", "XX", "--commit"}, false},
	}
	for _, st := range steps {
		step := st.args
		ok(t, dir, step...)
		got := treeExtension(t, filepath.Join(dir, ".git", "index")) // before write-tree, which rewrites it
		head := git(t, dir, "rev-parse", "HEAD^{tree}")
		require.Equal(t, head, git(t, dir, "write-tree"), "after %v", step)
		tmp := filepath.Join(t.TempDir(), "index")
		cmd := exec.Command("git", "read-tree", "HEAD")
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "GIT_INDEX_FILE="+tmp)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		want := treeExtension(t, tmp)
		if !st.valid {
			continue // parts invalid: git recomputes them; write-tree agreed above
		}
		require.Equal(t, string(want), string(got), "cache-tree after %v", step)
	}
	requireClean(t, dir)
}

// treeExtension returns the payload of the TREE extension of the index
// file at path (nil without one), found by its signature after the entries.
func treeExtension(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	i := bytes.Index(data, []byte("TREE"))
	if i < 0 {
		return nil
	}
	n := int(be.BigEndian.Uint32(data[i+4:]))
	return data[i+8 : i+8+n]
}

// A racily clean entry whose file was rewritten with the same size but
// another modification second needs no smudging: git's stat check sees the
// new mtime, so, as git's ce_smudge_racily_clean_entry, gitedit does not
// read the file and leaves the entry's size as it is; git still sees the
// change.
func TestRacilyCleanEntryWithAnotherMtimeIsLeftForGitsStatCheck(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"x.txt": "aaaa\n", "y.txt": "yyyy\n"})
	ok(t, dir, "edit", "x.txt", "--old", "aaaa", "--new", "bbbb")
	write(t, dir, "x.txt", "cccc\n")
	old := time.Now().Add(-100 * time.Second)
	require.NoError(t, os.Chtimes(filepath.Join(dir, "x.txt"), old, old))
	ok(t, dir, "edit", "y.txt", "--old", "yyyy", "--new", "zzzz")

	require.Contains(t, git(t, dir, "ls-files", "--debug", "x.txt"), "size: 5\t", "not smudged")
	require.Contains(t, git(t, dir, "status", "--porcelain"), "MM x.txt", "the unstaged rewrite of x.txt is still seen")
	require.Contains(t, git(t, dir, "diff", "x.txt"), "+cccc")
}
