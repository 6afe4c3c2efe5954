package recipe

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// benchRecipeRepo builds a repository of n small Go files in which every
// 100th calls FetchUser(.
func benchRecipeRepo(b *testing.B, n int) string {
	b.Helper()
	dir := filepath.Join(b.TempDir(), "repo")
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("d%03d/f%05d.go", i/1000, i))
		if i%1000 == 0 {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				b.Fatal(err)
			}
		}
		body := fmt.Sprintf("package p\n\nfunc F%d() {\n\tprintln(%d)\n}\n", i, i)
		if i%100 == 0 {
			body += "var _ = FetchUser(1)\n"
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	fixtures.Git(b, dir, "init", "-q", "-b", "main")
	fixtures.Git(b, dir, "add", "-A")
	fixtures.Git(b, dir, "commit", "-q", "-m", "initial")
	return dir
}

// BenchmarkRunCheck10k measures a --check run (scan, prefilter, apply in
// memory, diff) over 10,000 files of which 100 match.
func BenchmarkRunCheck10k(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a 10,000-file repository")
	}
	dir := benchRecipeRepo(b, 10000)
	r, err := repo.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	rc := spec.Recipe{Name: "r", Files: []string{"**/*.go"}, Edits: []spec.RecipeEdit{{OldString: "FetchUser(", NewString: "LoadUser(", ReplaceAll: true}}}
	b.ResetTimer()
	for range b.N {
		res, err := Run(context.Background(), r, spec.RunRequest{Recipes: []spec.Recipe{rc}, Check: true}, spec.Options{})
		if err != nil || len(res.Files) != 100 {
			b.Fatalf("run: %v", err)
		}
	}
}

// BenchmarkRunCommit10k measures a committed run over 10,000 files of
// which 100 change, renaming back and forth.
func BenchmarkRunCommit10k(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a 10,000-file repository")
	}
	b.Setenv("GIT_AUTHOR_NAME", fixtures.Name)
	b.Setenv("GIT_AUTHOR_EMAIL", fixtures.Email)
	b.Setenv("GIT_COMMITTER_NAME", fixtures.Name)
	b.Setenv("GIT_COMMITTER_EMAIL", fixtures.Email)
	dir := benchRecipeRepo(b, 10000)
	recipes := [2]spec.Recipe{
		{Name: "to", Edits: []spec.RecipeEdit{{OldString: "FetchUser(", NewString: "LoadUser(", ReplaceAll: true}}},
		{Name: "back", Edits: []spec.RecipeEdit{{OldString: "LoadUser(", NewString: "FetchUser(", ReplaceAll: true}}},
	}
	b.ResetTimer()
	for i := range b.N {
		r, err := repo.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		res, err := Run(context.Background(), r, spec.RunRequest{Recipes: recipes[i%2 : i%2+1]}, spec.Options{Commit: true})
		if err != nil || len(res.Files) != 100 {
			b.Fatalf("run: %v", err)
		}
	}
}
