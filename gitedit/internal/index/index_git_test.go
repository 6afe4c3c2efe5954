package index_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/go-git/go-git/v5/plumbing"
)

// flavour prepares a repository so that git writes one kind of index.
type flavour struct {
	name  string
	setup func(t *testing.T, dir string)
	exts  []string // extensions git must have written
}

func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	return fixtures.Git(t, dir, args...)
}

func baseFiles() map[string]string {
	files := map[string]string{
		"a.txt": "a\n", "dir/b.txt": "b\n", "dir/sub/c.txt": "c\n",
		"other/d.txt": "d\n", "other/deep/e.txt": "e\n", "z.txt": "z\n",
	}
	for i := range 20 {
		files[fmt.Sprintf("many/f%02d.txt", i)] = fmt.Sprintf("%d\n", i)
	}
	return files
}

func flavours() []flavour {
	return []flavour{
		{"v2", func(t *testing.T, d string) { git(t, d, "update-index", "--index-version", "2") }, []string{"TREE"}},
		{"v3-skipworktree-ita", setupV3, []string{"TREE"}},
		{"v4", func(t *testing.T, d string) { git(t, d, "update-index", "--index-version", "4") }, []string{"TREE"}},
		{"split", setupSplit, []string{"link", "TREE"}},
		{"untracked-cache", setupUntracked, []string{"TREE", "UNTR"}},
		{"skiphash", setupSkipHash, []string{"TREE"}},
		{"sparse", setupSparse, []string{"TREE", "sdir"}},
		{"reuc", setupREUC, []string{"TREE", "REUC"}},
		{"eoie-ieot", setupEOIE(2), []string{"IEOT", "TREE", "EOIE"}},
		{"eoie-ieot-v4", setupEOIE(4), []string{"IEOT", "TREE", "EOIE"}},
		{"fsmonitor", setupFSMonitor, []string{"TREE", "FSMN"}},
	}
}

func setupV3(t *testing.T, d string) {
	git(t, d, "update-index", "--index-version", "3")
	git(t, d, "update-index", "--skip-worktree", "other/d.txt")
	fixtures.WriteFiles(t, d, map[string]string{"ita.txt": "intent\n"})
	git(t, d, "add", "-N", "ita.txt")
}

func setupSplit(t *testing.T, d string) {
	git(t, d, "config", "core.splitIndex", "true")
	git(t, d, "update-index", "--split-index")
	fixtures.WriteFiles(t, d, map[string]string{"a.txt": "a2\n", "added.txt": "new\n"})
	git(t, d, "add", "a.txt", "added.txt")
	git(t, d, "rm", "-q", "--cached", "z.txt")
}

func setupUntracked(t *testing.T, d string) {
	git(t, d, "config", "core.untrackedCache", "true")
	// dir/new.txt is cached as untracked; staging it later leaves the
	// directory's mtime alone, so only invalidation keeps status right.
	fixtures.WriteFiles(t, d, map[string]string{"dir/sub/junk.tmp": "x\n", "loose.tmp": "y\n", "dir/new.txt": edits["dir/new.txt"]})
	git(t, d, "update-index", "--untracked-cache")
	git(t, d, "status", "--porcelain")
}

func setupSkipHash(t *testing.T, d string) {
	git(t, d, "config", "index.skipHash", "true")
	git(t, d, "update-index", "--force-write-index")
}

func setupSparse(t *testing.T, d string) {
	git(t, d, "config", "index.sparse", "true")
	git(t, d, "sparse-checkout", "set", "--cone", "--sparse-index", "dir")
}

