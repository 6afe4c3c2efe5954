package gitedit

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/recipe"
)

// TestRunManyFilesCompactTrailers: a recipe run's commit of more files
// than the trailer limit carries a count, and Repo.Log still finds it
// through its changes (two features, so the facade tests it).
func TestRunManyFilesCompactTrailers(t *testing.T) {
	withIdentity(t)
	files := map[string]string{}
	for i := range recipe.TrailerLimit + 5 {
		files[fmt.Sprintf("d%d/f%03d.txt", i%7, i)] = fmt.Sprintf("line %d\nTARGET here\n", i)
	}
	dir := fixtures.NewRepo(t, files)
	rc := Recipe{Name: "many", Edits: []RecipeEdit{{OldString: "TARGET", NewString: "done"}}}
	res, err := openRepo(t, dir).Run(context.Background(), RunRequest{Recipes: []Recipe{rc}}, Options{Commit: true})
	if err != nil {
		t.Fatal(err)
	}
	tr := trailers(t, dir)
	if strings.Contains(tr, "Edit-File:") || !strings.Contains(tr, fmt.Sprintf("Edit-Files: %d\n", len(files))) {
		t.Errorf("trailers should hold a count, not per-file lines:\n%s", tr)
	}
	body := fixtures.Git(t, dir, "log", "-1", "--format=%b")
	if strings.Count(body, ": 1 replacement\n") != len(files) || len(res.Files) != len(files) {
		t.Errorf("body lists %d files, want %d", strings.Count(body, ": 1 replacement\n"), len(files))
	}
	if st := fixtures.Git(t, dir, "status", "--porcelain"); st != "" {
		t.Errorf("git status after commit: %q", st)
	}
	entries, err := openRepo(t, dir).Log(context.Background(), LogRequest{File: "d3/f003.txt"})
	if err != nil || len(entries) != 1 || len(entries[0].Files) != len(files) {
		t.Errorf("log --file finds the commit through its changes: %v, %d entries", err, len(entries))
	}
}

// withIdentity sets the fixtures' identity for the commits of a test.
func withIdentity(t *testing.T) {
	t.Setenv("GIT_AUTHOR_NAME", fixtures.Name)
	t.Setenv("GIT_AUTHOR_EMAIL", fixtures.Email)
	t.Setenv("GIT_COMMITTER_NAME", fixtures.Name)
	t.Setenv("GIT_COMMITTER_EMAIL", fixtures.Email)
}

// trailers returns the trailers of HEAD's message.
func trailers(t *testing.T, dir string) string {
	t.Helper()
	return fixtures.Git(t, dir, "log", "-1", "--format=%(trailers:only,unfold)")
}
