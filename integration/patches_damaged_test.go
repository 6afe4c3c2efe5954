package integration

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// Damaged patches (issue 23, SPEC 2.4): each is applied by `git apply
// --index` and by `gitedit patch` to copies of one repository. Where git
// refuses, gitedit refuses too, naming the same patch line, and leaves
// files, index and refs byte-identical; where git applies, gitedit gives
// the same tree and files, except for the cases marked stricter, where
// gitedit deliberately refuses what git applies (docs/reference.md#patch).

// damageCase is one damaged patch.
type damageCase struct {
	name, patch string
	// stricter: git applies it (part of it, or a guess), gitedit refuses.
	stricter bool
	// want is a phrase of gitedit's refusal.
	want string
}

// damageBase is the repository every case starts from.
var damageBase = tree{
	"f.txt":     txt("a\nb\nc\nd\ne\n"),
	"g.txt":     txt("x\ny\n"),
	"sub/h.txt": txt("h\n"),
	"bin.dat":   txt("\x00\x01binary\n"),
}

// fPatch is a complete, well-formed change of f.txt.
const fPatch = "diff --git a/f.txt b/f.txt\nindex 9405325..5b9f0f2 100644\n--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"

var damageCases = []damageCase{
	{name: "last line cut short (-U0)", patch: "diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/f.txt\n@@ -2 +2 @@\n-b\n+BB", want: "cut short inside a line"},
	{name: "last line cut short (context)", patch: "--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c", want: "corrupt patch"},
	{name: "hunk cut short", patch: "--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n", want: "corrupt patch"},
	{name: "lines missing between hunks", patch: "--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n@@ -4,2 +4,2 @@\n d\n-e\n+E\n", want: "corrupt patch"},
	{name: "cut after a later file's index line", patch: fPatch + "diff --git a/g.txt b/g.txt\nindex 4d1f4c2..0a1b2c3 100644\n", want: "only garbage"},
	{name: "cut after a later file's +++ line", patch: fPatch + "diff --git a/g.txt b/g.txt\nindex 4d1f4c2..0a1b2c3 100644\n--- a/g.txt\n+++ b/g.txt\n", want: "only garbage"},
	{name: "cut inside a later file's index line", patch: fPatch + "diff --git a/g.txt b/g.txt\nindex 4d1f4c2..0a1", stricter: true, want: "cut short"},
	{name: "cut after a later diff --git line", patch: fPatch + "diff --git a/g.txt b/g.txt\n", stricter: true, want: "cut short"},
	{name: "cut inside a later diff --git line", patch: fPatch + "diff --git a/g.txt b/g", stricter: true, want: "cut short"},
	{name: "cut after a later --- line", patch: "--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n--- a/g.txt\n+++ b/g.txt\n", stricter: true, want: "cut short"},
	{name: "same old and new mode", patch: fPatch + "diff --git a/g.txt b/g.txt\nold mode 100644\nnew mode 100644\n", want: "only garbage"},
	{name: "new mode cut short", patch: fPatch + "diff --git a/g.txt b/g.txt\nold mode 100644\nnew mode 1", want: "cut short"},
	{name: "binary files differ with CR", patch: fPatch + "diff --git a/bin.dat b/bin.dat\nindex 1234567..89abcde 100644\nBinary files a/bin.dat and b/bin.dat differ\r\n", want: "only garbage"},
	{name: "garbage line inside a header", patch: fPatch + "diff --git a/g.txt b/g.txt\nindex 4d1f4c2..0a1b2c3 100644\nGARBAGE\n--- a/g.txt\n+++ b/g.txt\n@@ -1,2 +1,2 @@\n x\n-y\n+Y\n", want: "only garbage"},
	{name: "blank line inside a modification's header", patch: "diff --git a/g.txt b/g.txt\nindex 4d1f4c2..0a1b2c3 100644\n\n--- a/g.txt\n+++ b/g.txt\n@@ -1,2 +1,2 @@\n x\n-y\n+Y\n", want: "only garbage"},
	{name: "blank line inside a new file's header", patch: "diff --git a/new.txt b/new.txt\nnew file mode 100644\n\nindex 0000000..ce01362\n--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+hello\n", stricter: true, want: "blank line pasted in"},
	{name: "+++ names another file", patch: "diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/other.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n", stricter: true, want: "no 'rename to' line"},
	{name: "--- names another file", patch: "diff --git a/f.txt b/f.txt\n--- a/g.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n", want: "no 'rename from' line"},
	{name: "hunk without a header", patch: "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n", want: "without a file header"},
	{name: "new file with old lines", patch: "diff --git a/n.txt b/n.txt\nnew file mode 100644\n--- /dev/null\n+++ b/n.txt\n@@ -1,1 +1,1 @@\n-a\n+b\n", want: "depends on old contents"},
	{name: "new and deleted", patch: "diff --git a/g.txt b/g.txt\nnew file mode 100644\ndeleted file mode 100644\n", want: "inconsistent header lines"},
	{name: "binary patch cut short", patch: "diff --git a/bin.dat b/bin.dat\nindex 0123456789012345678901234567890123456789..0123456789012345678901234567890123456780 100644\nGIT binary patch\nliteral 5\nMcmZQzWMXCn0000\n", want: "corrupt binary patch"},
}

