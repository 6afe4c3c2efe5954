package patch

import (
	"strings"
	"testing"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

func TestScanReadsNamesAsGitApplyReadsThem(t *testing.T) {
	tests := []struct {
		name, patch, oldName, newName string
		isNew, isDelete               bool
	}{
		{"p1", "--- a/dir/f.txt\n+++ b/dir/f.txt\n@@ -1 +1 @@\n-a\n+b\n", "dir/f.txt", "dir/f.txt", false, false},
		{"p0 when no name has a folder", "--- f.txt\n+++ f.txt\n@@ -1 +1 @@\n-a\n+b\n", "f.txt", "f.txt", false, false},
		{"timestamps", "--- old/f.txt\t2026-11-27 08:02:04.223248814 +0000\n+++ new/f.txt\t2026-11-27 08:02:04.227248815 +0000\n@@ -1 +1 @@\n-a\n+b\n", "f.txt", "f.txt", false, false},
		{"epoch: created", "--- old/n.txt\t1970-01-01 00:00:00.000000000 +0000\n+++ new/n.txt\t2026-11-27 08:02:04.227248815 +0000\n@@ -0,0 +1 @@\n+n\n", "", "n.txt", true, false},
		{"epoch: deleted", "--- old/n.txt\t2026-11-27 08:02:04.227248815 +0000\n+++ new/n.txt\t1970-01-01 00:00:00.000000000 +0000\n@@ -1 +0,0 @@\n-n\n", "n.txt", "", false, true},
		{"quoted", "diff --git \"a/sp ace\\t.txt\" \"b/sp ace\\t.txt\"\nindex 1..2 100644\n--- \"a/sp ace\\t.txt\"\n+++ \"b/sp ace\\t.txt\"\n@@ -1 +1 @@\n-a\n+b\n", "sp ace\t.txt", "sp ace\t.txt", false, false},
		{"spaces", "diff --git a/a b.txt b/a b.txt\nnew file mode 100644\nindex 0000000..e69de29\n", "", "a b.txt", true, false},
		{"rename", "diff --git a/x b/y\nsimilarity index 100%\nrename from x\nrename to y\n", "x", "y", false, false},
	}
	for _, tt := range tests {
		files, err := scanPatch(tt.patch, 1)
		if err != nil || len(files) != 1 {
			t.Errorf("%s: %v, %d files", tt.name, err, len(files))
			continue
		}
		f := files[0]
		gotOld, gotNew := f.oldName, f.newName
		if tt.isNew {
			gotOld = ""
		}
		if tt.isDelete {
			gotNew = ""
		}
		if gotOld != tt.oldName || gotNew != tt.newName || (f.isNew > 0) != tt.isNew || (f.isDelete > 0) != tt.isDelete {
			t.Errorf("%s: %q → %q new=%d delete=%d", tt.name, f.oldName, f.newName, f.isNew, f.isDelete)
		}
	}
}

func TestScanRefusesDamageNamingTheLine(t *testing.T) {
	const ok = "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n"
	tests := []struct {
		name, patch, want string
	}{
		{"line cut short", "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -2 +2 @@\n-b\n+BB", "patch line 6: the last line \"+BB\""},
		{"header cut", ok + "diff --git a/g b/g\nindex 1..2 100644\n", "patch line 9 (the end of the patch): the header of \"g\""},
		{"header line cut", ok + "diff --git a/g b/g\nindex 1..2", "patch line 8: the patch ends inside the header"},
		{"diff --git line at the end", ok + "diff --git a/g b/g\n", "patch line 7: the patch ends inside the header"},
		{"stray blank line", "diff --git a/n b/n\nnew file mode 100644\n\n--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+x\n", "patch line 3: a line that is not a header line"},
		{"+++ disagrees", "diff --git a/f b/f\n--- a/f\n+++ b/g\n@@ -1 +1 @@\n-a\n+b\n", "patch line 3: the '+++' line names \"g\""},
		{"too many lines of a kind", "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n-b\n+c\n", "patch line 5"},
		// git counts the skipped line twice and says line 5.
		{"names kept from a skipped header", "diff --git a/x b/x\n\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n", "patch line 4: the old file name \"f\" disagrees with the header's \"x\""},
		{"binary data that does not inflate", binaryPatch(strings.Replace(binaryData, "GvWdO", "GvWdP", 1)), "patch line 6: corrupt binary patch: its data does not inflate"},
		{"binary hunk without data", binaryPatch("literal 8\n\n"), "patch line 5: corrupt binary patch"},
		{"binary line of a bad length", binaryPatch("literal 8\nPcmZQzWJ=1+GvWdO1z`b\n\n"), "patch line 5: corrupt binary patch: \"PcmZQzWJ=1+GvWdO1z`b\""},
	}
	for _, tt := range tests {
		_, err := scanPatch(tt.patch, 1)
		if spec.CodeOf(err) != spec.CodeInvalidInput || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want invalid_input with %q", tt.name, err, tt.want)
		}
	}
}

// binaryData is the data of a "GIT binary patch" git made (8 bytes, then
// the 7 bytes of the reverse hunk).
const binaryData = "literal 8\nPcmZQzWJ=1+GvWdO1z`bs\n\nliteral 7\nOcmZQzWJ=1+;{pH!zyU`9\n\n"

// binaryPatch is a binary patch of b.dat with data.
func binaryPatch(data string) string {
	return "diff --git a/b.dat b/b.dat\nindex 20f982d561018f3bfdd8f3230d65ded24d81c79c..29efa0f89baaaed05c5fc3fcda95f8f54ddad25d 100644\nGIT binary patch\n" + data
}

func TestScanReadsAGoodBinaryPatchAndCRsInAHeader(t *testing.T) {
	if files, err := scanPatch(binaryPatch(binaryData), 1); err != nil || len(files) != 1 || !files[0].binary {
		t.Errorf("binary: %v %+v", err, files)
	}
	crlf := "diff --git a/f b/f\r\nindex 1..2 100644\r\n--- a/f\r\n+++ b/f\r\n@@ -1 +1 @@\n-a\n+b\n"
	patches, err := parseGitPatches(crlf)
	if err != nil || len(patches) != 1 || patches[0].Files[0].NewName != "f" {
		t.Errorf("CRs in a header: %v %+v", err, patches)
	}
}

func TestDamageInALaterEmailNamesTheLineOfTheWholeMbox(t *testing.T) {
	email := func(hex byte, body string) string {
		return "From " + strings.Repeat(string(hex), 40) + " Mon Sep 17 00:00:00 2001\nSubject: [PATCH] x\n\n---\n" + body
	}
	mbox := email('a', "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n") + email('b', "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-b\n+c")
	_, err := parseGitPatches(mbox)
	if err == nil || !strings.Contains(err.Error(), "email 2: patch line 20:") {
		t.Errorf("error = %v, want email 2 and patch line 20", err)
	}
}
