package index_test

import (
	"bytes"
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
	"github.com/go-git/go-git/v5/plumbing"
)

// splitCase is one split-index situation: git commands that set it up,
// the policy git's configuration gives, the entries staged (path →
// content; "" removes the path) and what git must have written.
type splitCase struct {
	name   string
	setup  [][]string
	policy index.SplitPolicy
	stage  map[string]string
	expire time.Duration // splitIndex.sharedIndexExpire, back from now
	split  bool          // the result is a split index
	shared int           // shared index files after the write
}

func splitCases() []splitCase {
	on := [][]string{{"config", "core.splitIndex", "true"}}
	split := append(slices.Clone(on), []string{"update-index", "--split-index"})
	pol := func(split, pct int) index.SplitPolicy { return index.SplitPolicy{Split: split, MaxPercentChange: pct} }
	one := map[string]string{"a.txt": "a2\n"}
	seven := map[string]string{"dir/sub/c.txt": ""}
	for i := range 7 {
		seven[fmt.Sprintf("new%d.txt", i)] = fmt.Sprintf("n%d\n", i)
	}
	pct := func(n string) [][]string {
		return append(slices.Clone(split), []string{"config", "splitIndex.maxPercentChange", n})
	}
	twoWeeks := 14 * 24 * time.Hour
	return []splitCase{
		{"core.splitIndex makes the first split", on, pol(1, -1), one, twoWeeks, true, 1},
		{"a split index stays on its shared index", split, pol(1, -1), one, twoWeeks, true, 1},
		{"unset keeps the split", split, pol(-1, -1), one, twoWeeks, true, 1},
		{"unset never splits", nil, pol(-1, -1), one, twoWeeks, false, 0},
		{"a file added and one removed stay in the split file", split, pol(1, -1),
			map[string]string{"added.txt": "n\n", "z.txt": ""}, twoWeeks, true, 1},
		{"past 20 percent new entries a new shared index", split, pol(1, -1), seven, twoWeeks, true, 2},
		{"an expired shared index is removed", split, pol(1, -1), seven, 0, true, 1},
		{"maxPercentChange 0 always writes a new one", pct("0"), pol(1, 0), one, twoWeeks, true, 2},
		{"maxPercentChange 100 never does", pct("100"), pol(1, 100), seven, twoWeeks, true, 1},
		{"maxPercentChange 40 keeps it at 22 percent", pct("40"), pol(1, 40), seven, twoWeeks, true, 1},
		{"core.splitIndex=false writes it whole", append(slices.Clone(split), []string{"config", "core.splitIndex", "false"}),
			pol(0, -1), one, twoWeeks, false, 1},
		{"version 4 split", append([][]string{{"update-index", "--index-version", "4"}}, on...), pol(1, -1), seven, twoWeeks, true, 1},
	}
}

// TestSplitIndexWriteIsGits stages entries without stat data through the
// index package and, in a byte-for-byte copy of the repository, through
// git update-index --cacheinfo / --force-remove (which write no stat data
// either): the index file and every shared index must be the same bytes,
// whether git keeps the split, makes the first shared index, makes a new
// one past splitIndex.maxPercentChange, or writes the index whole again.
func TestSplitIndexWriteIsGits(t *testing.T) {
	for _, c := range splitCases() {
		t.Run(c.name, func(t *testing.T) {
			dir := oldFilesRepo(t)
			for _, args := range c.setup {
				git(t, dir, args...)
			}
			if c.expire == 0 {
				git(t, dir, "config", "splitIndex.sharedIndexExpire", "now")
			}
			oracle := exactCopy(t, dir)
			gitStage(t, oracle, c.stage)
			ourStage(t, dir, c)
			compareGitDirs(t, dir, oracle, c)
			for _, args := range [][]string{{"ls-files", "-s", "--debug"}, {"diff", "--cached", "--raw"}, {"status", "--porcelain"}} {
				if got, want := git(t, dir, args...), git(t, oracle, args...); got != want {
					t.Errorf("git %s:\n got %q\nwant %q", strings.Join(args, " "), got, want)
				}
			}
			git(t, dir, "fsck", "--strict")
		})
	}
}

