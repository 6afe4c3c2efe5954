package recipe

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// settleFiles makes the scans of this test start an hour from now, so
// that the files it has just written count as settled (older than
// scancache.Margin) and their facts are recorded.
func settleFiles(t *testing.T) {
	t.Helper()
	orig := scanClock
	scanClock = func() time.Time { return time.Now().Add(time.Hour) }
	t.Cleanup(func() { scanClock = orig })
}

// cacheRepo is a repository of 40 Go files, 3 of which call FetchUser(,
// a binary file and a Markdown file.
func cacheRepo(t *testing.T) string {
	t.Helper()
	files := map[string]string{"img.bin": "\x00\x01binary FetchUser(\x00", "docs/a.md": "FetchUser( in docs\n"}
	for i := range 40 {
		body := "package p\n\nfunc F() {}\n"
		if i%15 == 0 {
			body = "package p\n\nfunc F() { FetchUser(1) }\n"
		}
		files[fmt.Sprintf("p/%c/f%02d.go", 'a'+i%5, i)] = body
	}
	return fixtures.NewRepo(t, files)
}

// fetchRecipe renames FetchUser( to LoadUser( in every file.
var fetchRecipe = spec.Recipe{Name: "rename", Edits: []spec.RecipeEdit{{OldString: "FetchUser(", NewString: "LoadUser(", ReplaceAll: true}}}

// checkRun runs recipes in check mode on a freshly opened repository.
func checkRun(t *testing.T, dir string, rs ...spec.Recipe) *spec.RunResult {
	t.Helper()
	res, err := runIn(t, dir, spec.RunRequest{Recipes: rs, Check: true})
	require.NoError(t, err)
	return res
}

func TestScanCacheDecidesSettledFilesWithoutReading(t *testing.T) {
	settleFiles(t)
	dir := cacheRepo(t)
	cold := checkRun(t, dir, fetchRecipe)
	require.Zero(t, cold.FromCache, "nothing is cached yet")
	require.FileExists(t, filepath.Join(dir, ".git", "gitedit", "scan-cache"))

	warm := checkRun(t, dir, fetchRecipe)
	// 42 files in scope: the 3 Go files and docs/a.md hold the needle and
	// are read again; the binary file and the 37 others come from the cache.
	require.Equal(t, 38, warm.FromCache)
	require.Equal(t, cold.Diff, warm.Diff)
	require.Equal(t, cold.Files, warm.Files)
	require.Equal(t, cold.Skipped, warm.Skipped)
	require.Equal(t, 1, warm.Skipped.Binary, "a binary file decided from the cache is still counted")
	require.Equal(t, 42, warm.Scanned)
}

// TestScanCacheSeesEveryChange changes settled files in the ways a cache
// keyed on stat data could miss (same size, mtime put back) and checks
// that the next scan reads them.
func TestScanCacheSeesEveryChange(t *testing.T) {
	settleFiles(t)
	dir := cacheRepo(t)
	checkRun(t, dir, fetchRecipe)
	time.Sleep(20 * time.Millisecond) // past the file system's time stamp granularity
	same := filepath.Join(dir, "p", "b", "f01.go")
	fi, err := os.Stat(same)
	require.NoError(t, err)
	body := []byte("package p\nFetchUser(1)\n")
	require.Len(t, body, int(fi.Size()), "the new content has the old size")
	require.NoError(t, os.WriteFile(same, body, 0o644))
	require.NoError(t, os.Chtimes(same, fi.ModTime(), fi.ModTime()))
	require.NoError(t, os.Remove(filepath.Join(dir, "p", "c", "f02.go")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "img.bin"), []byte("now text FetchUser(1)\n"), 0o644))

	res := checkRun(t, dir, fetchRecipe)
	require.True(t, touched(res, "p/b/f01.go"), "a same-size change with its mtime put back is seen")
	require.True(t, touched(res, "img.bin"), "a binary file turned text is seen")
	require.Equal(t, 1, res.Skipped.Missing, "a deleted file is counted missing")
	require.Zero(t, res.Skipped.Binary)
}

