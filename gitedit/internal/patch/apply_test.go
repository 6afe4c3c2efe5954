package patch

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// patchRepo is the starting point of the end-to-end patch tests.
func patchRepo(t *testing.T) string {
	t.Helper()
	return fixtures.NewRepo(t, map[string]string{
		"a.txt":     numbered("a", 20),
		"b.txt":     "b\n",
		"old.txt":   numbered("o", 10),
		"gone.txt":  "bye\n",
		"run.sh":    "#!/bin/sh\n",
		"img.bin":   "\x00\x01\x02",
		"dir/c.txt": "c\n",
	})
}

func TestPatchGitDiffMatchesGit(t *testing.T) {
	dir := patchRepo(t)
	fixtures.WriteFiles(t, dir, map[string]string{
		"a.txt":   strings.Replace(strings.Replace(numbered("a", 20), "a2\n", "A2\n", 1), "a19\n", "A19\nnew\n", 1),
		"new.txt": "fresh\n", "img.bin": "\x00\x01\x02\x03 more binary",
	})
	fixtures.Git(t, dir, "mv", "old.txt", "renamed.txt")
	fixtures.WriteFiles(t, dir, map[string]string{"renamed.txt": strings.Replace(numbered("o", 10), "o5\n", "O5\n", 1)})
	fixtures.Git(t, dir, "rm", "-q", "gone.txt")
	if err := os.Chmod(filepath.Join(dir, "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	fixtures.Git(t, dir, "add", "-A")
	patch := fixtures.Git(t, dir, "diff", "--cached", "-M", "--binary")
	want := fixtures.Git(t, dir, "write-tree")
	fixtures.Git(t, dir, "reset", "-q", "--hard")
	fixtures.Git(t, dir, "clean", "-qfd")

	res, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: patch}, spec.Options{Commit: true})
	if err != nil {
		t.Fatalf("apply: %v\n%s", err, patch)
	}
	if got := fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}"); got != want {
		t.Fatalf("tree %s, git's own result %s", got, want)
	}
	if st := fixtures.Git(t, dir, "status", "--porcelain"); st != "" {
		t.Fatalf("status after patch: %s", st)
	}
	msg := fixtures.Git(t, dir, "log", "-1", "--format=%B")
	for _, want := range []string{"Edit-Tool: patch", "Edit-File: renamed.txt", "renamed.txt: renamed from old.txt (1 hunk)", "Edit-Count: 7"} {
		if !strings.Contains(msg, want) {
			t.Errorf("commit message lacks %q:\n%s", want, msg)
		}
	}
	if res.Commit == nil || len(res.Files) != 7 || res.Replacements != 7 {
		t.Errorf("result = %+v", res)
	}
	fixtures.Git(t, dir, "fsck", "--strict")
}

func TestPatchFailingSecondFileChangesNothing(t *testing.T) {
	dir := patchRepo(t)
	patch := "--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-b\n+B\n--- a/a.txt\n+++ b/a.txt\n@@ -3,2 +3,2 @@\n a3\n-nothere\n+x\n"
	before := gitState(t, dir)
	for _, opt := range []spec.Options{{}, {Commit: true}} {
		_, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: patch}, opt)
		e := spec.AsError(err)
		if e == nil || e.Code != spec.CodeNotFound || e.FilePath != "a.txt" {
			t.Fatalf("error = %v, want not_found in a.txt", err)
		}
		if after := gitState(t, dir); after != before {
			t.Fatalf("state changed:\n%s\nwas\n%s", after, before)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "b.txt")); string(b) != "b\n" {
			t.Fatalf("b.txt = %q", b)
		}
	}
}

func TestPatchEnvelopeEndToEnd(t *testing.T) {
	dir := patchRepo(t)
	patch := strings.Join([]string{
		"*** Begin Patch",
		"*** Add File: dir/new.txt",
		"+hello",
		"*** Update File: a.txt",
		"*** Move to: moved.txt",
		"@@",
		" a2",
		"-a3",
		"+three",
		"*** Delete File: gone.txt",
		"*** Update File: b.txt",
		"@@",
		"-b",
		"+B",
		"*** End Patch",
	}, "\n")
	res, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: patch}, spec.Options{Commit: true, Session: "s9"})
	if err != nil {
		t.Fatal(err)
	}
	files := fixtures.Git(t, dir, "show", "--no-renames", "--name-status", "--format=", "HEAD")
	for _, want := range []string{"A\tdir/new.txt", "D\ta.txt", "A\tmoved.txt", "D\tgone.txt", "M\tb.txt"} {
		if !strings.Contains(files, want) {
			t.Errorf("commit lacks %q:\n%s", want, files)
		}
	}
	if got := fixtures.Git(t, dir, "show", "HEAD:moved.txt"); got != strings.Replace(numbered("a", 20), "a3\n", "three\n", 1) {
		t.Errorf("moved.txt = %q", got)
	}
	if res.Replacements != 4 || fixtures.Git(t, dir, "status", "--porcelain") != "" {
		t.Errorf("result %+v, status %q", res, fixtures.Git(t, dir, "status", "--porcelain"))
	}
}

