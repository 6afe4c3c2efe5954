package integration

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// The patch conformance suite: git diffs of many shapes (-U0, -U1, -U3,
// several hunks per file, repeated lines, hunks at the start and end,
// renames, mode changes, binaries, deletions, additions) are applied by
// `git apply --index` (with --unidiff-zero for -U0) in one copy of a
// repository and by `gitedit patch` in another; both must give the same
// tree, index and status, or both refuse. Each patch is applied to the
// version it was made from, to its own result (a second application),
// and to versions with lines added at the top and at the bottom of every
// text file. gitedit may refuse where git applies only for the reasons in
// knownRefusals, which the README lists.

// file is one file of a tree: its content and whether it is executable.
type file struct {
	body string
	exec bool
}

// tree is a repository's files by slash path.
type tree map[string]file

// txt and exe build files.
func txt(body string) file { return file{body: body} }
func exe(body string) file { return file{body: body, exec: true} }

// pair is a change: a patch is made from before to after.
type pair struct {
	name          string
	before, after tree
}

// knownRefusals are the cases where gitedit refuses a patch that git
// applies, each found by a phrase of gitedit's message.
var knownRefusals = map[string]string{
	"already applied": "the patch is already applied",
	"-U0 patch applied to another version of the file": "diff -U0",
	"a patch cut inside a file's header":               "the patch ends inside the header",
	"a git header cut by a stray line":                 "a line that is not a header line cuts the header",
	"a ---/+++ name that disagrees with diff --git":    "and no 'rename",
}

// contexts are the diff context sizes every pair is tried with.
var contexts = []int{0, 1, 3}

// conformTally counts the outcomes of the whole suite.
type conformTally struct {
	mu     sync.Mutex
	counts map[string]int
}

// add counts one outcome.
func (c *conformTally) add(kind string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[kind]++
}

