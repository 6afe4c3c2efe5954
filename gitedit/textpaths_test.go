package gitedit

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata/textpaths")

// textFixtures are the files whose line endings, BOM and final newline
// every path that writes text must keep: CRLF and LF lines in one file,
// lone CRs inside lines, a UTF-8 BOM, no newline at the end.
var textFixtures = []struct{ name, content string }{
	{"mixed-eol", "one\r\ntwo\nthree\r\nfour\n"},
	{"lone-cr", "one\rtwo\nthree\rfour\n"},
	{"bom", "\ufeffone\ntwo\nthree\n"},
	{"no-final-newline", "one\r\ntwo\r\nthree"},
}

// textPath writes one change to f.txt (holding the fixture) through one
// path and returns what it says (an error code is a result too).
type textPath func(t *testing.T, dir, content string) string

// TestTextPathsKeepLineEndingsBOMAndFinalNewline runs each fixture through
// every path that writes text and compares the result with the golden
// file (go test -run TextPaths -update rewrites it); where git does the
// same thing (git apply, git revert, git format-patch) the result must
// also be git's.
func TestTextPathsKeepLineEndingsBOMAndFinalNewline(t *testing.T) {
	paths := []struct {
		name string
		run  textPath
	}{
		{"edit", textEdit}, {"multiedit", textMultiEdit}, {"replace_all", textReplaceAll},
		{"git-diff", textGitDiff}, {"unified-diff", textUnifiedDiff},
		{"envelope", textEnvelope}, {"undo", textUndo}, {"series", textSeries},
	}
	for _, p := range paths {
		t.Run(p.name, func(t *testing.T) {
			var got strings.Builder
			for _, fx := range textFixtures {
				dir := fixtures.NewRepo(t, map[string]string{"f.txt": fx.content})
				got.WriteString("== " + fx.name + "\n" + p.run(t, dir, fx.content))
			}
			checkGolden(t, filepath.Join("testdata", "textpaths", p.name+".golden"), got.String())
		})
	}
}

// checkGolden compares got with the golden file, or rewrites it under -update.
func checkGolden(t *testing.T, file, got string) {
	t.Helper()
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs:\n%s\nwant:\n%s", file, got, want)
	}
}

// quoted is content one Go-quoted line per line, so that CR, BOM and a
// missing final newline show in the golden file.
func quoted(content string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(content, "\n") {
		if l != "" {
			b.WriteString(strconv.Quote(l) + "\n")
		}
	}
	return b.String()
}

// outcome is a file's content after a request, or the request's error code.
func outcome(t *testing.T, dir, rel string, err error) string {
	t.Helper()
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return "error: " + string(e.Code) + "\n"
		}
		t.Fatal(err)
	}
	return quoted(readText(t, dir, rel))
}

