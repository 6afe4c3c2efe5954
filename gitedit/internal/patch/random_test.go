package patch

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// TestHunkPlacementMatchesGitApplyRandomized is a differential test of hunk
// placement: small files over a three-line alphabet (so that context
// repeats everywhere) are changed at random, the change is diffed by git
// with 0, 1 or 3 lines of context, and the patch is applied by git apply
// (with --unidiff-zero for -U0) and by applyTextHunks, to the version it
// was made from and to a randomly changed version of it. Both must give
// the same content or both refuse; for a zero-context patch applied to
// another version, gitedit may refuse where git applies (it never relocates
// such hunks), never the other way round.
func TestHunkPlacementMatchesGitApplyRandomized(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 11))
	cases := 150
	if n, err := strconv.Atoi(os.Getenv("GITEDIT_RANDOM_HUNK_CASES")); err == nil {
		cases = n
	}
	if testing.Short() {
		cases = 30
	}
	counts := map[string]int{}
	defer func() { t.Logf("outcomes: %v", counts) }()
	for i := range cases {
		before := randomLines(rng, 3+rng.IntN(25))
		after, target := randomEdit(rng, before), before
		if rng.IntN(2) == 0 {
			target = randomEdit(rng, before)
		}
		u := []int{0, 1, 3}[rng.IntN(3)]
		patch, ok := unifiedDiff(t, dir, before, after, u)
		if !ok {
			continue
		}
		gitOut, gitOK := gitApplyFile(t, dir, target, patch, u == 0)
		res, err := applyTextHunks("f", []byte(target), mustParse(t, patch).Files[0].TextFragments)
		ourOK := err == nil
		counts[fmt.Sprintf("git %v, gitedit %v, same target %v", gitOK, ourOK, target == before)]++
		switch {
		case gitOK && ourOK && string(res.Content) != gitOut:
			t.Fatalf("case %d: git gives %q, gitedit %q\ntarget %q\n%s", i, gitOut, res.Content, target, patch)
		case ourOK && !gitOK:
			t.Fatalf("case %d: gitedit applies (%q), git refuses\ntarget %q\n%s", i, res.Content, target, patch)
		case gitOK && !ourOK && (u != 0 || target == before):
			t.Fatalf("case %d: gitedit refuses (%v), git applies (%q)\ntarget %q\n%s", i, err, gitOut, target, patch)
		}
	}
}

// randomLines returns n lines drawn from a small alphabet.
func randomLines(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString([]string{"a\n", "b\n", "{\n", "}\n", "a\n"}[rng.IntN(5)])
	}
	return b.String()
}

// randomEdit deletes, inserts or changes one to three runs of lines.
func randomEdit(rng *rand.Rand, s string) string {
	ls := strings.SplitAfter(s, "\n")
	ls = ls[:len(ls)-1]
	for k := rng.IntN(3) + 1; k > 0; k-- {
		at := rng.IntN(len(ls) + 1)
		switch rng.IntN(3) {
		case 0:
			ls = append(ls[:at:at], ls[min(at+rng.IntN(3)+1, len(ls)):]...)
		case 1:
			ls = append(ls[:at:at], append([]string{fmt.Sprintf("new %d\n", rng.IntN(3))}, ls[at:]...)...)
		default:
			if at < len(ls) {
				ls = append(ls[:at:at], append([]string{"changed\n"}, ls[at+1:]...)...)
			}
		}
	}
	return strings.Join(ls, "")
}

// unifiedDiff diffs before and after with git (u lines of context) and
// returns the patch for a file f; false when there is no change.
func unifiedDiff(t *testing.T, dir, before, after string, u int) (string, bool) {
	writeScratch(t, dir, "old", before)
	writeScratch(t, dir, "new", after)
	cmd := exec.Command("git", "diff", "--no-index", fmt.Sprintf("-U%d", u), "old", "new")
	cmd.Dir = dir
	cmd.Env = fixtures.Env(fixtures.Home(dir))
	out, _ := cmd.Output()
	i := strings.Index(string(out), "\n@@ ")
	if i < 0 {
		return "", false
	}
	return "--- a/f\n+++ b/f\n" + string(out[i+1:]), true
}

// gitApplyFile applies patch to a file f holding content with git apply
// outside any repository. Both git commands run isolated from the
// machine's configuration (fixtures.Env).
func gitApplyFile(t *testing.T, dir, content, patch string, zero bool) (string, bool) {
	writeScratch(t, dir, "f", content)
	writeScratch(t, dir, "p.diff", patch)
	args := []string{"apply"}
	if zero {
		args = append(args, "--unidiff-zero")
	}
	cmd := exec.Command("git", append(args, "p.diff")...)
	cmd.Dir = dir
	cmd.Env = append(fixtures.Env(fixtures.Home(dir)), "GIT_CEILING_DIRECTORIES="+filepath.Dir(dir))
	if cmd.Run() != nil {
		return "", false
	}
	b, err := os.ReadFile(filepath.Join(dir, "f"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b), true
}

// writeScratch writes a file in dir.
func writeScratch(t *testing.T, dir, name, content string) {
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
