package patch

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// applyBoth applies patch to a file f holding content, once with
// `git apply --index gitArgs…` and once with gitedit, each in its own
// repository, and returns both results: the file's content, or "" and
// false when the tool refused. gitedit's notes are returned too.
func applyBoth(t *testing.T, content, patch string, gitArgs ...string) (gitOut string, gitOK bool, ours string, ourOK bool, notes []string) {
	t.Helper()
	gitDir := fixtures.NewRepo(t, map[string]string{"f": content})
	pf := filepath.Join(t.TempDir(), "p.diff")
	if err := os.WriteFile(pf, []byte(patch), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := fixtures.RunGit(gitDir, append(append([]string{"apply", "--index"}, gitArgs...), pf)...); err == nil {
		gitOut, gitOK = readFile(t, gitDir, "f"), true
	}
	ourDir := fixtures.NewRepo(t, map[string]string{"f": content})
	before := gitState(t, ourDir)
	res, err := Apply(context.Background(), openRepo(t, ourDir), spec.PatchRequest{Patch: patch}, spec.Options{})
	if err != nil {
		if gitState(t, ourDir) != before || readFile(t, ourDir, "f") != content {
			t.Fatalf("refused patch (%v) changed the repository", err)
		}
		return gitOut, gitOK, "", false, nil
	}
	return gitOut, gitOK, readFile(t, ourDir, "f"), true, res.Notes
}

// repeated returns n copies of block.
func repeated(block string, n int) string { return strings.Repeat(block, n) }

// TestHunkOffsetsAgainstGit is class 5 of issue 11: later hunks of a file
// are searched at their old-file line (the earlier hunks' added and
// removed lines are counted once), so -U0 patches and patches in files of
// repeated lines give git apply's result, with no "applied at line X
// instead of Y" notes for hunks that were in place.
func TestHunkOffsetsAgainstGit(t *testing.T) {
	block := "{\n\tx := 1\n}\n"
	rep := repeated(block, 30)
	num := numbered("line ", 60)
	tests := []struct {
		name, before, after string
		U                   string
	}{
		{"repeated lines, insert then change", rep, fixtures.EditLines(rep, map[int]string{4: "{\n\tnew := 0\n}\n{\n", 50: "\tx := 2\n"}), "-U3"},
		{"repeated lines, comment then change", rep, fixtures.EditLines(rep, map[int]string{4: "// one\n// two\n// three\n{\n", 50: "\tx := 2\n"}), "-U3"},
		{"repeated lines, delete then change", rep, fixtures.EditLines(rep, map[int]string{4: "", 5: "", 6: "", 50: "\tx := 2\n"}), "-U3"},
		{"-U0 inserts and deletes", num, fixtures.EditLines(num, map[int]string{3: "A\nB\nC\nline 3\n", 10: "", 11: "", 30: "X\n", 45: "line 45\nY\n"}), "-U0"},
		{"-U0 in repeated lines", rep, fixtures.EditLines(rep, map[int]string{2: "\ty := 1\n\tx := 1\n", 20: "", 41: "\tx := 3\n", 88: "}\n}\n"}), "-U0"},
		{"-U1 many hunks", num, fixtures.EditLines(num, map[int]string{2: "", 8: "8a\n8b\nline 8\n", 20: "", 21: "", 33: "3\n3\n3\n", 59: ""}), "-U1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			patch := fixtures.GitDiff(t, tt.before, tt.after, tt.U)
			var args []string
			if tt.U == "-U0" {
				args = []string{"--unidiff-zero"}
			}
			gitOut, gitOK, ours, ourOK, notes := applyBoth(t, tt.before, patch, args...)
			if !gitOK || gitOut != tt.after {
				t.Fatalf("git apply: ok=%v %q (the test's premise)", gitOK, gitOut)
			}
			if !ourOK || ours != tt.after {
				t.Fatalf("gitedit: ok=%v, got\n%s\nwant\n%s", ourOK, ours, tt.after)
			}
			if len(notes) != 0 {
				t.Fatalf("spurious notes for hunks in place: %q", notes)
			}
		})
	}
}

