package history

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// undoRepo has three gitedit commits on top of a plain one: c1 edits
// a.txt near its top and creates new.txt, c2 edits a.txt near its bottom,
// c3 deletes b.txt and makes run.sh executable.
func undoRepo(t *testing.T) (dir string, c1, c2, c3 string) {
	t.Helper()
	base := numbered("a", 30)
	dir = fixtures.NewRepo(t, map[string]string{"a.txt": base, "b.txt": "b\n", "run.sh": "echo\n"})
	top := strings.Replace(base, "a3\n", "A3\n", 1)
	c1 = gitEditCommit(t, dir, "edit top", "s", "claude", map[string]string{"a.txt": top, "new.txt": "new\n"})
	c2 = gitEditCommit(t, dir, "edit bottom", "s", "claude", map[string]string{"a.txt": strings.Replace(top, "a27\n", "A27\n", 1)})
	fixtures.Git(t, dir, "rm", "-q", "b.txt")
	if err := os.Chmod(filepath.Join(dir, "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	c3 = gitEditCommit(t, dir, "drop b, exec run", "s", "codex", map[string]string{"run.sh": "echo\n"})
	return dir, c1, c2, c3
}

// gitRevertTree is the tree git revert makes (fixtures.RevertTree).
var gitRevertTree = fixtures.RevertTree

func TestUndoMatchesGitRevert(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: real git as the oracle")
	}
	tests := []struct {
		name, rev string
		pick      func(c1, c2, c3 string) string
	}{
		{"newest by default", "", func(_, _, c3 string) string { return c3 }},
		{"older commit, other lines changed since", "c1", func(c1, _, _ string) string { return c1 }},
		{"abbreviated id", "c2short", func(_, c2, _ string) string { return c2 }},
		{"HEAD~1", "HEAD~1", func(_, c2, _ string) string { return c2 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, c1, c2, c3 := undoRepo(t)
			target := tt.pick(c1, c2, c3)
			rev := map[string]string{"": "", "c1": c1, "c2short": c2[:8], "HEAD~1": "HEAD~1"}[tt.rev]
			want, err := gitRevertTree(t, dir, target)
			if err != nil {
				t.Fatal(err)
			}
			res, err := openRepo(t, dir).Undo(context.Background(), spec.UndoRequest{Commit: rev}, spec.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}"); got != want {
				t.Fatalf("tree %s, git revert gives %s", got, want)
			}
			checkRevertMessage(t, dir, target)
			if st := fixtures.Git(t, dir, "status", "--porcelain"); st != "" || res.Commit == nil {
				t.Fatalf("status %q, result %+v", st, res)
			}
			fixtures.Git(t, dir, "fsck", "--strict")
		})
	}
}

// checkRevertMessage checks HEAD's message against the undo contract.
func checkRevertMessage(t *testing.T, dir, target string) {
	t.Helper()
	subject := strings.TrimSpace(fixtures.Git(t, dir, "log", "-1", "--format=%s", target))
	got := fixtures.Git(t, dir, "log", "-1", "--format=%B")
	for _, want := range []string{"Revert \"" + subject + "\"\n\nThis reverts commit " + target + ".\n", "Edit-Tool: undo\n", "Edit-Reverts: " + target + "\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("message lacks %q:\n%s", want, got)
		}
	}
	trailers := fixtures.Git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-Reverts,valueonly)")
	if strings.TrimSpace(trailers) != target {
		t.Errorf("git does not parse Edit-Reverts: %q", trailers)
	}
}

func TestUndoConflictChangesNothing(t *testing.T) {
	dir, c1, _, _ := undoRepo(t)
	// A later human commit rewrites the line c1 changed.
	content, _ := os.ReadFile(filepath.Join(dir, "a.txt"))
	plainCommit(t, dir, "human", map[string]string{"a.txt": strings.Replace(string(content), "A3\n", "human 3\n", 1)})
	if _, err := gitRevertTree(t, dir, c1); err == nil {
		t.Fatal("oracle: git revert should conflict too")
	}
	before := gitState(t, dir)
	_, err := openRepo(t, dir).Undo(context.Background(), spec.UndoRequest{Commit: c1}, spec.Options{})
	e := spec.AsError(err)
	if e == nil || e.Code != spec.CodeConflict || e.FilePath != "a.txt" || !strings.Contains(e.Message, "a.txt: line 3") {
		t.Fatalf("error = %#v", e)
	}
	if gitState(t, dir) != before {
		t.Fatal("a conflicting undo changed the repository")
	}
}

