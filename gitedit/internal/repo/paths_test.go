package repo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// pathRepo builds a repository with symlinks inside and out, a nested
// repository and a submodule, and returns its top and an outside folder.
func pathRepo(t *testing.T) (repo, outside string) {
	t.Helper()
	outside = t.TempDir()
	fixtures.WriteFiles(t, outside, map[string]string{"secret.txt": "s\n"})
	lib := fixtures.NewRepo(t, map[string]string{"lib.txt": "lib\n"})
	repo = fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "sub/b.txt": "b\n", "nested/x.txt": "x\n"})
	fixtures.Git(t, filepath.Join(repo, "nested"), "init", "-q")
	fixtures.Git(t, repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sm")
	links := map[string]string{
		"link-in":      "a.txt",
		"link-dir":     "sub",
		"link-abs-in":  filepath.Join(repo, "sub", "b.txt"),
		"sub/up":       "../a.txt",
		"out-link":     filepath.Join(outside, "secret.txt"),
		"out-rel":      "../../" + filepath.Base(outside) + "/secret.txt",
		"out-dir":      outside,
		"dangling":     "missing.txt",
		"dangling-out": filepath.Join(outside, "missing.txt"),
		"git-link":     ".git",
		"loop":         "loop",
		"chain":        "link-dir/up",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(repo, name)); err != nil {
			t.Fatal(err)
		}
	}
	return repo, outside
}

func TestResolvePathRefusesEscapesAndResolvesRelativePaths(t *testing.T) {
	repo, outside := pathRepo(t)
	r := openTest(t, repo, repo)
	sub := openTest(t, repo, filepath.Join(repo, "sub"))
	tests := []struct {
		name string
		r    *Repo
		p    string
		rel  string // expected when code is ""
		code spec.Code
		msg  string
	}{
		{"plain", r, "a.txt", "a.txt", "", ""},
		{"absolute", r, filepath.Join(repo, "sub", "b.txt"), "sub/b.txt", "", ""},
		{"dot segments", r, "./sub/../a.txt", "a.txt", "", ""},
		{"new file in new folders", r, "new/dir/f.txt", "new/dir/f.txt", "", ""},
		{"relative to a subdirectory", sub, "b.txt", "sub/b.txt", "", ""},
		{"up from a subdirectory", sub, "../a.txt", "a.txt", "", ""},
		{"symlink to a file inside", r, "link-in", "a.txt", "", ""},
		{"absolute symlink inside", r, "link-abs-in", "sub/b.txt", "", ""},
		{"symlinked folder inside", r, "link-dir/b.txt", "sub/b.txt", "", ""},
		{"new file in symlinked folder", r, "link-dir/new.txt", "sub/new.txt", "", ""},
		{"chain of symlinks", r, "chain", "a.txt", "", ""},
		{"dot-dot escape", r, "../x.txt", "", spec.CodeOutsideRepo, "outside"},
		{"dot-dot escape from subdirectory", sub, "../../x.txt", "", spec.CodeOutsideRepo, "outside"},
		{"absolute elsewhere", r, filepath.Join(outside, "secret.txt"), "", spec.CodeOutsideRepo, "outside"},
		{"symlink leading out", r, "out-link", "", spec.CodeOutsideRepo, "outside"},
		{"relative symlink leading out", r, "out-rel", "", spec.CodeOutsideRepo, "outside"},
		{"symlinked parent leading out", r, "out-dir/secret.txt", "", spec.CodeOutsideRepo, "outside"},
		{"new file under symlinked parent leading out", r, "out-dir/new.txt", "", spec.CodeOutsideRepo, "outside"},
		{"dangling symlink", r, "dangling", "", spec.CodeOutsideRepo, "points to nothing"},
		{"dangling symlink leading out", r, "dangling-out", "", spec.CodeOutsideRepo, "points to nothing"},
		{"symlink loop", r, "loop", "", spec.CodeInvalidInput, "symlinks"},
		{".git", r, ".git", "", spec.CodeOutsideRepo, "git directory"},
		{".git/config", r, ".git/config", "", spec.CodeOutsideRepo, "git directory"},
		{".git/ trailing slash", r, ".git/", "", spec.CodeOutsideRepo, "git directory"},
		{".GIT upper case", r, ".GIT/config", "", spec.CodeOutsideRepo, ".git"},
		{".Git mixed case file", r, "sub/.Git", "", spec.CodeOutsideRepo, ".git"},
		{".git. trailing dot", r, ".git./config", "", spec.CodeOutsideRepo, ".git"},
		{".git trailing space", r, ".git /config", "", spec.CodeOutsideRepo, ".git"},
		{"NTFS short name", r, "GIT~1/config", "", spec.CodeOutsideRepo, ".git"},
		{"HFS ignorable character", r, ".g\u200cit/config", "", spec.CodeOutsideRepo, ".git"},
		{".git in a subfolder", r, "sub/.git/hooks/pre-commit", "", spec.CodeOutsideRepo, ".git"},
		{"symlink to .git", r, "git-link/config", "", spec.CodeOutsideRepo, "git directory"},
		{"dot-dot back into .git", sub, "../.git/HEAD", "", spec.CodeOutsideRepo, "git directory"},
		{"inside a submodule", r, "sm/lib.txt", "", spec.CodeOutsideRepo, "submodule or nested repository sm"},
		{"new file inside a submodule", r, "sm/new.txt", "", spec.CodeOutsideRepo, "sm"},
		{"inside a nested repository", r, "nested/x.txt", "", spec.CodeOutsideRepo, "nested repository nested"},
		{"empty", r, "", "", spec.CodeInvalidInput, "empty"},
		{"NUL byte", r, "a.txt\x00.go", "", spec.CodeInvalidInput, "NUL"},
		{"the top folder", r, ".", "", spec.CodeIsDirectory, "top folder"},
		{"a file used as a folder", r, "a.txt/x", "", spec.CodeInvalidInput, "not a folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rel, abs, err := tt.r.ResolvePath(tt.p)
			if spec.CodeOf(err) != tt.code || (err != nil && !strings.Contains(err.Error(), tt.msg)) {
				t.Fatalf("resolvePath(%q) err = %v, want %q containing %q", tt.p, err, tt.code, tt.msg)
			}
			if err != nil {
				return
			}
			if rel != tt.rel || abs != filepath.Join(r.workTree, filepath.FromSlash(tt.rel)) {
				t.Errorf("resolvePath(%q) = %q, %q; want %q", tt.p, rel, abs, tt.rel)
			}
		})
	}
}

