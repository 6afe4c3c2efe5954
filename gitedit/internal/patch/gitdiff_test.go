package patch

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

func TestTextHunksApplyAsGitApplyAppliesThem(t *testing.T) {
	base := fixtures.Numbered("line ", 40)
	tests := []struct {
		name, before, after string
		shift               string // prepended to the file the patch is applied to
		notes               int
	}{
		{"one hunk", base, strings.Replace(base, "line 2\n", "LINE\n", 1), "", 0},
		{"two hunks", base, strings.Replace(strings.Replace(base, "line 3\n", "C\n", 1), "line 30\n", "N\nN2\n", 1), "", 0},
		{"append without final newline", base, base + "tail", "", 0},
		{"drop final newline", "a\nb\n", "a\nb", "", 0},
		{"delete all", "a\nb\n", "", "", 0},
		{"create", "", "new\n", "", 0},
		{"moved context", base, strings.Replace(base, "line 30\n", "N\n", 1), "added 1\nadded 2\n", 1},
		{"crlf lines", "a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			patches, err := parseGitPatches(fixtures.GitDiff(t, tt.before, tt.after))
			if err != nil {
				t.Fatal(err)
			}
			f := patches[0].Files[0]
			res, err := applyTextHunks("f", []byte(tt.shift+tt.before), f.TextFragments)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(res.Content); got != tt.shift+tt.after {
				t.Fatalf("got %q, want %q", got, tt.shift+tt.after)
			}
			if len(res.Notes) != tt.notes {
				t.Fatalf("notes = %q, want %d", res.Notes, tt.notes)
			}
		})
	}
}

// TestGitPatchesGiveTheirGoldenOutput applies each testdata/patch/git-*.patch (one file)
// to the matching .in file and compares with .out, or checks the error
// code in .err.
func TestGitPatchesGiveTheirGoldenOutput(t *testing.T) {
	patches, _ := filepath.Glob("testdata/patch/git-*.patch")
	if len(patches) == 0 {
		t.Fatal("no golden git patches")
	}
	for _, p := range patches {
		name := strings.TrimSuffix(p, ".patch")
		t.Run(filepath.Base(name), func(t *testing.T) {
			text, _ := readOptional(t, p)
			in, _ := readOptional(t, name+".in")
			res, err := applyTextHunks("f", []byte(in), mustParse(t, text).Files[0].TextFragments)
			if want, ok := readOptional(t, name+".err"); ok {
				if spec.CodeOf(err) != spec.Code(strings.TrimSpace(want)) {
					t.Fatalf("error = %v, want code %s", err, want)
				}
				return
			}
			want, _ := readOptional(t, name+".out")
			if err != nil || string(res.Content) != want {
				t.Fatalf("got %q, %v; want %q", res.Content, err, want)
			}
		})
	}
}

func TestHunksThatDoNotApplyAreNotFoundNamingTheClosestLines(t *testing.T) {
	base := fixtures.Numbered("line ", 20)
	patch := fixtures.GitDiff(t, base, strings.Replace(base, "line 5\n", "E\n", 1))
	f := mustParse(t, patch).Files[0]
	tests := []struct {
		name, content string
		code          spec.Code
		lines         string
	}{
		{"changed line", strings.Replace(base, "line 5\n", "line changed\n", 1), spec.CodeNotFound, "2, 8"},
		{"empty file", "", spec.CodeNotFound, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := applyTextHunks("f", []byte(tt.content), f.TextFragments)
			e := spec.AsError(err)
			if e == nil || e.Code != tt.code || spec.JoinInts(e.Lines) != tt.lines || e.FilePath != "f" {
				t.Fatalf("error = %#v, want %s at lines %q", e, tt.code, tt.lines)
			}
			if !strings.HasPrefix(e.Message, "hunk 1: the hunk does not apply at line 2: its lines are found nowhere") {
				t.Fatalf("message = %q", e.Message)
			}
		})
	}
}

// mustParse parses a patch holding one patch.
func mustParse(t *testing.T, text string) gitPatch {
	t.Helper()
	patches, err := parseGitPatches(text)
	if err != nil || len(patches) != 1 {
		t.Fatalf("parse: %v (%d patches)", err, len(patches))
	}
	return patches[0]
}

