package patch

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// numbered returns the lines "<prefix>1" to "<prefix>n", newline-ended
// (fixtures.Numbered).
var numbered = fixtures.Numbered

// openRepo opens the repository at dir for a test.
func openRepo(t *testing.T, dir string) *repo.Repo {
	t.Helper()
	r, err := repo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// gitState is fixtures.GitState: what a refused request must leave as it was.
var gitState = fixtures.GitState

// readFile returns the content of a file of dir.
func readFile(t *testing.T, dir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
