package integration

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// Nothing the user wrote and never recorded is deleted (issue 23, SPEC
// 2.4): a patch that deletes a file is refused dirty when the file has
// local modifications, changes staged in the index, or is not tracked, as
// git rm refuses it, in staging mode and in commit mode; files, index and
// refs stay byte-identical. A rename or move carries the content to its
// new path: it is refused for local modifications and an untracked file,
// as git apply --index refuses it ("does not match index"), and applies
// over staged changes in staging mode, as git apply --index and git mv
// do.

// dirtyStates make f.txt hold what no commit holds.
var dirtyStates = map[string]func(t *testing.T, dir string){
	"local modifications": func(t *testing.T, dir string) { appendTo(t, dir, "f.txt", "mine\n") },
	"staged changes": func(t *testing.T, dir string) {
		appendTo(t, dir, "f.txt", "mine\n")
		fixtures.Git(t, dir, "add", "f.txt")
	},
	"staged and local": func(t *testing.T, dir string) {
		appendTo(t, dir, "f.txt", "mine\n")
		fixtures.Git(t, dir, "add", "f.txt")
		appendTo(t, dir, "f.txt", "more\n")
	},
	"untracked": func(t *testing.T, dir string) {
		fixtures.Git(t, dir, "rm", "-q", "--cached", "f.txt")
	},
}

// appendTo appends text to a file of dir.
func appendTo(t *testing.T, dir, rel, text string) {
	f, err := os.OpenFile(filepath.Join(dir, rel), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// deletingPatches delete or move f.txt; {{F}} is replaced by the file's
// current content, as lines of a git diff deletion.
var deletingPatches = map[string]string{
	"envelope delete":            "*** Begin Patch\n*** Delete File: f.txt\n*** End Patch\n",
	"envelope move":              "*** Begin Patch\n*** Update File: f.txt\n*** Move to: moved.txt\n*** End Patch\n",
	"envelope move with a chunk": "*** Begin Patch\n*** Update File: f.txt\n*** Move to: moved.txt\n@@\n a\n-b\n+B\n*** End Patch\n",
	"git diff deletion":          "diff --git a/f.txt b/f.txt\ndeleted file mode 100644\n--- a/f.txt\n+++ /dev/null\n{{F}}",
	"git diff rename (move)":     "diff --git a/f.txt b/moved.txt\nsimilarity index 100%\nrename from f.txt\nrename to moved.txt\n",
}

func TestPatchesNeverDeleteUnrecordedChanges(t *testing.T) {
	base := repoOf(t, tree{"f.txt": txt("a\nb\nc\n"), "g.txt": txt("x\n")})
	for state, dirty := range dirtyStates {
		for kind, patch := range deletingPatches {
			for _, mode := range [][]string{nil, {"--commit"}} {
				t.Run(state+"/"+kind+"/"+strings.Join(mode, ""), func(t *testing.T) {
					t.Parallel()
					dir := copyRepo(t, base)
					dirty(t, dir)
					p := savePatch(t, strings.ReplaceAll(patch, "{{F}}", deletionHunk(t, dir)))
					before := quickState(t, dir)
					r := gitedit(t, dir, "", append([]string{"patch", p}, mode...)...)
					if state == "staged changes" && strings.Contains(kind, "move") && mode == nil {
						if r.code != 0 || !strings.Contains(fileText(t, dir, "moved.txt"), "mine") {
							t.Errorf("a move over staged changes: exit %d, %s", r.code, r.stderr)
						}
						return
					}
					if r.code != 1 || !strings.Contains(r.stderr, "dirty") {
						t.Errorf("exit %d, stderr %q: want dirty", r.code, r.stderr)
					}
					if after := quickState(t, dir); after != before {
						t.Errorf("refused, but changed the repository:\n%s\n%s", before, after)
					}
				})
			}
		}
		t.Run(state+"/git rm refuses too", func(t *testing.T) {
			dir := copyRepo(t, base)
			dirty(t, dir)
			if _, err := fixtures.RunGit(dir, "rm", "-q", "f.txt"); err == nil {
				t.Errorf("git rm deletes f.txt with %s", state)
			}
		})
	}
}

// deletionHunk is the hunk that removes f.txt's current content.
func deletionHunk(t *testing.T, dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, "f.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	lines = lines[:len(lines)-1]
	out := "@@ -1," + strconv.Itoa(len(lines)) + " +0,0 @@\n"
	for _, l := range lines {
		out += "-" + l
	}
	return out
}

func TestPatchesDeleteCleanFilesInEveryMode(t *testing.T) {
	base := repoOf(t, tree{"f.txt": txt("a\nb\nc\n"), "g.txt": txt("x\n")})
	for kind, patch := range deletingPatches {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			dir := copyRepo(t, base)
			p := savePatch(t, strings.ReplaceAll(patch, "{{F}}", deletionHunk(t, dir)))
			if r := gitedit(t, dir, "", "patch", p); r.code != 0 {
				t.Fatalf("gitedit: %s", r.stderr)
			}
			if _, err := os.Stat(filepath.Join(dir, "f.txt")); !os.IsNotExist(err) {
				t.Errorf("f.txt is still there: %v", err)
			}
		})
	}
}

// fileText is a file's content, or "" when it does not exist.
func fileText(t *testing.T, dir, rel string) string {
	b, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}