// TestHunkStartAndEndAgainstGit is class 6: a hunk whose old range starts
// at line 1 (or 0) must match at the start of the file, one without
// trailing context at its end, as in git's apply_one_fragment; so an
// append or prepend patch applied a second time is refused.
func TestHunkStartAndEndAgainstGit(t *testing.T) {
	base := numbered("l", 12)
	appended := base + "tail 1\ntail 2\n"
	prepended := "head\n" + base
	tests := []struct {
		name, made, madeAfter, applyTo string
		want                           string // "" when both must refuse
	}{
		{"append twice", base, appended, appended, ""},
		{"prepend twice", base, prepended, prepended, ""},
		{"append without final newline twice", "a\nb", "a\nb\nc", "a\nb\nc", ""},
		{"start hunk whose context moved down", base, strings.Replace(base, "l2\n", "L2\n", 1), "x\n" + base, ""},
		{"end hunk whose context moved up", base, strings.Replace(base, "l12\n", "L12\n", 1), base + "more\n", ""},
		{"start hunk in place", base, strings.Replace(base, "l1\n", "L1\n", 1), base, strings.Replace(base, "l1\n", "L1\n", 1)},
		{"end hunk in place", base, base + "end\n", base, base + "end\n"},
		{"two candidates: the nearest wins", base, strings.Replace(base, "l6\n", "L6\n", 1), "x\n" + base + base, "x\n" + strings.Replace(base, "l6\n", "L6\n", 1) + base},
		{"filling an empty file, applied to a non-empty one", "", "a\nb\n", "x\n", ""},
		{"middle hunk moved", base, strings.Replace(base, "l6\n", "L6\n", 1), "x\ny\n" + base, "x\ny\n" + strings.Replace(base, "l6\n", "L6\n", 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			patch := fixtures.GitDiff(t, tt.made, tt.madeAfter)
			gitOut, gitOK, ours, ourOK, _ := applyBoth(t, tt.applyTo, patch)
			if gitOK != (tt.want != "") || gitOut != tt.want {
				t.Fatalf("git apply: ok=%v %q (the test's premise)", gitOK, gitOut)
			}
			if ourOK != gitOK || ours != gitOut {
				t.Fatalf("gitedit: ok=%v %q; git: ok=%v %q", ourOK, ours, gitOK, gitOut)
			}
		})
	}
}

// TestZeroContextHunksTrustLineNumbers is class 7: a zero-context hunk
// (diff -U0) applies at its line number only, as git apply --unidiff-zero
// places it when the file is the one the patch was made from; it is never
// relocated by content, and a -U0 patch whose index line names another
// version of the file (one already patched, say) is refused.
func TestZeroContextHunksTrustLineNumbers(t *testing.T) {
	base := numbered("l", 10)
	change := fixtures.GitDiff(t, base, strings.Replace(base, "l5\n", "L5\n", 1), "-U0")
	insert := fixtures.GitDiff(t, base, strings.Replace(base, "l5\n", "l5\nnew\n", 1), "-U0")
	// The same changes written without index lines, as diff -U0 would.
	plainChange := "--- a/f\n+++ b/f\n@@ -5 +5 @@\n-l5\n+L5\n"
	tests := []struct {
		name, content, patch string
		want                 string // "" for a refusal
	}{
		{"in place", base, change, strings.Replace(base, "l5\n", "L5\n", 1)},
		{"insert in place", base, insert, strings.Replace(base, "l5\n", "l5\nnew\n", 1)},
		{"insert twice", strings.Replace(base, "l5\n", "l5\nnew\n", 1), insert, ""},
		{"lines moved down (plain diff)", "x\n" + base, plainChange, ""},
		{"lines moved down (git diff)", "x\n" + base, change, ""},
		{"plain diff in place", base, plainChange, strings.Replace(base, "l5\n", "L5\n", 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, ours, ourOK, notes := applyBoth(t, tt.content, tt.patch, "--unidiff-zero")
			if ourOK != (tt.want != "") || ours != tt.want {
				t.Fatalf("gitedit: ok=%v %q, want %q", ourOK, ours, tt.want)
			}
			if len(notes) != 0 {
				t.Fatalf("notes = %q", notes)
			}
		})
	}
}

// TestPatchAppliedTwiceIsRefused: whatever git does with a second
// application (it applies some again when the context still matches),
// gitedit refuses a patch whose result is already the file's content.
func TestPatchAppliedTwiceIsRefused(t *testing.T) {
	base := repeated("a\n", 12)
	after := fixtures.EditLines(base, map[int]string{6: "a\na\n"})
	patch := fixtures.GitDiff(t, base, after)
	gitOut, gitOK, _, ourOK, _ := applyBoth(t, after, patch)
	if !gitOK || gitOut != after+"a\n" {
		t.Fatalf("git apply: ok=%v %q (the test's premise: git applies it again)", gitOK, gitOut)
	}
	if ourOK {
		t.Fatal("gitedit applied the patch a second time")
	}
	dir := fixtures.NewRepo(t, map[string]string{"f": after})
	_, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: patch}, spec.Options{})
	if spec.CodeOf(err) != spec.CodeNotFound || !strings.Contains(err.Error(), "already applied") {
		t.Fatalf("error = %v", err)
	}
}