// oldFilesRepo is a repository whose files are dated a year back and
// whose index was written since: no entry is racily clean, so git
// writes the entries as they are.
func oldFilesRepo(t *testing.T) string {
	dir := fixtures.NewRepo(t, baseFiles())
	old := time.Now().Add(-365 * 24 * time.Hour)
	for p := range mapKeys(baseFiles()) {
		if err := os.Chtimes(filepath.Join(dir, p), old, old); err != nil {
			t.Fatal(err)
		}
	}
	git(t, dir, "update-index", "-q", "--refresh")
	return dir
}

// exactCopy copies the repository keeping every byte and time.
func exactCopy(t *testing.T, dir string) string {
	dst := filepath.Join(t.TempDir(), "oracle")
	if out, err := exec.Command("cp", "-a", dir, dst).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v: %s", err, out)
	}
	return dst
}

// gitStage stages the entries with git update-index, in one command.
func gitStage(t *testing.T, dir string, stage map[string]string) {
	args := []string{"update-index", "--add"}
	for _, p := range slices.Sorted(mapKeys(stage)) {
		if stage[p] == "" {
			args = append(args, "--force-remove", p)
			continue
		}
		args = append(args, "--cacheinfo", "100644,"+gitBlob(t, dir, stage[p])+","+p)
	}
	git(t, dir, args...)
}

func gitBlob(t *testing.T, dir, content string) string {
	return strings.TrimSpace(fixtures.GitInput(t, dir, content, "hash-object", "-w", "--stdin"))
}

