package batch

import (
	"testing"

	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// openRepo opens the repository at dir for a test.
func openRepo(t *testing.T, dir string) *repo.Repo {
	t.Helper()
	r, err := repo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