func TestScanCacheLearnsNewNeedles(t *testing.T) {
	settleFiles(t)
	dir := cacheRepo(t)
	checkRun(t, dir, fetchRecipe)
	other := spec.Recipe{Name: "other", Edits: []spec.RecipeEdit{{OldString: "func F() {}", NewString: "func G() {}"}}}
	first := checkRun(t, dir, other)
	require.Equal(t, 1, first.FromCache, "only the binary file is known; the new needle must be looked for")
	require.Len(t, first.Files, 37)
	second := checkRun(t, dir, other, fetchRecipe)
	require.Equal(t, 1, second.FromCache, "the 37 files hold the first needle, the 3 others the second one")
	require.Len(t, second.Files, 41, "the 40 Go files and docs/a.md")
	docsOnly := spec.Recipe{Name: "docs", Files: []string{"**/*.md"}, Edits: fetchRecipe.Edits}
	third := checkRun(t, dir, other, docsOnly)
	require.Equal(t, 4, third.FromCache, "the 3 FetchUser( files lack the other needle and are out of the docs recipe's scope")
}

// TestScanCacheKeepsOtherFilesOnExplicitPaths is the pre-commit case: a
// run over a few paths keeps what is known of the other tracked files.
func TestScanCacheKeepsOtherFilesOnExplicitPaths(t *testing.T) {
	settleFiles(t)
	dir := cacheRepo(t)
	checkRun(t, dir, fetchRecipe)
	res, err := runIn(t, dir, spec.RunRequest{Recipes: []spec.Recipe{fetchRecipe}, Paths: []string{"p/a/f05.go"}, Check: true})
	require.NoError(t, err)
	require.Equal(t, 1, res.Scanned)
	require.Equal(t, 38, checkRun(t, dir, fetchRecipe).FromCache)
}

func TestScanCacheOffByConfig(t *testing.T) {
	settleFiles(t)
	dir := cacheRepo(t)
	fixtures.Git(t, dir, "config", "gitedit.scanCache", "false")
	checkRun(t, dir, fetchRecipe)
	require.NoFileExists(t, filepath.Join(dir, ".git", "gitedit", "scan-cache"))
	require.Zero(t, checkRun(t, dir, fetchRecipe).FromCache)
	fixtures.Git(t, dir, "config", "gitedit.scanCache", "maybe")
	_, err := runIn(t, dir, spec.RunRequest{Recipes: []spec.Recipe{fetchRecipe}, Check: true})
	require.Equal(t, spec.CodeInvalidInput, spec.CodeOf(err), "a bad boolean is refused, naming the key: %v", err)
}

// TestScanCacheCorruptFileIsIgnored damages the cache: the run reads
// everything and gives the same answer.
func TestScanCacheCorruptFileIsIgnored(t *testing.T) {
	settleFiles(t)
	dir := cacheRepo(t)
	want := checkRun(t, dir, fetchRecipe)
	path := filepath.Join(dir, ".git", "gitedit", "scan-cache")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	data[len(data)/2] ^= 0xff
	require.NoError(t, os.WriteFile(path, data, 0o644))
	got := checkRun(t, dir, fetchRecipe)
	require.Zero(t, got.FromCache)
	require.Equal(t, want.Diff, got.Diff)
}

// TestScanCacheCheckModeChangesNothingOfGits checks that the cache lives
// outside what git tracks: status, index and refs are untouched by a
// check run that writes it.
func TestScanCacheCheckModeChangesNothingOfGits(t *testing.T) {
	settleFiles(t)
	dir := cacheRepo(t)
	index, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	head := fixtures.Git(t, dir, "rev-parse", "HEAD")
	require.True(t, checkRun(t, dir, fetchRecipe).Changed)
	after, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	require.Equal(t, index, after)
	require.Equal(t, head, fixtures.Git(t, dir, "rev-parse", "HEAD"))
	require.Empty(t, strings.TrimSpace(fixtures.Git(t, dir, "status", "--porcelain", "--untracked-files=all")))
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress")
	require.NoError(t, err, out)
}