// String lists the counts, sorted.
func (c *conformTally) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for k, n := range c.counts {
		out = append(out, fmt.Sprintf("%s: %d", k, n))
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

func TestPatchesApplyAsGitApplyAppliesThem(t *testing.T) {
	tally := &conformTally{counts: map[string]int{}}
	pairs := append(handPairs(), mutatedPairs(t, 14, 20261124)...)
	t.Run("pairs", func(t *testing.T) {
		for i, p := range pairs {
			t.Run(p.name, func(t *testing.T) {
				t.Parallel()
				conformPair(t, p, i%2 == 0, tally)
			})
		}
	})
	t.Logf("patch conformance (%d changes × -U0/-U1/-U3 × 3 targets):\n%s", len(pairs), tally)
}

// conformPair makes the pair's patches and applies each to the version
// it was made from, to its result, and to the version with lines added at
// the top of every text file (top) or at the bottom.
func conformPair(t *testing.T, p pair, top bool, tally *conformTally) {
	base := repoOf(t, p.before)
	src := copyRepo(t, base)
	writeTree(t, src, p.before, p.after)
	fixtures.Git(t, src, "add", "-A")
	patches := map[int]string{}
	for _, u := range contexts {
		patches[u] = savePatch(t, fixtures.Git(t, src, "diff", "--cached", "--binary", "-M", fmt.Sprintf("-U%d", u)))
	}
	fixtures.Git(t, src, "commit", "-q", "-m", "after")
	targets := map[string]string{"made from": base, "applied twice": src}
	if top {
		targets["lines added at the top"] = repoOf(t, shifted(p.before, "// added 1\n// added 2\n", ""))
	} else {
		targets["lines added at the bottom"] = repoOf(t, shifted(p.before, "", "\n// added at the end\n"))
	}
	for _, u := range contexts {
		for name, target := range targets {
			kind := conformOne(t, target, patches[u], u == 0)
			tally.add(fmt.Sprintf("%-26s -U%d  %s", name, u, kind))
		}
	}
}

// conformOne applies patch to copies of target with git and gitedit and
// returns the outcome: "both apply", "both refuse" or "git applies,
// gitedit refuses: <reason>". Anything else fails t.
func conformOne(t *testing.T, target, patch string, zero bool) string {
	a, b := copyRepo(t, target), copyRepo(t, target)
	args := []string{"apply", "--index"}
	if zero {
		args = append(args, "--unidiff-zero")
	}
	_, gitErr := fixtures.RunGit(a, append(args, patch)...)
	before := quickState(t, b)
	r := gitedit(t, b, "", "patch", patch)
	switch {
	case gitErr == nil && r.code == 0:
		if ga, gb := repoState(t, a), repoState(t, b); ga != gb {
			t.Errorf("%s: git and gitedit differ:\ngit:\n%s\ngitedit:\n%s\npatch:\n%s", target, ga, gb, readPatch(t, patch))
		}
		return "both apply"
	case r.code != 0 && quickState(t, b) != before:
		t.Errorf("gitedit refused (%s) but changed the repository", r.stderr)
	case gitErr != nil && r.code != 0:
		return "both refuse"
	case gitErr == nil:
		return refusalReason(t, r, patch)
	}
	if r.code == 0 {
		t.Errorf("gitedit applies a patch git refuses (%v):\n%s", gitErr, readPatch(t, patch))
	}
	return "gitedit applies, git refuses"
}

// refusalReason names a known reason for gitedit's refusal of a patch git
// applies, or fails t.
func refusalReason(t *testing.T, r run, patch string) string {
	for reason, phrase := range knownRefusals {
		if strings.Contains(r.stderr, phrase) {
			return "git applies, gitedit refuses: " + reason
		}
	}
	t.Errorf("gitedit refuses a patch git applies: %s\npatch:\n%s", r.stderr, readPatch(t, patch))
	return "git applies, gitedit refuses (unknown)"
}

// repoState is what must agree after both tools applied a patch: the
// index's tree and every working-tree file's mode and content (with the
// index's tree, the latter also shows whether the status is the same).
func repoState(t *testing.T, dir string) string {
	return fixtures.Git(t, dir, "write-tree") + worktreeState(t, dir)
}

// worktreeState lists every file outside .git with its mode and content
// digest.
func worktreeState(t *testing.T, dir string) string {
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if err == nil && d.Name() == ".git" {
				return filepath.SkipDir
			}
			return err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(&b, "%s %v %s\n", filepath.ToSlash(rel), fi.Mode(), digestFile(t, p))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// quickState is what a refused patch must leave as it was, read without
// running git: the files, the index, HEAD and the branch.
func quickState(t *testing.T, dir string) string {
	s := worktreeState(t, dir)
	for _, p := range []string{"index", "HEAD", "refs/heads/main", "logs/HEAD"} {
		s += p + " " + digestFile(t, filepath.Join(dir, ".git", p)) + "\n"
	}
	return s
}

// repoOf creates a repository holding tr, committed (without git's hook
// samples: the suite copies repositories often). With a .gitattributes
// file, the files are checked out again, so that they take the line
// endings the attributes ask for.
func repoOf(t *testing.T, tr tree) string {
	dir := filepath.Join(t.TempDir(), "repo")
	fixtures.Git(t, t.TempDir(), "init", "-q", "--template=", "-b", "main", dir)
	writeTree(t, dir, nil, tr)
	fixtures.Git(t, dir, "add", "-A")
	fixtures.Git(t, dir, "commit", "-q", "--allow-empty", "-m", "base")
	if _, ok := tr[".gitattributes"]; ok {
		writeTree(t, dir, tr, nil)
		fixtures.Git(t, dir, "checkout", "--", ".")
	}
	return dir
}

// writeTree turns the files of old (already in dir) into those of tr.
func writeTree(t *testing.T, dir string, old, tr tree) {
	for p := range old {
		if _, ok := tr[p]; !ok {
			if err := os.Remove(filepath.Join(dir, p)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for p, f := range tr {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if f.exec {
			mode = 0o755
		}
		if err := os.WriteFile(full, []byte(f.body), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(full, mode); err != nil {
			t.Fatal(err)
		}
	}
}

// copyRepo copies a repository to a fresh folder and refreshes the copy's
// index (its stat data is the original's).
func copyRepo(t *testing.T, dir string) string {
	dst := filepath.Join(t.TempDir(), "repo")
	if out, err := exec.Command("cp", "-a", dir, dst).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	fixtures.Git(t, dst, "update-index", "-q", "--refresh")
	return dst
}

// savePatch writes a patch to a file and returns its path.
func savePatch(t *testing.T, patch string) string {
	f, err := os.CreateTemp(t.TempDir(), "*.patch")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(patch); err != nil {
		t.Fatal(err)
	}
	return f.Name()
}

// readPatch returns a saved patch, cut to 4000 bytes for messages.
func readPatch(t *testing.T, p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 4000 {
		b = append(b[:4000], "…"...)
	}
	return string(b)
}

// shifted returns tr with top and bottom added to every text file.
func shifted(tr tree, top, bottom string) tree {
	out := tree{}
	for p, f := range tr {
		if !strings.Contains(f.body, "\x00") {
			f.body = top + f.body + bottom
		}
		out[p] = f
	}
	return out
}