func setupREUC(t *testing.T, d string) {
	git(t, d, "checkout", "-q", "-b", "side")
	fixtures.WriteFiles(t, d, map[string]string{"other/d.txt": "side\n"})
	git(t, d, "commit", "-q", "-am", "side")
	git(t, d, "checkout", "-q", "main")
	fixtures.WriteFiles(t, d, map[string]string{"other/d.txt": "main\n"})
	git(t, d, "commit", "-q", "-am", "main")
	_, _ = fixtures.RunGit(d, "merge", "-q", "side") // conflicts
	fixtures.WriteFiles(t, d, map[string]string{"other/d.txt": "resolved\n"})
	git(t, d, "add", "other/d.txt")
	git(t, d, "commit", "-q", "--no-edit")
	// The commit dropped REUC; record one again without committing.
	git(t, d, "checkout", "-q", "-b", "side2", "HEAD~1")
	fixtures.WriteFiles(t, d, map[string]string{"other/d.txt": "side2\n"})
	git(t, d, "commit", "-q", "-am", "side2")
	_, _ = fixtures.RunGit(d, "merge", "-q", "side")
	fixtures.WriteFiles(t, d, map[string]string{"other/d.txt": "resolved2\n"})
	git(t, d, "add", "other/d.txt")
}

func setupEOIE(version int) func(t *testing.T, d string) {
	return func(t *testing.T, d string) {
		git(t, d, "config", "index.threads", "3")
		git(t, d, "config", "index.recordEndOfIndexEntries", "true")
		git(t, d, "config", "index.recordOffsetTable", "true")
		git(t, d, "update-index", "--index-version", fmt.Sprint(version))
		git(t, d, "update-index", "--force-write-index")
	}
}

func setupFSMonitor(t *testing.T, d string) {
	hook := filepath.Join(filepath.Dir(d), "fsmonitor-hook")
	script := "#!/bin/sh\nprintf 'token2\\0other/d.txt\\0dir/sub/c.txt\\0dir/new.txt\\0'\n"
	if err := os.WriteFile(hook, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, d, "config", "core.fsmonitor", hook)
	git(t, d, "config", "core.fsmonitorHookVersion", "2")
	git(t, d, "update-index", "--fsmonitor")
	git(t, d, "status", "--porcelain")
}

func newFlavourRepo(t *testing.T, f flavour) (string, string) {
	dir := fixtures.NewRepo(t, baseFiles())
	f.setup(t, dir)
	indexPath := filepath.Join(dir, ".git", "index")
	ix, err := index.Read(indexPath)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	for _, sig := range f.exts {
		if !slices.Contains(ix.Extensions(), sig) {
			t.Fatalf("setup did not produce %s; have %v", sig, ix.Extensions())
		}
	}
	return dir, indexPath
}