// TestResolveEntryAgreesWithResolvePathForNonLinks checks that
// ResolveEntry, which reuses its resolution of the folders for an entry
// that is not a link, answers as ResolvePath for every such path: inside,
// through links to folders, new, refused.
func TestResolveEntryAgreesWithResolvePathForNonLinks(t *testing.T) {
	repo, outside := pathRepo(t)
	r := openTest(t, repo, repo)
	sub := openTest(t, repo, filepath.Join(repo, "sub"))
	paths := []string{"a.txt", "sub/b.txt", "link-dir/b.txt", "link-dir/new.txt", "new/dir/f.txt", "a.txt/x",
		"sm/lib.txt", "nested/x.txt", ".git/config", "sub/.Git", "out-dir/secret.txt", "out-dir/new.txt", ".", "sub",
		filepath.Join(outside, "secret.txt"), filepath.Join(repo, "sub", "b.txt"), "../x.txt"}
	for _, rr := range []*Repo{r, sub} {
		for _, p := range paths {
			rel, link, err := rr.ResolveEntry(p)
			want, _, wantErr := rr.ResolvePath(p)
			if link || rel != want || spec.CodeOf(err) != spec.CodeOf(wantErr) || (err == nil) != (wantErr == nil) {
				t.Errorf("from %s: ResolveEntry(%q) = %q, %v, %v; ResolvePath = %q, %v", rr.dir, p, rel, link, err, want, wantErr)
			}
		}
	}
}

// TestResolvePathGitAgrees checks the accepted and refused plain paths
// against `git add --dry-run`, which refuses paths outside the tree,
// beyond a symlink leading out, and inside a submodule. (git also refuses
// a path through a symlinked folder that stays inside; gitedit resolves
// it to its target on purpose, see TestResolvePathRefusesEscapesAndResolvesRelativePaths.)
func TestResolvePathGitAgrees(t *testing.T) {
	repo, _ := pathRepo(t)
	r := openTest(t, repo, repo)
	for _, p := range []string{"a.txt", "sub/b.txt", "../x.txt", "out-dir/secret.txt", "sm/lib.txt"} {
		_, _, err := r.ResolvePath(p)
		_, gitErr := gitIn(repo, repo, nil, "add", "--dry-run", "--", p)
		if (err == nil) != (gitErr == nil) {
			t.Errorf("%s: gitedit %v, git add %v", p, err, gitErr)
		}
	}
}

func TestResolvePathThroughSymlinkedRepository(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"sub/b.txt": "b\n"})
	alias := filepath.Join(t.TempDir(), "alias")
	if err := os.Symlink(repo, alias); err != nil {
		t.Fatal(err)
	}
	r := openTest(t, repo, filepath.Join(alias, "sub"))
	for _, p := range []string{"b.txt", filepath.Join(alias, "sub", "b.txt"), filepath.Join(repo, "sub", "b.txt")} {
		if rel, _, err := r.ResolvePath(p); err != nil || rel != "sub/b.txt" {
			t.Errorf("resolvePath(%q) = %q, %v; want sub/b.txt", p, rel, err)
		}
	}
}

// BenchmarkResolvePath times resolving a path three folders deep.
func BenchmarkResolvePath(b *testing.B) {
	repo := fixtures.NewRepo(b, map[string]string{"a/b/c/file.go": "x\n"})
	r, err := OpenEnv(repo, testEnv(repo))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, _, err := r.ResolvePath("a/b/c/file.go"); err != nil {
			b.Fatal(err)
		}
	}
}