// ourStage stages the entries through the index package, as a batch
// does: Add and Remove, then the split policy, then Encode.
func ourStage(t *testing.T, dir string, c splitCase) {
	indexPath := filepath.Join(dir, ".git", "index")
	ix, err := index.Read(indexPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range slices.Sorted(mapKeys(c.stage)) {
		if c.stage[p] == "" {
			ix.Remove(p)
			continue
		}
		ix.Add(&index.Entry{Name: p, Mode: index.ModeRegular, Hash: plumbing.NewHash(gitBlob(t, dir, c.stage[p]))})
	}
	if ix.PrepareSplit(c.policy) {
		name, err := ix.WriteShared(filepath.Dir(indexPath), nil)
		if err != nil {
			t.Fatal(err)
		}
		index.CleanShared(filepath.Dir(indexPath), name, time.Now().Add(-c.expire))
	}
	data, err := ix.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(indexPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// compareGitDirs compares the index and the shared index files of two
// repositories byte for byte.
func compareGitDirs(t *testing.T, dir, oracle string, c splitCase) {
	t.Helper()
	ours, theirs := indexFiles(t, dir), indexFiles(t, oracle)
	if !slices.Equal(slices.Sorted(mapKeysB(ours)), slices.Sorted(mapKeysB(theirs))) {
		t.Fatalf("index files %v, git wrote %v", slices.Sorted(mapKeysB(ours)), slices.Sorted(mapKeysB(theirs)))
	}
	for name, want := range theirs {
		if got := ours[name]; !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes, git wrote %d (first difference at %d)", name, len(got), len(want), firstDiff(got, want))
		}
	}
	if n := len(theirs) - 1; n != c.shared {
		t.Errorf("git left %d shared index files, the case expects %d", n, c.shared)
	}
	ix, err := index.Read(filepath.Join(dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	if split := ix.SharedIndex() != ""; split != c.split {
		t.Errorf("split %v, want %v", split, c.split)
	}
}

// indexFiles returns the index and shared index files of a repository.
func indexFiles(t *testing.T, dir string) map[string][]byte {
	des, err := os.ReadDir(filepath.Join(dir, ".git"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, de := range des {
		if n := de.Name(); n == "index" || strings.HasPrefix(n, "sharedindex") {
			data, err := os.ReadFile(filepath.Join(dir, ".git", n))
			if err != nil {
				t.Fatal(err)
			}
			out[n] = data
		}
	}
	return out
}

func mapKeysB(m map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestSplitIndexReadDecodesOnlyTheSplitEntries reads a split index of
// 1,000 entries whose split file replaces, adds and removes entries (git
// made it), stages one entry and writes the split file: only the split
// file's entries and the one staged are decoded, and the result is the
// bytes git update-index --cacheinfo writes in a copy.
func TestSplitIndexReadDecodesOnlyTheSplitEntries(t *testing.T) {
	files := map[string]string{}
	for i := range 1000 {
		files[fmt.Sprintf("d%d/f%03d.txt", i%7, i)] = fmt.Sprint(i, "\n")
	}
	dir := fixtures.NewRepo(t, files)
	old := time.Now().Add(-365 * 24 * time.Hour)
	for p := range files {
		if err := os.Chtimes(filepath.Join(dir, p), old, old); err != nil {
			t.Fatal(err)
		}
	}
	git(t, dir, "update-index", "-q", "--refresh")
	git(t, dir, "config", "core.splitIndex", "true")
	git(t, dir, "update-index", "--split-index")
	gitStage(t, dir, map[string]string{"d1/f001.txt": "one\n", "d0/new.txt": "new\n", "d3/f003.txt": ""})
	oracle := exactCopy(t, dir)
	stage := map[string]string{"d5/f005.txt": "five\n"}
	gitStage(t, oracle, stage)

	indexPath := filepath.Join(dir, ".git", "index")
	ix, err := index.Read(indexPath)
	if err != nil {
		t.Fatal(err)
	}
	if n := index.Decoded(ix); n != 2 { // the replacement and the added entry
		t.Errorf("%d entries decoded after Read, want 2", n)
	}
	if got := ix.Entry("d3/f003.txt"); got != nil {
		t.Fatal("the deleted entry is still there")
	}
	ix.Add(&index.Entry{Name: "d5/f005.txt", Mode: index.ModeRegular, Hash: plumbing.NewHash(gitBlob(t, dir, "five\n"))})
	if ix.PrepareSplit(index.SplitPolicy{Split: 1, MaxPercentChange: -1}) {
		t.Fatal("a new shared index for one entry")
	}
	_ = ix.ModifiedSince(time.Now().Add(-time.Hour).Unix())
	data, err := ix.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if n := index.Decoded(ix); n > 10 {
		t.Errorf("%d of %d entries decoded to write the split file", n, ix.Len())
	}
	if err := os.WriteFile(indexPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	compareGitDirs(t, dir, oracle, splitCase{split: true, shared: 1})
	if got, want := git(t, dir, "ls-files", "-s", "--debug"), git(t, oracle, "ls-files", "-s", "--debug"); got != want {
		t.Error("git ls-files -s --debug differs")
	}
}

// TestSplitFileWithoutEntriesHasNoOffsetTable splits an index that has
// an IEOT (index.threads): the split file right after a new shared index
// holds no entry, and an offset table of no block is one git refuses
// ("invalid number of IEOT entries 0"); git writes none there, nor for a
// single entry.
func TestSplitFileWithoutEntriesHasNoOffsetTable(t *testing.T) {
	dir := oldFilesRepo(t)
	setupEOIE(2)(t, dir)
	indexPath := filepath.Join(dir, ".git", "index")
	ix, err := index.Read(indexPath)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(ix.Extensions(), "IEOT") {
		t.Fatalf("no IEOT to begin with: %v", ix.Extensions())
	}
	if !ix.PrepareSplit(index.SplitPolicy{Split: 1, MaxPercentChange: -1}) {
		t.Fatal("no new shared index for core.splitIndex=true")
	}
	if _, err := ix.WriteShared(filepath.Join(dir, ".git"), nil); err != nil {
		t.Fatal(err)
	}
	data, err := ix.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(indexPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if ix, err = index.Read(indexPath); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(ix.Extensions(), "IEOT") {
		t.Errorf("the split file of no entry has an IEOT: %v", ix.Extensions())
	}
	cmd := exec.Command("git", "ls-files", "-s")
	cmd.Dir, cmd.Env = dir, fixtures.Env(fixtures.Home(dir))
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "error") || strings.Count(string(out), "\n") != len(baseFiles()) {
		t.Fatalf("git ls-files -s: %v\n%s", err, out)
	}
}