// TestBinaryPatchChecksBlobIDs: as git's apply_binary, a binary patch
// needs full blob ids, applies only to the blob it names, so it is refused
// the second time.
func TestBinaryPatchChecksBlobIDs(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"b.bin": "\x00one"})
	fixtures.WriteFiles(t, dir, map[string]string{"b.bin": "\x00two and more"})
	patch := fixtures.Git(t, dir, "diff", "--binary")
	for i, want := range []spec.Code{"", spec.CodeNotFound} {
		fixtures.Git(t, dir, "checkout", "-q", "b.bin")
		if i == 1 {
			fixtures.WriteFiles(t, dir, map[string]string{"b.bin": "\x00two and more"})
		}
		_, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: patch}, spec.Options{})
		if spec.CodeOf(err) != want {
			t.Fatalf("application %d: error = %v, want %q", i+1, err, want)
		}
	}
	fixtures.Git(t, dir, "checkout", "-q", "b.bin")
	short := regexp.MustCompile(`index ([0-9a-f]{7})[0-9a-f]+\.\.([0-9a-f]{7})[0-9a-f]+`).ReplaceAllString(patch, "index $1..$2")
	if _, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: short}, spec.Options{}); spec.CodeOf(err) != spec.CodeInvalidInput {
		t.Fatalf("abbreviated index line: error = %v, want invalid_input", err)
	}
}

// TestPatchCreatesEmptyFile: the blob of "nothing" is the blob of an empty
// file, which is not a sign that a creation was applied already (found by
// the history replay of go-gitdiff).
func TestPatchCreatesEmptyFile(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	fixtures.WriteFiles(t, dir, map[string]string{"empty": ""})
	fixtures.Git(t, dir, "add", "-A")
	patch := fixtures.Git(t, dir, "diff", "--cached", "--binary")
	fixtures.Git(t, dir, "rm", "-q", "--cached", "empty")
	if err := os.Remove(filepath.Join(dir, "empty")); err != nil {
		t.Fatal(err)
	}
	if _, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: patch}, spec.Options{}); err != nil {
		t.Fatal(err)
	}
	if got := fixtures.Git(t, dir, "ls-files", "-s", "empty"); !strings.HasPrefix(got, "100644 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391") {
		t.Fatalf("index = %q", got)
	}
}

// TestPatchCRLFCheckoutAsGitApply: a file git converts (stored with LF,
// checked out with CRLF under eol=crlf or core.autocrlf) takes a git diff
// as git apply --index takes it: the hunks match the converted content,
// and the file keeps its CRLF endings.
func TestPatchCRLFCheckoutAsGitApply(t *testing.T) {
	base := fixtures.Numbered("line ", 20)
	after := fixtures.EditLines(base, map[int]string{3: "three\n", 4: "", 18: "line 18\nnew\n"})
	setups := map[string]func(dir string){
		"eol=crlf": func(dir string) {
			fixtures.WriteFiles(t, dir, map[string]string{".gitattributes": "f text eol=crlf\n"})
		},
		"core.autocrlf=true": func(dir string) { fixtures.Git(t, dir, "config", "core.autocrlf", "true") },
	}
	for name, setup := range setups {
		t.Run(name, func(t *testing.T) {
			var dirs [2]string
			for i := range dirs {
				dirs[i] = fixtures.NewRepo(t, map[string]string{"f": base})
				setup(dirs[i])
				fixtures.Git(t, dirs[i], "add", "-A")
				fixtures.Git(t, dirs[i], "commit", "-q", "--allow-empty", "-m", "attributes")
				if err := os.Remove(filepath.Join(dirs[i], "f")); err != nil {
					t.Fatal(err)
				}
				fixtures.Git(t, dirs[i], "checkout", "f")
			}
			if got := readFile(t, dirs[0], "f"); !strings.HasPrefix(got, "line 1\r\n") {
				t.Fatalf("the checkout is not CRLF: %q", got[:10])
			}
			patch := fixtures.GitDiff(t, base, after)
			pf := filepath.Join(t.TempDir(), "p.diff")
			if err := os.WriteFile(pf, []byte(patch), 0o644); err != nil {
				t.Fatal(err)
			}
			fixtures.Git(t, dirs[0], "apply", "--index", pf)
			if _, err := Apply(context.Background(), openRepo(t, dirs[1]), spec.PatchRequest{Patch: patch}, spec.Options{}); err != nil {
				t.Fatal(err)
			}
			for _, cmd := range [][]string{{"ls-files", "-s"}, {"status", "--porcelain"}} {
				if g, o := fixtures.Git(t, dirs[0], cmd...), fixtures.Git(t, dirs[1], cmd...); g != o {
					t.Fatalf("git %s: git apply gives %q, gitedit %q", cmd[0], g, o)
				}
			}
			if g, o := readFile(t, dirs[0], "f"), readFile(t, dirs[1], "f"); g != o {
				t.Fatalf("file: git apply writes %q, gitedit %q", g, o)
			}
		})
	}
}
