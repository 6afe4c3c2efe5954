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

// seriesRepo builds a repository whose branch ends with three gitedit
// commits after a plain one: text edits, a non-ASCII subject and author,
// a new executable file, a binary file, a deletion and a missing final
// newline. It returns the repository and the id of the last plain commit.
func seriesRepo(t *testing.T) (string, string) {
	t.Helper()
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": numbered("a", 30), "gone.txt": "bye\n"})
	plainCommit(t, dir, "plain", map[string]string{"h.txt": "h\n"})
	base := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD"))
	gitEditCommit(t, dir, "edit a.txt: replace 2 occurrences", "s1", "claude",
		map[string]string{"a.txt": strings.Replace(strings.Replace(numbered("a", 30), "a3\n", "A3\n", 1), "a25\n", "A25\n", 1)})
	fixtures.WriteFiles(t, dir, map[string]string{"run.sh": "#!/bin/sh\necho hi", "img.bin": "\x00\x01\x02binary\xff"})
	if err := os.Chmod(filepath.Join(dir, "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	fixtures.Git(t, dir, "rm", "-q", "gone.txt")
	fixtures.Git(t, dir, "add", "run.sh", "img.bin")
	gitEditCommitAs(t, dir, "Zoë Ünicode", "batch: crée run.sh — et img.bin", "s1", "codex", map[string]string{"run.sh": "#!/bin/sh\necho hi"})
	gitEditCommit(t, dir, "edit a.txt: one more", "s2", "claude", map[string]string{"a.txt": numbered("a", 31)})
	return dir, base
}

// gitEditCommitAs is gitEditCommit with another author name.
func gitEditCommitAs(t *testing.T, dir, name, subject, session, agent string, files map[string]string) {
	t.Helper()
	gitEditCommit(t, dir, subject, session, agent, files)
	fixtures.Git(t, dir, "commit", "-q", "--amend", "--no-edit", "--author="+name+" <z@example.com>")
}

func TestSeriesAppliesWithGitAm(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: real git as the oracle")
	}
	dir, base := seriesRepo(t)
	res, err := openTestHistory(t, dir).series(context.Background(), spec.SeriesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Patches) != 3 {
		t.Fatalf("patches = %d, want 3", len(res.Patches))
	}
	out := t.TempDir()
	if err := writeSeries(res, out); err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(filepath.Dir(dir), "clone")
	fixtures.Git(t, filepath.Dir(dir), "clone", "-q", dir, clone)
	fixtures.Git(t, clone, "reset", "-q", "--hard", base)
	args := []string{"am", "-q", "--keep-non-patch"}
	for _, p := range res.Patches {
		args = append(args, p.Path)
	}
	if _, err := fixtures.RunGit(clone, args...); err != nil {
		t.Fatalf("git am: %v\n%s", err, res.Text())
	}
	for _, format := range []string{"%T", "%an <%ae>%n%ad", "%B"} {
		want := fixtures.Git(t, dir, "log", "--format="+format, base+"..HEAD")
		got := fixtures.Git(t, clone, "log", "--format="+format, base+"..HEAD")
		if got != want {
			t.Errorf("git log --format=%s after am:\n%s\nwant\n%s", format, got, want)
		}
	}
}

func TestSeriesMatchesGitFormatPatch(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: real git as the oracle")
	}
	dir, base := seriesRepo(t)
	res, err := openTestHistory(t, dir).series(context.Background(), spec.SeriesRequest{Range: base + "..HEAD", Signature: "2.x"})
	if err != nil {
		t.Fatal(err)
	}
	gitOut := t.TempDir()
	fixtures.Git(t, dir, "format-patch", "-q", "--no-renames", "--signature=2.x", "-o", gitOut, base+"..HEAD")
	names, _ := filepath.Glob(filepath.Join(gitOut, "*.patch"))
	if len(names) != len(res.Patches) {
		t.Fatalf("git made %d patches, we made %d", len(names), len(res.Patches))
	}
	for i, p := range res.Patches {
		if filepath.Base(names[i]) != p.Name {
			t.Errorf("name %q, git says %q", p.Name, filepath.Base(names[i]))
		}
		want, _ := os.ReadFile(names[i])
		if head(string(want)) != head(p.Content) {
			t.Errorf("patch %d headers and message:\n%s\ngit:\n%s", i+1, head(p.Content), head(string(want)))
		}
		if stat(string(want)) != stat(p.Content) {
			t.Errorf("patch %d diffstat:\n%s\ngit:\n%s", i+1, stat(p.Content), stat(string(want)))
		}
	}
}