func TestParseGitPatchesSplitsMbox(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "1\n"})
	for i, content := range []string{"2\n", "3\n"} {
		fixtures.WriteFiles(t, dir, map[string]string{"a": content, "b": content})
		fixtures.Git(t, dir, "add", "-A")
		fixtures.Git(t, dir, "commit", "-q", "-m", []string{"first change", "second change"}[i])
	}
	mbox := fixtures.Git(t, dir, "format-patch", "--stdout", "HEAD~2")
	patches, err := parseGitPatches(mbox)
	if err != nil {
		t.Fatal(err)
	}
	if len(patches) != 2 || patches[0].Subject != "first change" || patches[1].Subject != "second change" {
		t.Fatalf("patches = %+v", patches)
	}
	if len(patches[0].Files) != 2 || !patches[0].Files[1].IsNew || patches[1].Files[1].IsNew {
		t.Fatalf("files = %+v / %+v", patches[0].Files, patches[1].Files)
	}
}

func TestPatchesWithoutAFileChangeOrThatDoNotParseAreInvalidInput(t *testing.T) {
	tests := []struct{ name, patch, want string }{
		{"prose", "hello world\n", "holds no file change"},
		{"bad hunk", "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n+b\n", "corrupt patch"},
	}
	for _, tt := range tests {
		_, err := parseGitPatches(tt.patch)
		if spec.CodeOf(err) != spec.CodeInvalidInput || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error = %v, want invalid_input with %q", tt.name, err, tt.want)
		}
	}
}

// BenchmarkGitPatchApply parses and applies a 50-hunk diff to a
// 5000-line file that has 3 more lines at its top than the patch expects,
// so every hunk is relocated.
func BenchmarkGitPatchApply(b *testing.B) {
	var before, patch strings.Builder
	patch.WriteString("--- a/f\n+++ b/f\n")
	before.WriteString("x\ny\nz\n")
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&before, "line %d\n", i)
	}
	for h := 0; h < 50; h++ {
		n := h*100 + 50
		fmt.Fprintf(&patch, "@@ -%d,3 +%d,3 @@\n line %d\n-line %d\n+LINE %d\n line %d\n", n-1, n-1, n-1, n, n, n+1)
	}
	text := patch.String()
	content := []byte(before.String())
	for b.Loop() {
		patches, err := parseGitPatches(text)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := applyTextHunks("f", content, patches[0].Files[0].TextFragments); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMboxStartsMatchTheFormatPatchFromLine checks the mbox splitter's line
// test against the pattern it stands for, (?m)^From [0-9a-f]{40} , on
// inputs that almost match: upper-case or short ids, no space after, a
// "From" inside a line, CRLF lines, an id at the very end.
func TestMboxStartsMatchTheFormatPatchFromLine(t *testing.T) {
	id := strings.Repeat("0123456789abcdef", 3)[:40]
	inputs := []string{
		"", "From ", "From " + id, "From " + id + " ", "From " + id + " Mon Sep 17 00:00:00 2001\nSubject: x\n",
		"From " + strings.ToUpper(id) + " x\n", "From " + id[:39] + " x\n", "From " + id + "x\n", " From " + id + " x\n",
		"x\nFrom " + id + " a\r\nFrom " + id + " b\r\n\nFrom " + id + " c", "diff --git a/f b/f\n--- a/f\n+++ b/f\n",
		"From " + id + " 1\n" + strings.Repeat("body\n", 3) + "From: someone\nFrom " + id + " 2\n",
		"From " + id[:20] + "g" + id[21:] + " x\n", "\n\nFrom " + id + " \n",
	}
	re := regexp.MustCompile(`(?m)^From [0-9a-f]{40} `)
	for _, in := range inputs {
		var want []int
		for _, m := range re.FindAllStringIndex(in, -1) {
			want = append(want, m[0])
		}
		if got := mboxStarts(in); !slices.Equal(got, want) {
			t.Errorf("mboxStarts(%q) = %v, want %v", in, got, want)
		}
	}
}
