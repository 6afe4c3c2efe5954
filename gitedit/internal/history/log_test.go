package history

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// openHistory reads dir's history with refs resolved by go-git, so these
// tests do not depend on the rest of the package.
func openTestHistory(t *testing.T, dir string) *history {
	t.Helper()
	repo, err := git.PlainOpen(dir)
	if err != nil {
		t.Fatal(err)
	}
	db := objects.NewDB(filepath.Join(dir, ".git", "objects"))
	t.Cleanup(func() { db.Close() })
	var head plumbing.Hash
	if ref, err := repo.Head(); err == nil {
		head = ref.Hash()
	}
	return newHistory(db, head, func(name string) (plumbing.Hash, error) {
		ref, err := repo.Reference(plumbing.ReferenceName(name), true)
		if err != nil {
			return plumbing.ZeroHash, nil
		}
		return ref.Hash(), nil
	})
}

// gitEditCommit writes files and commits them with git commit -F and a
// message carrying docs/reference.md#commit-messages-and-trailers trailers for them; it returns the commit id.
func gitEditCommit(t *testing.T, dir, subject, session, agent string, files map[string]string) string {
	t.Helper()
	fixtures.WriteFiles(t, dir, files)
	var b strings.Builder
	b.WriteString(subject + "\n\nbody line\n\nEdit-Tool: edit\n")
	for _, p := range keysInOrder(files) {
		fixtures.Git(t, dir, "add", p)
		b.WriteString("Edit-File: " + p + "\n")
		b.WriteString("Edit-Blob-After: " + p + " " + strings.TrimSpace(fixtures.Git(t, dir, "hash-object", p)) + "\n")
	}
	b.WriteString("Edit-Count: 1\nEdit-Match: exact,line_trimmed\n")
	if session != "" {
		b.WriteString("Edit-Session: " + session + "\n")
	}
	if agent != "" {
		b.WriteString("Edit-Agent: " + agent + "\n")
	}
	msg := filepath.Join(t.TempDir(), "msg")
	if err := os.WriteFile(msg, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	fixtures.Git(t, dir, "commit", "-q", "-F", msg)
	return strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD"))
}

// keysInOrder returns the keys of m in order.
func keysInOrder(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	return keys
}

// plainCommit commits files without trailers (fixtures.Commit).
var plainCommit = fixtures.Commit

func TestLogFiltersBySessionAgentAndFile(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	c1 := gitEditCommit(t, dir, "edit a", "s1", "claude", map[string]string{"a.txt": "a1\n"})
	plainCommit(t, dir, "human change", map[string]string{"h.txt": "h\n"})
	c2 := gitEditCommit(t, dir, "edit b", "s2", "codex", map[string]string{"b.txt": "b\n"})
	c3 := gitEditCommit(t, dir, "edit a and b", "s1", "codex", map[string]string{"a.txt": "a2\n", "b.txt": "b2\n"})
	h := openTestHistory(t, dir)
	tests := []struct {
		name string
		req  spec.LogRequest
		want []string
	}{
		{"all", spec.LogRequest{}, []string{c3, c2, c1}},
		{"n", spec.LogRequest{N: 2}, []string{c3, c2}},
		{"session", spec.LogRequest{Session: "s1"}, []string{c3, c1}},
		{"agent", spec.LogRequest{Agent: "codex"}, []string{c3, c2}},
		{"file", spec.LogRequest{File: "a.txt"}, []string{c3, c1}},
		{"session and agent", spec.LogRequest{Session: "s1", Agent: "claude"}, []string{c1}},
		{"no match", spec.LogRequest{Agent: "nobody"}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			entries, err := h.log(context.Background(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			got := []string{}
			for _, e := range entries {
				got = append(got, e.Commit)
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestLogEntryCarriesTheTrailersOfItsCommit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	c := gitEditCommit(t, dir, "edit a", "s1", "claude", map[string]string{"a.txt": "x\n", "dir/b c.txt": "y\n"})
	entries, err := openTestHistory(t, dir).log(context.Background(), spec.LogRequest{})
	if err != nil || len(entries) != 1 {
		t.Fatalf("entries = %v, %v", entries, err)
	}
	e := entries[0]
	blob := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD:dir/b c.txt"))
	checks := map[string][2]string{
		"commit":  {e.Commit, c},
		"subject": {e.Subject, "edit a"},
		"body":    {e.Body, "body line"},
		"tool":    {e.Tool, "edit"},
		"files":   {strings.Join(e.Files, "|"), "a.txt|dir/b c.txt"},
		"blob":    {e.BlobsAfter[1].FilePath + "=" + e.BlobsAfter[1].Blob, "dir/b c.txt=" + blob},
		"match":   {strings.Join(e.Match, "|"), "exact|line_trimmed"},
		"session": {e.Session + "/" + e.Agent, "s1/claude"},
		"author":  {e.Author + " " + e.AuthorEmail, fixtures.Name + " " + fixtures.Email},
	}
	for name, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s = %q, want %q", name, c[0], c[1])
		}
	}
	if e.Count != 1 || len(e.Trailers) != 9 || e.Trailers[0].Key != "Edit-Tool" {
		t.Errorf("count %d, trailers %v", e.Count, e.Trailers)
	}
}

func TestLogOfAnUnbornBranchIsEmpty(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	entries, err := openTestHistory(t, dir).log(context.Background(), spec.LogRequest{})
	if err != nil || entries == nil || len(entries) != 0 {
		t.Fatalf("entries = %#v, %v", entries, err)
	}
}

func TestResolveReadsRevisionsAsGitRevParse(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "1\n"})
	first := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD"))
	plainCommit(t, dir, "two", map[string]string{"a": "2\n"})
	fixtures.Git(t, dir, "tag", "-a", "-m", "v1", "v1", "HEAD")
	plainCommit(t, dir, "three", map[string]string{"a": "3\n"})
	h := openTestHistory(t, dir)
	for _, rev := range []string{"HEAD", "HEAD~1", "HEAD^", "main~2", "v1", "v1~1", first, first[:7], "refs/heads/main"} {
		want, err := fixtures.RunGit(dir, "rev-parse", rev+"^{commit}")
		if err != nil {
			t.Fatal(err)
		}
		got, err := h.resolve(rev)
		if err != nil || got.String() != strings.TrimSpace(want) {
			t.Errorf("resolve(%q) = %s, %v; want %s", rev, got, err, want)
		}
	}
	for _, rev := range []string{"nope", "HEAD~5", "deadbeef"} {
		if _, err := h.resolve(rev); spec.CodeOf(err) != spec.CodeInvalidInput {
			t.Errorf("resolve(%q) error = %v, want invalid_input", rev, err)
		}
	}
}

func TestRepoLogAndSeriesThroughOpen(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"sub/a.txt": "a\n"})
	c := gitEditCommit(t, dir, "edit a", "s1", "claude", map[string]string{"sub/a.txt": "b\n"})
	r := openRepo(t, filepath.Join(dir, "sub"))
	entries, err := r.Log(context.Background(), spec.LogRequest{File: "a.txt"})
	if err != nil || len(entries) != 1 || entries[0].Commit != c {
		t.Fatalf("log --file a.txt from sub/: %+v, %v", entries, err)
	}
	res, err := r.Series(context.Background(), spec.SeriesRequest{OutputDir: "out"})
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "sub", "out", "0001-edit-a.patch")
	if got, _ := os.ReadFile(want); len(res.Patches) != 1 || res.Patches[0].Path != want || string(got) != res.Patches[0].Content {
		t.Fatalf("series wrote %+v", res)
	}
}