func TestUndoRefusesWithoutChangingAnything(t *testing.T) {
	dir, _, _, c3 := undoRepo(t)
	plainDir := fixtures.NewRepo(t, map[string]string{"x": "x\n"})
	tests := []struct {
		name  string
		dir   string
		setup func()
		rev   string
		code  spec.Code
	}{
		{"no gitedit commit", plainDir, func() {}, "", spec.CodeNothingToUndo},
		{"not a gitedit commit", plainDir, func() {}, "HEAD", spec.CodeInvalidInput},
		{"unknown revision", dir, func() {}, "nope", spec.CodeInvalidInput},
		{"dirty touched file", dir, func() { fixtures.WriteFiles(t, dir, map[string]string{"run.sh": "changed\n"}) }, "", spec.CodeDirty},
		{"staged touched file", dir, func() { fixtures.Git(t, dir, "add", "run.sh") }, c3, spec.CodeDirty},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.setup()
			before := gitState(t, tt.dir)
			_, err := openRepo(t, tt.dir).Undo(context.Background(), spec.UndoRequest{Commit: tt.rev}, spec.Options{})
			if spec.CodeOf(err) != tt.code {
				t.Fatalf("error = %v, want %s", err, tt.code)
			}
			if gitState(t, tt.dir) != before {
				t.Fatal("a refused undo changed the repository")
			}
		})
	}
}

func TestUndoRevertsTheNewestUndoneCommitAndRedoes(t *testing.T) {
	dir, c1, c2, c3 := undoRepo(t)
	r := openRepo(t, dir)
	trees := map[string]string{}
	for _, c := range []string{c1, c2, c3} {
		trees[c] = fixtures.Git(t, dir, "rev-parse", c+"^{tree}")
	}
	initial := fixtures.Git(t, dir, "rev-parse", c1+"~1^{tree}")
	// Repeated undo walks back: c3, then c2, then c1, then nothing.
	for i, wantTree := range []string{trees[c2], trees[c1], initial} {
		if _, err := r.Undo(context.Background(), spec.UndoRequest{}, spec.Options{}); err != nil {
			t.Fatalf("undo %d: %v", i+1, err)
		}
		if got := fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}"); got != wantTree {
			t.Fatalf("after undo %d: tree %s, want %s", i+1, got, wantTree)
		}
	}
	if _, err := r.Undo(context.Background(), spec.UndoRequest{}, spec.Options{}); spec.CodeOf(err) != spec.CodeNothingToUndo {
		t.Fatalf("fourth undo: %v, want nothing_to_undo", err)
	}
	if _, err := r.Undo(context.Background(), spec.UndoRequest{Commit: c3}, spec.Options{}); spec.CodeOf(err) != spec.CodeNothingToUndo {
		t.Fatalf("undo of an undone commit: %v, want nothing_to_undo", err)
	}
	// Undoing the last undo (which reverted c1) re-applies c1.
	if _, err := r.Undo(context.Background(), spec.UndoRequest{Commit: "HEAD"}, spec.Options{}); err != nil {
		t.Fatalf("undo of an undo: %v", err)
	}
	if got := fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}"); got != trees[c1] {
		t.Fatalf("after redo: tree %s, want %s", got, trees[c1])
	}
	// After the redo, plain undo takes back the redone change (not an
	// older one), and c1 counts as not undone any more.
	if _, err := r.Undo(context.Background(), spec.UndoRequest{}, spec.Options{DryRun: true}); err != nil {
		t.Fatalf("undo after redo: %v", err)
	}
	res, err := r.Undo(context.Background(), spec.UndoRequest{}, spec.Options{})
	if err != nil {
		t.Fatalf("undo after redo: %v", err)
	}
	if got := fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}"); got != initial {
		t.Fatalf("undo after redo: tree %s, want %s (%s)", got, initial, res.Summary)
	}
}

func TestUndoDryRunWritesNothing(t *testing.T) {
	dir, _, _, _ := undoRepo(t)
	before := gitState(t, dir)
	res, err := openRepo(t, dir).Undo(context.Background(), spec.UndoRequest{DryRun: true}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.DryRun || res.Commit != nil || len(res.Files) != 2 || !strings.Contains(res.Diff, "+b") {
		t.Fatalf("result = %+v", res)
	}
	if gitState(t, dir) != before {
		t.Fatal("dry run changed the repository")
	}
}