func TestPatchRefusalsCarryTheirCodeAndPath(t *testing.T) {
	env := func(body ...string) string {
		return "*** Begin Patch\n" + strings.Join(body, "\n") + "\n*** End Patch\n"
	}
	tests := []struct {
		name, patch string
		code        spec.Code
		path        string
	}{
		{"add existing", env("*** Add File: b.txt", "+x"), spec.CodeFileExists, "b.txt"},
		{"move onto existing", env("*** Update File: b.txt", "*** Move to: dir/c.txt", "@@", "-b", "+x"), spec.CodeFileExists, "dir/c.txt"},
		{"update missing", env("*** Update File: nope.txt", "@@", "-b", "+x"), spec.CodeFileMissing, "nope.txt"},
		{"delete missing", env("*** Delete File: nope.txt"), spec.CodeFileMissing, "nope.txt"},
		{"context missing", env("*** Update File: b.txt", "@@", "-zzz", "+x"), spec.CodeNotFound, "b.txt"},
		{"outside", env("*** Add File: ../x.txt", "+x"), spec.CodeOutsideRepo, ""},
		{"git create existing", "--- /dev/null\n+++ b/b.txt\n@@ -0,0 +1 @@\n+x\n", spec.CodeFileExists, "b.txt"},
		{"git binary without data", "diff --git a/img.bin b/img.bin\nindex 1234567..89abcde 100644\nBinary files a/img.bin and b/img.bin differ\n", spec.CodeUnsupported, "img.bin"},
		{"git file to symlink", "diff --git a/b.txt b/b.txt\nold mode 100644\nnew mode 120000\n", spec.CodeUnsupported, "b.txt"},
		{"empty", " \n", spec.CodeInvalidInput, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := patchRepo(t)
			before := gitState(t, dir)
			_, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: tt.patch}, spec.Options{Commit: true})
			e := spec.AsError(err)
			if e == nil || e.Code != tt.code || (tt.path != "" && e.FilePath != tt.path) {
				t.Fatalf("error = %#v, want %s on %q", e, tt.code, tt.path)
			}
			if gitState(t, dir) != before {
				t.Fatal("a refused patch changed the repository")
			}
		})
	}
}

func TestPatchCheckWritesNothing(t *testing.T) {
	dir := patchRepo(t)
	before := gitState(t, dir)
	patch := "--- b.txt\n+++ b.txt\n@@ -1 +1 @@\n-b\n+B\n"
	res, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: patch, DryRun: true}, spec.Options{Commit: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.DryRun || !res.Changed || res.Commit != nil || !strings.Contains(res.Diff, "+B") || !strings.HasPrefix(res.Summary, "Dry run") {
		t.Fatalf("result = %+v", res)
	}
	if gitState(t, dir) != before {
		t.Fatal("--check changed the repository")
	}
}

func TestPatchPlainDiffRelocatedHunk(t *testing.T) {
	dir := patchRepo(t)
	// The patch was made against a version without the first two lines.
	orig := filepath.Join(t.TempDir(), "a.txt")
	if err := os.WriteFile(orig, []byte(strings.SplitN(numbered("a", 20), "\n", 3)[2]), 0o644); err != nil {
		t.Fatal(err)
	}
	patch := "--- a/a.txt\n+++ b/a.txt\n@@ -8,3 +8,3 @@\n a10\n-a11\n+ELEVEN\n a12\n"
	res, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: patch}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "a.txt"))
	if string(got) != strings.Replace(numbered("a", 20), "a11\n", "ELEVEN\n", 1) {
		t.Fatalf("a.txt = %q", got)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "hunk 1 applied at line 10 instead of line 8") {
		t.Fatalf("notes = %q", res.Notes)
	}
	if st := fixtures.Git(t, dir, "status", "--porcelain"); st != "M  a.txt\n" {
		t.Fatalf("status = %q (want staged change)", st)
	}
}

// TestPatchNamesGitRefusesAreRefused: a git diff naming a path with a
// ".", ".." or empty component is refused, as git apply refuses it
// ("invalid path"); cleaning the name instead made "d/../b.txt" edit
// b.txt and "d/./x" create d/x.
func TestPatchNamesGitRefusesAreRefused(t *testing.T) {
	patches := []string{
		"diff --git a/d/./x b/d/./x\nnew file mode 100644\n--- /dev/null\n+++ b/d/./x\n@@ -0,0 +1 @@\n+x\n",
		"diff --git a/d/../new.txt b/d/../new.txt\nnew file mode 100644\n--- /dev/null\n+++ b/d/../new.txt\n@@ -0,0 +1 @@\n+x\n",
		"diff --git a/./b.txt b/./b.txt\n--- a/./b.txt\n+++ b/./b.txt\n@@ -1 +1 @@\n-b\n+B\n",
		"diff --git a/b.txt b/dir/../moved.txt\nsimilarity index 100%\nrename from b.txt\nrename to dir/../moved.txt\n",
		"diff --git a/dir/./c.txt b/dir/./c.txt\ndeleted file mode 100644\n--- a/dir/./c.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-c\n",
	}
	for _, p := range patches {
		dir := patchRepo(t)
		if out, err := fixtures.RunGitInput(dir, p, "apply", "--index", "--check"); err == nil {
			t.Fatalf("git apply accepts the patch (%s):\n%s", out, p)
		}
		before := gitState(t, dir)
		_, err := Apply(context.Background(), openRepo(t, dir), spec.PatchRequest{Patch: p}, spec.Options{})
		if spec.CodeOf(err) != spec.CodeOutsideRepo {
			t.Errorf("error = %v, want outside_repo, for\n%s", err, p)
		}
		if after := gitState(t, dir); after != before {
			t.Errorf("state changed:\n%s\nwas\n%s", after, before)
		}
	}
}
