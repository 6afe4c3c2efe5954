package index_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/index"
)

// TestSameContentIgnoresARefreshGitWrites: in every kind of index git
// writes, a file whose stat data went stale (its modification time set
// back an hour) makes git status and git diff rewrite the index with
// fresh stat data: SameContent calls that the same content; a new blob
// or mode staged, a git add -N and a git rm --cached are not.
func TestSameContentIgnoresARefreshGitWrites(t *testing.T) {
	for _, f := range flavours() {
		t.Run(f.name, func(t *testing.T) {
			for _, refresh := range [][]string{{"status", "--porcelain"}, {"diff", "--quiet"}} {
				dir, indexPath := newFlavourRepo(t, f)
				before := readIndex(t, indexPath)
				raw, _ := os.ReadFile(indexPath)
				old := time.Now().Add(-time.Hour)
				if err := os.Chtimes(filepath.Join(dir, "a.txt"), old, old); err != nil {
					t.Fatal(err)
				}
				_, _ = fixtures.RunGit(dir, refresh...) // git diff --quiet exits 1 over an intent-to-add entry
				if now, _ := os.ReadFile(indexPath); bytes.Equal(now, raw) && f.name != "fsmonitor" {
					t.Fatalf("git %v did not rewrite the index", refresh) // (fsmonitor: a.txt not reported, not looked at)
				}
				if !index.SameContent(before.Entries(), readIndex(t, indexPath).Entries()) {
					t.Errorf("git %v: a stat refresh counted as a change", refresh)
				}
			}
			dir, indexPath := newFlavourRepo(t, f)
			before := readIndex(t, indexPath)
			fixtures.WriteFiles(t, dir, map[string]string{"a.txt": "changed\n", "new.txt": "new\n"})
			blob := strings.TrimSpace(git(t, dir, "hash-object", "-w", "a.txt"))
			for _, change := range [][]string{
				{"update-index", "--cacheinfo", "100644," + blob + ",a.txt"}, {"update-index", "--chmod=+x", "z.txt"},
				{"add", "-N", "new.txt"}, {"rm", "-q", "--cached", "z.txt"},
			} {
				git(t, dir, change...)
				if index.SameContent(before.Entries(), readIndex(t, indexPath).Entries()) {
					t.Errorf("git %v: not seen as a change", change)
				}
				git(t, dir, "reset", "-q")
			}
		})
	}
}

func readIndex(t *testing.T, p string) *index.Index {
	t.Helper()
	ix, err := index.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}