func TestDamagedPatchesAreRefusedAsGitRefusesThem(t *testing.T) {
	base := repoOf(t, damageBase)
	for _, c := range damageCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			damageOne(t, base, c)
		})
	}
}

// gitLine finds the line number in git's message.
var gitLine = regexp.MustCompile(`line (\d+)`)

// damageOne applies c with git and gitedit and compares.
func damageOne(t *testing.T, base string, c damageCase) {
	a, b := copyRepo(t, base), copyRepo(t, base)
	p := savePatch(t, c.patch)
	_, gitErr := fixtures.RunGit(a, "apply", "--index", p)
	gitOut := ""
	if gitErr != nil {
		gitOut = gitErr.Error()
	}
	before := quickState(t, b)
	r := gitedit(t, b, "", "patch", p)
	t.Logf("git: %s\ngitedit: %s", strings.TrimSpace(gitOut), strings.TrimSpace(r.stderr))
	if r.code == 0 {
		t.Fatalf("gitedit applied the damaged patch (git: %v %s):\n%s", gitErr, gitOut, c.patch)
	}
	if after := quickState(t, b); after != before {
		t.Errorf("gitedit refused (%s) but changed the repository:\n%s\n%s", r.stderr, before, after)
	}
	if r.code != 2 || !strings.Contains(r.stderr, "invalid_input") || !strings.Contains(r.stderr, c.want) {
		t.Errorf("exit %d, stderr %q: want invalid_input with %q", r.code, r.stderr, c.want)
	}
	if !strings.Contains(r.stderr, "line ") {
		t.Errorf("the refusal names no patch line: %s", r.stderr)
	}
	switch {
	case c.stricter && gitErr != nil:
		t.Errorf("marked stricter, but git refuses too: %s", gitOut)
	case !c.stricter && gitErr == nil:
		t.Errorf("git applies the patch; gitedit refuses: %s", r.stderr)
	case gitErr != nil:
		if m := gitLine.FindStringSubmatch(gitOut); m != nil && !strings.Contains(r.stderr, "line "+m[1]) {
			t.Errorf("git names line %s (%s), gitedit: %s", m[1], strings.TrimSpace(gitOut), r.stderr)
		}
	}
}

func TestPlainDiffNaurCreatesAndDeletesAtP1AsGitDoes(t *testing.T) {
	base := repoOf(t, damageBase)
	patch := "diff -Naur old/f.txt new/f.txt\n--- old/f.txt\t2026-11-27 08:02:04.223248814 +0000\n+++ new/f.txt\t2026-11-27 08:02:04.227248815 +0000\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n" +
		"diff -Naur old/g.txt new/g.txt\n--- old/g.txt\t2026-11-27 08:02:04.227248815 +0000\n+++ new/g.txt\t1970-01-01 00:00:00.000000000 +0000\n@@ -1,2 +0,0 @@\n-x\n-y\n" +
		"diff -Naur old/sub/n.txt new/sub/n.txt\n--- old/sub/n.txt\t1970-01-01 00:00:00.000000000 +0000\n+++ new/sub/n.txt\t2026-11-27 08:02:04.227248815 +0000\n@@ -0,0 +1 @@\n+n\n"
	a, b := copyRepo(t, base), copyRepo(t, base)
	p := savePatch(t, patch)
	fixtures.Git(t, a, "apply", "--index", p)
	if r := gitedit(t, b, "", "patch", p); r.code != 0 {
		t.Fatalf("gitedit: %s", r.stderr)
	}
	if ga, gb := repoState(t, a), repoState(t, b); ga != gb {
		t.Errorf("git and gitedit differ:\ngit:\n%s\ngitedit:\n%s", ga, gb)
	}
}

func TestPlainDiffOfAFileNamedWithoutPrefixEditsIt(t *testing.T) {
	base := repoOf(t, damageBase)
	patch := "--- sub/h.txt.orig\t2026-01-01 00:00:00.000000000 +0000\n+++ sub/h.txt\t2026-01-01 00:00:01.000000000 +0000\n@@ -1 +1 @@\n-h\n+H\n"
	a, b := copyRepo(t, base), copyRepo(t, base)
	p := savePatch(t, patch)
	if _, err := fixtures.RunGit(a, "apply", "--index", p); err == nil {
		t.Errorf("git applies it (the documented difference is gone)")
	}
	if r := gitedit(t, b, "", "patch", p); r.code != 0 || fileText(t, b, "sub/h.txt") != "H\n" {
		t.Errorf("gitedit: exit %d %s, sub/h.txt = %q", r.code, r.stderr, fileText(t, b, "sub/h.txt"))
	}
}
