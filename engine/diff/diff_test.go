package diff

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bluekeyes/go-gitdiff/gitdiff"

	"github.com/gitedit/gitedit/fixtures"
)

// applyDiff parses diff with go-gitdiff and applies it to before.
func applyDiff(t *testing.T, diff, before string) string {
	t.Helper()
	files, _, err := gitdiff.Parse(strings.NewReader(diff))
	if err != nil {
		t.Fatalf("parse diff: %v\n%s", err, diff)
	}
	if len(files) != 1 {
		t.Fatalf("parsed %d files, want 1\n%s", len(files), diff)
	}
	var out bytes.Buffer
	if err := gitdiff.Apply(&out, strings.NewReader(before), files[0]); err != nil {
		t.Fatalf("apply diff: %v\n%s", err, diff)
	}
	return out.String()
}

func TestUnifiedDiffShowsCRsOnlyWhereEndingsDiffer(t *testing.T) {
	tests := []struct {
		name, oldPath, newPath, before, after, want string
	}{
		{"equal", "f", "f", "a\nb\n", "a\nb\n", ""},
		{"crlf only", "f", "f", "a\r\nb\r\n", "a\nb\n",
			"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\r\n-b\r\n+a\n+b\n"},
		{"crlf file", "f", "f", "a\r\nb\r\n", "a\r\nB\r\n",
			"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n"},
		{"mixed file", "f", "f", "a\r\nb\nc\r\n", "a\r\nb\nC\r\n",
			"--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\r\n b\n-c\r\n+C\r\n"},
		{"ending of one line", "f", "f", "a\nb\nc\n", "a\nb\r\nc\n",
			"--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+b\r\n c\n"},
		{"one line", "f", "f", "a\nb\nc\n", "a\nB\nc\n",
			"--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"created", "", "new.txt", "", "x\ny\n",
			"--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+x\n+y\n"},
		{"deleted", "old.txt", "", "x\n", "",
			"--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"},
		{"no final newline added", "f", "f", "a\nb", "a\nb\n",
			"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"},
		{"no final newline kept", "f", "f", "a\nb", "A\nb",
			"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n\\ No newline at end of file\n"},
		{"context limited", "f", "f", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nV\n6\n7\n8\n9\n",
			"--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+V\n 6\n 7\n 8\n"},
		{"pure insertion", "f", "f", "a\nb\n", "a\nnew\nb\n",
			"--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n a\n+new\n b\n"},
		{"space in name", "my file", "my file", "a\n", "b\n",
			"--- a/my file\t\n+++ b/my file\t\n@@ -1 +1 @@\n-a\n+b\n"},
		{"quoted name", "caf\u00e9", "caf\u00e9", "a\n", "b\n",
			"--- \"a/caf\\303\\251\"\n+++ \"b/caf\\303\\251\"\n@@ -1 +1 @@\n-a\n+b\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := UnifiedDiff(tt.oldPath, tt.newPath, tt.before, tt.after)
			if got != tt.want {
				t.Fatalf("diff mismatch\ngot:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestUnifiedDiffSplitsDistantChangesIntoTwoHunks(t *testing.T) {
	var a, b strings.Builder
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&a, "line %d\n", i)
		if i == 3 || i == 25 {
			fmt.Fprintf(&b, "changed %d\n", i)
			continue
		}
		fmt.Fprintf(&b, "line %d\n", i)
	}
	d := UnifiedDiff("f", "f", a.String(), b.String())
	if n := strings.Count(d, "\n@@ "); n != 2 {
		t.Fatalf("want 2 hunks, got %d:\n%s", n, d)
	}
	if !strings.Contains(d, "@@ -22,7 +22,7 @@") {
		t.Fatalf("second hunk header wrong:\n%s", d)
	}
	if got := applyDiff(t, d, a.String()); got != b.String() {
		t.Fatalf("applied diff differs")
	}
}

// TestUnifiedDiffApplies parses every diff with go-gitdiff and applies it:
// the result must equal after (with LF endings).
func TestUnifiedDiffApplies(t *testing.T) {
	tests := []struct{ name, before, after string }{
		{"empty to content", "", "a\n"},
		{"content to empty", "a\nb\n", ""},
		{"no newline both", "a", "b"},
		{"drop final newline", "a\nb\n", "a\nb"},
		{"all changed", "a\nb\nc\n", "x\ny\nz\n"},
		{"repeated lines", "x\nx\nx\ny\nx\n", "x\ny\nx\nx\nx\n"},
		{"crlf input", "a\r\nb\r\n", "a\r\nc\r\n"},
		{"blank lines", "\n\n\n", "\n\nx\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := UnifiedDiff("f", "f", tt.before, tt.after)
			if got, want := applyDiff(t, d, toLF(tt.before)), toLF(tt.after); got != want {
				t.Fatalf("got %q want %q\n%s", got, want, d)
			}
		})
	}
}

// randomText builds up to n lines drawn from a small alphabet, so that
// repeated lines (the hard case for a line diff) are common.
func randomText(r *rand.Rand, n int) string {
	var b strings.Builder
	lines := r.Intn(n + 1)
	for i := 0; i < lines; i++ {
		b.WriteString(string(rune('a' + r.Intn(6))))
		if i < lines-1 || r.Intn(4) != 0 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// mutate applies a few random line insertions, deletions and changes.
func mutate(r *rand.Rand, s string) string {
	lines := SplitLines(s)
	for k := r.Intn(6); k > 0; k-- {
		i := 0
		if len(lines) > 0 {
			i = r.Intn(len(lines) + 1)
		}
		switch op := r.Intn(3); {
		case op == 0 || len(lines) == 0 || i == len(lines):
			lines = append(lines[:i], append([]string{string(rune('a'+r.Intn(8))) + "\n"}, lines[i:]...)...)
		case op == 1:
			lines = append(lines[:i], lines[i+1:]...)
		default:
			lines[i] = string(rune('a'+r.Intn(8))) + "\n"
		}
	}
	out := strings.Join(lines, "")
	if r.Intn(4) == 0 {
		out = strings.TrimSuffix(out, "\n")
	}
	return out
}

func TestUnifiedDiffOfRandomChangesApplies(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	rounds := 3000
	if testing.Short() {
		rounds = 300
	}
	for i := 0; i < rounds; i++ {
		before := randomText(r, 40)
		after := mutate(r, before)
		if r.Intn(5) == 0 {
			after = randomText(r, 40)
		}
		d := UnifiedDiff("f", "f", before, after)
		if before == after {
			if d != "" {
				t.Fatalf("round %d: diff of equal texts: %q", i, d)
			}
			continue
		}
		if got := applyDiff(t, d, before); got != after {
			t.Fatalf("round %d: got %q want %q\ndiff:\n%s", i, got, after, d)
		}
	}
}

// TestDiffLinesKeepsAsManyLinesAsAMinimalDiff checks the runs pair equal lines and that Myers
// keeps as many lines as a minimal diff does.
func TestDiffLinesKeepsAsManyLinesAsAMinimalDiff(t *testing.T) {
	tests := []struct {
		a, b  string
		equal int // lines kept by a minimal diff
	}{
		{"a\nb\nc\na\nb\nb\na\n", "c\nb\na\nb\na\nc\n", 4},
		{"x\ny\nz\n", "x\ny\nz\n", 3},
		{"", "a\n", 0},
		{"a\nb\n", "b\na\n", 1},
	}
	for _, tt := range tests {
		al, bl := SplitLines(tt.a), SplitLines(tt.b)
		runs := diffLines(al, bl)
		kept := 0
		for _, r := range runs {
			for k := 0; k < r.n; k++ {
				if al[r.a+k] != bl[r.b+k] {
					t.Fatalf("run %+v pairs unequal lines", r)
				}
			}
			kept += r.n
		}
		if kept != tt.equal {
			t.Errorf("diff of %q and %q keeps %d lines, want %d", tt.a, tt.b, kept, tt.equal)
		}
	}
}

// TestPatienceFallbackRunsAreAnOrderedCommonSubsequence runs the patience split directly and checks its
// runs are an ordered common subsequence.
func TestPatienceFallbackRunsAreAnOrderedCommonSubsequence(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 200; i++ {
		a, b := randomText(r, 60), randomText(r, 60)
		al, bl := SplitLines(a), SplitLines(b)
		ids := map[string]int{}
		d := &differ{a: intern(ids, al), b: intern(ids, bl)}
		d.anchor(0, len(al), 0, len(bl))
		pa, pb := 0, 0
		for _, r := range d.runs {
			if r.a < pa || r.b < pb {
				t.Fatalf("runs out of order: %+v", d.runs)
			}
			for k := 0; k < r.n; k++ {
				if al[r.a+k] != bl[r.b+k] {
					t.Fatalf("run %+v pairs unequal lines", r)
				}
			}
			pa, pb = r.a+r.n, r.b+r.n
		}
	}
}

func BenchmarkUnifiedDiff(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 64<<20; i++ {
		fmt.Fprintf(&sb, "line %d of a large file with some text\n", i)
	}
	before := sb.String()
	mid := len(before) / 2
	oneLine := before[:mid] + "inserted line\n" + before[mid:]
	r := rand.New(rand.NewSource(3))
	lines := SplitLines(before[:4<<20])
	for i := 0; i < 2000; i++ {
		lines[r.Intn(len(lines))] = fmt.Sprintf("changed %d\n", i)
	}
	scattered := strings.Join(lines, "")
	b.Run("64MB_one_line", func(b *testing.B) {
		b.SetBytes(int64(len(before)))
		for b.Loop() {
			UnifiedDiff("f", "f", before, oneLine)
		}
	})
	b.Run("4MB_2000_changes", func(b *testing.B) {
		b.SetBytes(4 << 20)
		for b.Loop() {
			UnifiedDiff("f", "f", before[:4<<20], scattered)
		}
	})
}

// gitApply applies diff to a file holding before with the real
// `git apply` and returns the file's new content.
func gitApply(t *testing.T, diff, before string) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := fixtures.RunGitInput(dir, diff, "apply", "--whitespace=nowarn", "-"); err != nil {
		t.Fatalf("%v\n%s", err, diff)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(got)
}

// TestUnifiedDiffGitApply judges the diffs with real git: `git apply`
// must turn before into after.
func TestUnifiedDiffGitApply(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not on PATH")
	}
	r := rand.New(rand.NewSource(11))
	rounds := 60
	if testing.Short() {
		rounds = 10
	}
	for i := 0; i < rounds; i++ {
		before := randomText(r, 30)
		after := mutate(r, before)
		if before == after || before == "" || after == "" {
			continue // git apply wants a creation/deletion header for those
		}
		d := UnifiedDiff("f", "f", before, after)
		if got := gitApply(t, d, before); got != after {
			t.Fatalf("round %d: git apply gave %q want %q\n%s", i, got, after, d)
		}
	}
}

// lcsLen is the length of the longest common subsequence, by dynamic
// programming: the number of lines a minimal diff keeps.
func lcsLen(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			default:
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// TestDiffLinesIsMinimalOnRandomInputs checks on random inputs that the Myers diff
// keeps as many lines as the longest common subsequence.
func TestDiffLinesIsMinimalOnRandomInputs(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	for i := 0; i < 2000; i++ {
		al := SplitLines(randomText(r, 30))
		bl := SplitLines(mutate(r, strings.Join(al, "")))
		if r.Intn(3) == 0 {
			bl = SplitLines(randomText(r, 30))
		}
		kept := 0
		for _, run := range diffLines(al, bl) {
			kept += run.n
		}
		if want := lcsLen(al, bl); kept != want {
			t.Fatalf("round %d: diff keeps %d lines, LCS is %d\na=%q\nb=%q", i, kept, want, al, bl)
		}
	}
}

// TestUnifiedDiffWithoutMyersBudgetStillApplies forces the patience fallback (no Myers
// budget) on large random inputs: the diffs must still apply.
func TestUnifiedDiffWithoutMyersBudgetStillApplies(t *testing.T) {
	saved := diffBudget
	diffBudget = 0
	defer func() { diffBudget = saved }()
	r := rand.New(rand.NewSource(13))
	words := func(n int) string { // lines from a large alphabet: many unique
		var b strings.Builder
		for k := r.Intn(n); k > 0; k-- {
			fmt.Fprintf(&b, "w%d\n", r.Intn(n))
		}
		return b.String()
	}
	for i := 0; i < 100; i++ {
		before := words(600)
		after := mutate(r, mutate(r, mutate(r, before)))
		if r.Intn(2) == 0 {
			after = words(600)
		}
		if before == after {
			continue
		}
		d := UnifiedDiff("f", "f", before, after)
		if got := applyDiff(t, d, before); got != after {
			t.Fatalf("round %d: diff does not apply", i)
		}
	}
}

// toLF is engine's CRLF-to-LF conversion, for the expected texts.
func toLF(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }
