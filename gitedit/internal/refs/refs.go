// Package refs reads and moves git references the way git does: loose refs
// and packed-refs, a "<ref>.lock" per update, a compare-and-swap against the
// expected old value, and reflog entries.
package refs

import (
	"context"
	"errors"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// ErrStale is wrapped when a ref no longer has the value an update expected.
var ErrStale = errors.New("reference changed since it was read")

// Store reads and writes the refs of one (possibly linked) worktree.
type Store struct {
	// GitDir is the worktree's own git directory (HEAD, logs/HEAD, index).
	GitDir string
	// CommonDir holds refs/, packed-refs and logs/refs (equal to GitDir
	// outside linked worktrees).
	CommonDir string
}

// Head is the state of HEAD.
type Head struct {
	// Ref is the branch HEAD points to ("refs/heads/main"), or "" when HEAD
	// is detached.
	Ref string
	// Commit is the commit HEAD resolves to; zero on an unborn branch.
	Commit plumbing.Hash
}

// ReadHead reads HEAD.
func (s *Store) ReadHead() (Head, error) { panic("unimplemented") }

// Resolve returns the value of a full ref name ("refs/heads/x", "HEAD"),
// following symbolic refs; zero with a nil error when it does not exist.
func (s *Store) Resolve(name string) (plumbing.Hash, error) { panic("unimplemented") }

// Update describes one ref move.
type Update struct {
	// Ref is the full ref name to move, or "HEAD" for a detached HEAD.
	Ref string
	// Old is the value the ref must have (zero: it must not exist yet).
	Old plumbing.Hash
	// New is the value to set.
	New plumbing.Hash
	// Ident is the reflog identity: "Name <email> 1700000000 +0100".
	Ident string
	// Message is the reflog message ("commit: subject").
	Message string
}

// Apply moves the ref under "<ref>.lock" (waiting up to timeout, then an
// error wrapping lockfile.ErrLocked), checks Old (else ErrStale), writes
// the loose ref, and appends reflog entries to the ref's log and, when HEAD
// points at the ref (or the ref is a detached HEAD), to logs/HEAD.
func (s *Store) Apply(ctx context.Context, u Update, timeout time.Duration) error {
	panic("unimplemented")
}
