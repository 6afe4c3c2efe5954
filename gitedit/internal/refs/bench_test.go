package refs

import (
	"context"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/fixtures"
)

// BenchmarkApply moves a branch HEAD points at, back and forth between
// two commits: two locks, the compare-and-swap and two reflog appends.
func BenchmarkApply(b *testing.B) {
	dir := fixtures.NewRepo(b, map[string]string{"a": "a\n"})
	s := store(dir)
	c1 := revParse(b, dir, "HEAD")
	c2 := plumbing.NewHash(fixtures.Git(b, dir, "commit-tree", "HEAD^{tree}", "-p", "HEAD", "-m", "two")[:40])
	for i := 0; b.Loop(); i++ {
		u := Update{Ref: "refs/heads/main", Old: c1, New: c2, Ident: ident, Message: "commit: bench"}
		if i%2 == 1 {
			u.Old, u.New = c2, c1
		}
		if err := s.Apply(context.Background(), u, time.Second); err != nil {
			b.Fatal(err)
		}
	}
}