// head is an email up to its "---" line.
func head(mail string) string {
	h, _, _ := strings.Cut(mail, "\n---\n")
	return h
}

// stat is the diffstat block of an email.
func stat(mail string) string {
	_, rest, _ := strings.Cut(mail, "\n---\n")
	s, _, _ := strings.Cut(rest, "\n\n")
	return s
}

func TestSeriesSelectsBySessionRangeAndCount(t *testing.T) {
	dir, base := seriesRepo(t)
	h := openTestHistory(t, dir)
	tests := []struct {
		name string
		req  spec.SeriesRequest
		want []string // subjects
		code spec.Code
	}{
		{"default run at tip", spec.SeriesRequest{}, []string{"edit a.txt: replace 2 occurrences", "batch: crée run.sh — et img.bin", "edit a.txt: one more"}, ""},
		{"session", spec.SeriesRequest{Session: "s1"}, []string{"edit a.txt: replace 2 occurrences", "batch: crée run.sh — et img.bin"}, ""},
		{"range from", spec.SeriesRequest{Range: "HEAD~1"}, []string{"edit a.txt: one more"}, ""},
		{"range both", spec.SeriesRequest{Range: base + "~1..HEAD~2"}, []string{"plain", "edit a.txt: replace 2 occurrences"}, ""},
		{"empty range", spec.SeriesRequest{Range: "HEAD..HEAD"}, nil, spec.CodeNotFound},
		{"unknown session", spec.SeriesRequest{Session: "zz"}, nil, spec.CodeNotFound},
		{"bad range", spec.SeriesRequest{Range: "nope..HEAD"}, nil, spec.CodeInvalidInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := h.series(context.Background(), tt.req)
			if spec.CodeOf(err) != tt.code {
				t.Fatalf("error = %v, want code %q", err, tt.code)
			}
			if err != nil {
				return
			}
			var got []string
			for _, p := range res.Patches {
				got = append(got, p.Subject)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("subjects %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSeriesCoverLetterListsThePatches(t *testing.T) {
	dir, _ := seriesRepo(t)
	res, err := openTestHistory(t, dir).series(context.Background(), spec.SeriesRequest{Session: "s1", CoverLetter: true})
	if err != nil {
		t.Fatal(err)
	}
	cover := res.Patches[0]
	for _, want := range []string{"Subject: [PATCH 0/2] gitedit session s1: 2 changes", "2 commits, 2 edits applied by gitedit.",
		"Agents: claude, codex", "Files: a.txt, run.sh", "Fixture Author (1):\n  edit a.txt: replace 2 occurrences\n\nZoë Ünicode (1):\n  batch: crée", " 4 files changed"} {
		if !strings.Contains(cover.Content, want) {
			t.Errorf("cover letter lacks %q:\n%s", want, cover.Content)
		}
	}
	if cover.Name != "0000-cover-letter.patch" || !strings.Contains(res.Patches[1].Content, "Subject: [PATCH 1/2] edit a.txt") {
		t.Errorf("names/prefix: %q, %q", cover.Name, res.Patches[1].Content[:200])
	}
}

func TestPatchFileNameLikeGit(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: real git as the oracle")
	}
	dir := fixtures.NewRepo(t, map[string]string{"a": "1\n"})
	subjects := []string{
		"simple subject",
		"Fix ../../etc/passwd... and  more!!",
		"Ünïcode: with/slash and \"quotes\"",
		strings.Repeat("very long subject words ", 6),
		"...leading dots",
		"trailing-.",
	}
	for i, s := range subjects {
		plainCommit(t, dir, s, map[string]string{"a": strings.Repeat("x\n", i+2)})
		out := fixtures.Git(t, dir, "format-patch", "-1", "-o", t.TempDir())
		if want, got := filepath.Base(strings.TrimSpace(out)), patchFileName(1, s); got != want {
			t.Errorf("%q: name %q, git says %q", s, got, want)
		}
	}
}

// TestSubjectPrefixPadsLikeGit checks the email numbers against what git
// format-patch writes: "[PATCH 01/10]", the cover letter "[PATCH 00/10]".
func TestSubjectPrefixPadsLikeGit(t *testing.T) {
	for _, tt := range []struct {
		n, m int
		want string
	}{{1, 1, "[PATCH]"}, {0, 1, "[PATCH 0/1]"}, {2, 9, "[PATCH 2/9]"}, {1, 10, "[PATCH 01/10]"}, {0, 10, "[PATCH 00/10]"}, {12, 12, "[PATCH 12/12]"}, {7, 100, "[PATCH 007/100]"}} {
		if got := subjectPrefix(tt.n, tt.m); got != tt.want {
			t.Errorf("subjectPrefix(%d, %d) = %q, want %q", tt.n, tt.m, got, tt.want)
		}
	}
}

// TestSeriesBinaryLiteralsApplyLikeGitFormatPatch exports binary files
// created, changed (over many base85 lines and on a line boundary) and
// deleted: git apply of our literals gives the tree git apply of git
// format-patch's output gives, the commit's.
func TestSeriesBinaryLiteralsApplyLikeGitFormatPatch(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: real git as the oracle")
	}
	noise := func(n int, seed byte) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*131+int(seed)*7) ^ byte(i>>3)
		}
		b[0] = 0
		return string(b)
	}
	dir := fixtures.NewRepo(t, map[string]string{"old.bin": noise(300, 1), "gone.bin": noise(52, 2)})
	base := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD"))
	fixtures.Git(t, dir, "rm", "-q", "gone.bin")
	fixtures.WriteFiles(t, dir, map[string]string{"old.bin": noise(4000, 3), "new.bin": noise(1, 4)})
	fixtures.Git(t, dir, "add", "old.bin", "new.bin")
	gitEditCommit(t, dir, "binaries", "s", "claude", map[string]string{"old.bin": noise(4000, 3)})
	res, err := openTestHistory(t, dir).series(context.Background(), spec.SeriesRequest{Range: base + "..HEAD"})
	if err != nil {
		t.Fatal(err)
	}
	gitOut := t.TempDir()
	fixtures.Git(t, dir, "format-patch", "-q", "--no-renames", "-o", gitOut, base+"..HEAD")
	names, _ := filepath.Glob(filepath.Join(gitOut, "*.patch"))
	theirs, _ := os.ReadFile(names[0])
	want := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}"))
	for who, mail := range map[string]string{"ours": res.Patches[0].Content, "git format-patch": string(theirs)} {
		if !strings.Contains(mail, "GIT binary patch\n") {
			t.Fatalf("%s: no binary patch:\n%s", who, mail)
		}
		clone := cloneOf(t, dir)
		fixtures.Git(t, clone, "reset", "-q", "--hard", base)
		fixtures.GitInput(t, clone, mail, "apply", "--index", "-")
		if got := strings.TrimSpace(fixtures.Git(t, clone, "write-tree")); got != want {
			t.Errorf("git apply of %s gives tree %s, the commit has %s", who, got, want)
		}
	}
}

// TestSeriesOnAnUnbornBranchSaysTheBranchHasNoCommits checks the message
// of a series on a branch without commits: it said the tip "is not a
// gitedit commit", though there is no tip.
func TestSeriesOnAnUnbornBranchSaysTheBranchHasNoCommits(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	_, err := openRepo(t, dir).Series(context.Background(), spec.SeriesRequest{})
	if spec.CodeOf(err) != spec.CodeNotFound || !strings.Contains(err.Error(), "the current branch has no commits yet") {
		t.Fatalf("error = %v, want not_found saying the branch has no commits", err)
	}
}