func readText(t *testing.T, dir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func textEdit(t *testing.T, dir, _ string) string {
	_, err := openRepo(t, dir).Edit(context.Background(), EditRequest{FilePath: "f.txt", OldString: "two", NewString: "TWO\nand more"}, Options{})
	return outcome(t, dir, "f.txt", err)
}

func textMultiEdit(t *testing.T, dir, _ string) string {
	req := MultiEditRequest{FilePath: "f.txt", Edits: []EditItem{{OldString: "one", NewString: "ONE"}, {OldString: "three", NewString: "THREE\nadded"}}}
	_, err := openRepo(t, dir).MultiEdit(context.Background(), req, Options{})
	return outcome(t, dir, "f.txt", err)
}

func textReplaceAll(t *testing.T, dir, _ string) string {
	req := EditRequest{FilePath: "f.txt", OldString: "e", NewString: "E", ReplaceAll: true, MatchMode: "exact"}
	_, err := openRepo(t, dir).Edit(context.Background(), req, Options{})
	return outcome(t, dir, "f.txt", err)
}

// changed is content with "two" upper-cased and a line added after the
// first line, each line keeping its ending.
func changed(content string) string {
	out := strings.Replace(content, "two", "TWO", 1)
	if i := strings.IndexByte(out, '\n'); i >= 0 {
		out = out[:i+1] + "added\n" + out[i+1:]
	}
	return out
}

// gitDiffOf is git's diff of f.txt from content to changed(content).
func gitDiffOf(t *testing.T, dir, content string) string {
	t.Helper()
	fixtures.WriteFiles(t, dir, map[string]string{"f.txt": changed(content)})
	diff := fixtures.Git(t, dir, "diff")
	fixtures.Git(t, dir, "checkout", "-q", "--", "f.txt")
	return diff
}

// textPatch applies patch with Repo.Patch and, unless -short, checks that
// git apply makes the same file.
func textPatch(t *testing.T, dir, patch string) string {
	_, err := openRepo(t, dir).Patch(context.Background(), PatchRequest{Patch: patch}, Options{})
	got := outcome(t, dir, "f.txt", err)
	if !testing.Short() {
		clone := cloneOf(t, dir)
		fixtures.GitInput(t, clone, patch, "apply", "-")
		if want := quoted(readText(t, clone, "f.txt")); want != got {
			t.Errorf("patch gives\n%s\ngit apply gives\n%s", got, want)
		}
	}
	return "-- patch\n" + quoted(patch) + "-- result\n" + got
}

func textGitDiff(t *testing.T, dir, content string) string {
	return textPatch(t, dir, gitDiffOf(t, dir, content))
}

// textUnifiedDiff is git's diff without its git header lines, as diff -u
// writes it.
func textUnifiedDiff(t *testing.T, dir, content string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(gitDiffOf(t, dir, content), "\n") {
		if !strings.HasPrefix(l, "diff --git ") && !strings.HasPrefix(l, "index ") {
			b.WriteString(l)
		}
	}
	return textPatch(t, dir, b.String())
}

// textEnvelope adds, updates and moves files with an apply_patch envelope.
func textEnvelope(t *testing.T, dir, content string) string {
	fixtures.WriteFiles(t, dir, map[string]string{"g.txt": content})
	fixtures.Git(t, dir, "add", "g.txt")
	// The chunks quote the lines as a reader shows them: no BOM, no CR of a CRLF.
	lines := strings.Split(strings.ReplaceAll(strings.TrimPrefix(content, "\ufeff"), "\r\n", "\n"), "\n")
	env := "*** Begin Patch\n*** Add File: new.txt\n+added\n+file\n" +
		"*** Update File: f.txt\n@@\n " + lines[0] + "\n-" + lines[1] + "\n+" + strings.ToUpper(lines[1]) + "\n+inserted\n" +
		"*** Update File: g.txt\n*** Move to: moved.txt\n@@\n " + lines[0] + "\n-" + lines[1] + "\n+MOVED\n" +
		"*** End Patch\n"
	_, err := openRepo(t, dir).Patch(context.Background(), PatchRequest{Patch: env}, Options{})
	if err != nil {
		return outcome(t, dir, "", err)
	}
	return "-- f.txt\n" + quoted(readText(t, dir, "f.txt")) + "-- moved.txt\n" + quoted(readText(t, dir, "moved.txt")) +
		"-- new.txt\n" + quoted(readText(t, dir, "new.txt"))
}

// textUndo commits an edit with gitedit, changes the last line in a later
// plain commit, and undoes the edit: the 3-way merge must give git
// revert's tree.
func textUndo(t *testing.T, dir, content string) string {
	ctx := context.Background()
	if _, err := openRepo(t, dir).Edit(ctx, EditRequest{FilePath: "f.txt", OldString: "two", NewString: "TWO"}, Options{Commit: true}); err != nil {
		t.Fatal(err)
	}
	cur := readText(t, dir, "f.txt")
	fixtures.Commit(t, dir, "later", map[string]string{"f.txt": strings.Replace(cur, "four", "FOUR", 1) + "tail\n"})
	target := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD~1"))
	want, gitErr := "", error(nil)
	if !testing.Short() {
		want, gitErr = fixtures.RevertTree(t, dir, target)
	}
	_, err := openRepo(t, dir).Undo(ctx, UndoRequest{}, Options{})
	got := outcome(t, dir, "f.txt", err)
	if testing.Short() {
		return got
	}
	tree := fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}")
	if (err == nil) != (gitErr == nil) || err == nil && want != tree {
		t.Errorf("undo: %v, tree %s; git revert: %v, tree %s", err, tree, gitErr, want)
	}
	return got
}

// textSeries exports a gitedit commit of a change to the fixture: the
// diff must be git format-patch's and git apply it to the same blob.
func textSeries(t *testing.T, dir, _ string) string {
	ctx := context.Background()
	base := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD"))
	req := EditRequest{FilePath: "f.txt", OldString: "two", NewString: "TWO\nadded"}
	if _, err := openRepo(t, dir).Edit(ctx, req, Options{Commit: true}); err != nil {
		t.Fatal(err)
	}
	res, err := openRepo(t, dir).Series(ctx, SeriesRequest{Range: base + "..HEAD"})
	if err != nil {
		t.Fatal(err)
	}
	got := seriesDiff(res.Patches[0].Content)
	if !testing.Short() {
		out := t.TempDir()
		fixtures.Git(t, dir, "format-patch", "-q", "--full-index", "--no-renames", "-o", out, base+"..HEAD")
		names, _ := filepath.Glob(filepath.Join(out, "*.patch"))
		if want, _ := os.ReadFile(names[0]); seriesDiff(string(want)) != got {
			t.Errorf("series diff\n%s\ngit format-patch\n%s", got, seriesDiff(string(want)))
		}
		clone := cloneOf(t, dir)
		fixtures.Git(t, clone, "checkout", "-q", base)
		fixtures.GitInput(t, clone, got, "apply", "--index", "-")
		if a, b := fixtures.Git(t, clone, "rev-parse", ":f.txt"), fixtures.Git(t, dir, "rev-parse", "HEAD:f.txt"); a != b {
			t.Errorf("git apply of the series gives blob %s, the commit has %s", a, b)
		}
	}
	return quoted(got)
}

// seriesDiff is the diff of a format-patch email, from its first
// "diff --git" line to the signature.
func seriesDiff(mail string) string {
	i := strings.Index(mail, "\ndiff --git ")
	if i < 0 {
		return ""
	}
	d, _, _ := strings.Cut(mail[i+1:], "\n-- \n")
	return d + "\n"
}

// cloneOf is fixtures.Clone.
var cloneOf = fixtures.Clone