func TestIndexRoundTripIsByteExact(t *testing.T) {
	for _, f := range flavours() {
		t.Run(f.name, func(t *testing.T) {
			_, indexPath := newFlavourRepo(t, f)
			want, err := os.ReadFile(indexPath)
			if err != nil {
				t.Fatal(err)
			}
			ix, err := index.Read(indexPath)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ix.Encode()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("re-encoded index differs: %d bytes vs %d (first difference at %d)",
					len(got), len(want), firstDiff(got, want))
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// edits are applied both by gitedit's index code and, in a copy of the
// repository, by git add; the two must then agree.
var edits = map[string]string{"dir/sub/c.txt": "c changed\n", "dir/new.txt": "brand new\n"}

func TestEditMatchesGit(t *testing.T) {
	for _, f := range flavours() {
		t.Run(f.name, func(t *testing.T) {
			dir, indexPath := newFlavourRepo(t, f)
			before, err := index.Read(indexPath)
			if err != nil {
				t.Fatal(err)
			}
			oracle := copyRepo(t, dir)
			fixtures.WriteFiles(t, dir, edits)
			fixtures.WriteFiles(t, oracle, edits)
			stageWithIndex(t, dir, indexPath, slices.Sorted(mapKeys(edits)))
			git(t, oracle, append([]string{"add", "--"}, slices.Sorted(mapKeys(edits))...)...)

			if err := index.Verify(indexPath); err != nil {
				t.Fatal(err)
			}
			after, err := index.Read(indexPath)
			if err != nil {
				t.Fatalf("re-read our index: %v", err)
			}
			if !slices.Equal(after.Extensions(), before.Extensions()) {
				t.Fatalf("extensions %v, git wrote %v", after.Extensions(), before.Extensions())
			}
			for _, args := range [][]string{
				{"diff-files", "--name-status"},
				{"ls-files", "-s"}, {"ls-files", "-v"},
				{"status", "--porcelain", "--untracked-files=all"},
				{"write-tree"},
			} {
				if got, want := git(t, dir, args...), git(t, oracle, args...); got != want {
					t.Errorf("git %s:\n got %q\nwant %q", strings.Join(args, " "), got, want)
				}
			}
			git(t, dir, "fsck", "--strict")
		})
	}
}

// stageWithIndex writes blobs for paths and stages them through the index
// package under index.lock, as gitedit does.
func stageWithIndex(t *testing.T, dir, indexPath string, paths []string) {
	lock, err := lockfile.Acquire(context.Background(), indexPath, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Rollback()
	ix, err := index.Read(indexPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		e := &index.Entry{Name: p, Hash: plumbing.NewHash(strings.TrimSpace(git(t, dir, "hash-object", "-w", p)))}
		fi, err := os.Lstat(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		e.SetStat(fi)
		ix.Add(e)
	}
	data, err := ix.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lock.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := lock.Commit(); err != nil {
		t.Fatal(err)
	}
}

func copyRepo(t *testing.T, dir string) string {
	dst := filepath.Join(t.TempDir(), "oracle")
	if out, err := exec.Command("cp", "-a", dir, dst).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v: %s", err, out)
	}
	// The copy has new inodes and ctimes: refresh its stat data.
	_, _ = fixtures.RunGit(dst, "update-index", "-q", "--refresh")
	return dst
}

func mapKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestUnchangedTracksTheFile checks Unchanged against every way the file
// can move on: git rewriting it, and a file without checksum.
func TestUnchangedTracksTheFile(t *testing.T) {
	dir := fixtures.NewRepo(t, baseFiles())
	path := filepath.Join(dir, ".git", "index")
	ix, err := index.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !ix.Unchanged(path) {
		t.Fatal("Unchanged is false for the file just read")
	}
	fixtures.WriteFiles(t, dir, map[string]string{"a.txt": "changed\n"})
	git(t, dir, "add", "a.txt")
	if ix.Unchanged(path) {
		t.Fatal("Unchanged is true after git add rewrote the index")
	}
	if (&index.Index{}).Unchanged(path) {
		t.Fatal("an index not read from a file is never unchanged")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	copy(data[len(data)-20:], make([]byte, 20)) // what index.skipHash writes
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if ix, err = index.Read(path); err != nil {
		t.Fatal(err)
	}
	if ix.Unchanged(path) {
		t.Fatal("without a checksum (index.skipHash) Unchanged must not vouch for the file")
	}
}

// TestTreeIDVouchesOnlyForAnIndexEqualToItsTree checks TreeID against git:
// after a commit it is HEAD's tree; a git add, an Add of ours, a conflict
// or an intent-to-add entry withdraw it.
func TestTreeIDVouchesOnlyForAnIndexEqualToItsTree(t *testing.T) {
	dir := fixtures.NewRepo(t, baseFiles())
	path := filepath.Join(dir, ".git", "index")
	read := func() *index.Index {
		t.Helper()
		ix, err := index.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		return ix
	}
	ix := read()
	id, ok := ix.TreeID()
	if head := strings.TrimSpace(git(t, dir, "rev-parse", "HEAD^{tree}")); !ok || id.String() != head {
		t.Fatalf("TreeID = %s, %v after a commit; HEAD^{tree} is %s", id, ok, head)
	}
	if !ix.HasFolder("dir") || !ix.HasFolder("dir/sub") || ix.HasFolder("di") || ix.HasFolder("a.txt") {
		t.Error("HasFolder disagrees with the index's folders")
	}
	e := *ix.Entry("a.txt")
	ix.Add(&e)
	if _, ok := ix.TreeID(); ok {
		t.Error("TreeID vouches for an index changed since Read")
	}
	fixtures.WriteFiles(t, dir, map[string]string{"dir/b.txt": "staged\n"})
	git(t, dir, "add", "dir/b.txt")
	if _, ok := read().TreeID(); ok {
		t.Error("TreeID vouches for an index with a staged change")
	}
	git(t, dir, "commit", "-q", "-m", "b")
	if _, ok := read().TreeID(); !ok {
		t.Fatal("TreeID withdrawn after the commit")
	}
	fixtures.WriteFiles(t, dir, map[string]string{"new.txt": "n\n"})
	git(t, dir, "add", "-N", "new.txt")
	if _, ok := read().TreeID(); ok {
		t.Error("TreeID vouches for an index with an intent-to-add entry")
	}
}

// TestTreeIDRefusesSparseDirectoryEntries reads a sparse index, whose
// cache-tree is valid and counts every entry, sparse directories
// included: TreeID must not vouch for it (its entries are not the tree's
// files).
func TestTreeIDRefusesSparseDirectoryEntries(t *testing.T) {
	dir, path := newFlavourRepo(t, flavour{"sparse", setupSparse, []string{"TREE", "sdir"}})
	git(t, dir, "write-tree")
	ix, err := index.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if root, ok := ix.CachedTree(""); !ok || root.String() != strings.TrimSpace(git(t, dir, "rev-parse", "HEAD^{tree}")) {
		t.Fatalf("the sparse index's cache-tree root is not HEAD's tree (%v): the test proves nothing", ok)
	}
	if _, ok := ix.TreeID(); ok {
		t.Error("TreeID vouches for a sparse index")
	}
}

// TestEditBesideFolderWithNewlineAgreesWithGitAdd stages a file in an index whose
// cache-tree holds a folder named with a newline (git allows it: the
// TREE extension ends a name with NUL) and must agree with git add.
func TestEditBesideFolderWithNewlineAgreesWithGitAdd(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"odd\ndir/f.txt": "f\n", "a.txt": "a\n"})
	git(t, dir, "read-tree", "HEAD") // writes a full cache-tree
	indexPath := filepath.Join(dir, ".git", "index")
	oracle := copyRepo(t, dir)
	change := map[string]string{"a.txt": "a2\n"}
	fixtures.WriteFiles(t, dir, change)
	fixtures.WriteFiles(t, oracle, change)
	stageWithIndex(t, dir, indexPath, []string{"a.txt"})
	git(t, oracle, "add", "a.txt")
	for _, args := range [][]string{{"ls-files", "-s"}, {"write-tree"}, {"status", "--porcelain"}} {
		if got, want := git(t, dir, args...), git(t, oracle, args...); got != want {
			t.Errorf("git %s:\n got %q\nwant %q", strings.Join(args, " "), got, want)
		}
	}
	git(t, dir, "fsck", "--strict")
}

// TestVersion3WithoutExtendedFlagsIsWrittenAsGitWritesIt stages the one
// intent-to-add entry of a version-3 index (the only entry with extended
// flags), as git add does in a copy: git demotes the header to version 2
// once no entry needs extended flags (read-cache.c, "demote version 3 to
// version 2 when the latter suffices"), and so must Encode; it kept
// version 3.
func TestVersion3WithoutExtendedFlagsIsWrittenAsGitWritesIt(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	fixtures.WriteFiles(t, dir, map[string]string{"new.txt": "new\n"})
	git(t, dir, "add", "-N", "new.txt")
	indexPath := filepath.Join(dir, ".git", "index")
	oracle := copyRepo(t, dir)
	git(t, oracle, "add", "new.txt")
	stageWithIndex(t, dir, indexPath, []string{"new.txt"})
	if got, want := headerVersion(t, indexPath), headerVersion(t, filepath.Join(oracle, ".git", "index")); got != want || want != 2 {
		t.Fatalf("version %d after staging the intent-to-add entry, git wrote %d (want 2)", got, want)
	}
	if got, want := git(t, dir, "ls-files", "-s", "--debug"), git(t, oracle, "ls-files", "-s", "--debug"); stripStat(got) != stripStat(want) {
		t.Fatalf("entries:\n%s\ngit:\n%s", got, want)
	}
}

// headerVersion returns the version in the header of the index file at
// path.
func headerVersion(t *testing.T, path string) uint32 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil || len(data) < 12 {
		t.Fatalf("read %s: %v", path, err)
	}
	return binary.BigEndian.Uint32(data[4:8])
}

// stripStat drops the lines of git ls-files --debug that differ between a
// repository and its copy (times, device and inode).
func stripStat(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(line, "  ctime:") && !strings.HasPrefix(line, "  mtime:") && !strings.HasPrefix(line, "  dev:") {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
