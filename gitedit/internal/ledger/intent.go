package ledger

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
)

// A commit-mode batch of a session moves two refs: its ledger, then its
// branch. A batch killed between the two renames would leave an entry
// whose batch never reached the branch. So, with the ledger locked and
// just before its lock is renamed (Pending.BeforeMove), the batch writes
// its Intent: the ledger ref, its old tip, the entry, the branch ref and
// the commit the branch moves to, durably when asked. Once the branch
// moved (or the batch put the ledger back), the intent is cleared. Settle,
// run by whoever knows the intent's writer is dead (a batch package
// caller holding the writer's index.lock), rolls the ledger back to its
// old tip (compare-and-swap, with a reflog line) when it still names the
// entry and the branch does not hold the commit, and otherwise only
// removes the intent.

// intentHeader starts an intent file; the five values follow, one a line,
// then, for an index named by GIT_INDEX_FILE, the index file's path.
const intentHeader = "gitedit-ledger-intent 1\n"

// Intent is a batch's intent: its ledger Ledger moves from Old (zero: a
// new ledger) to Entry, then Branch to Commit.
type Intent struct {
	Ledger     string
	Old, Entry plumbing.Hash
	Branch     string
	Commit     plumbing.Hash
	// Index is the index file of the batch when it is not its git dir's
	// own (GIT_INDEX_FILE), so that a reader of another index can take
	// that index's lock and settle the intent; "" for the git dir's own.
	// A path with a newline is not recorded.
	Index string
	// Path is the intent's file; Sync, when set, makes it durable.
	Path    string
	Sync    func(*os.File) error
	written bool
}

// text is the intent file's content.
func (in *Intent) text() string {
	s := fmt.Sprintf("%s%s\n%s\n%s\n%s\n%s\n", intentHeader, in.Ledger, in.Old, in.Entry, in.Branch, in.Commit)
	if in.Index != "" && !strings.Contains(in.Index, "\n") {
		s += in.Index + "\n"
	}
	return s
}

// parseIntent reads an intent file's content (false: not one).
func parseIntent(data string) (*Intent, bool) {
	rest, ok := strings.CutPrefix(data, intentHeader)
	lines := strings.Split(rest, "\n")
	if n := len(lines); !ok || n < 6 || n > 7 || lines[n-1] != "" || !strings.HasPrefix(lines[0], Prefix) || lines[3] == "" {
		return nil, false
	}
	in := &Intent{Ledger: lines[0], Branch: lines[3]}
	if len(lines) == 7 {
		in.Index = lines[5]
	}
	for i, h := range []*plumbing.Hash{&in.Old, &in.Entry, &in.Commit} {
		v := lines[[]int{1, 2, 4}[i]]
		if !plumbing.IsHash(v) {
			return nil, false
		}
		*h = plumbing.NewHash(v)
	}
	return in, !in.Entry.IsZero() && !in.Commit.IsZero()
}

// Write writes the intent to its file (replacing any), durably when Sync
// is set; on failure no file is left.
func (in *Intent) Write() error {
	if err := os.MkdirAll(filepath.Dir(in.Path), 0o777); err != nil {
		return err
	}
	f, err := os.OpenFile(in.Path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return err
	}
	_, err = f.WriteString(in.text())
	if err == nil && in.Sync != nil {
		err = in.Sync(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(in.Path)
		return fmt.Errorf("write %s: %w", in.Path, err)
	}
	in.written = true
	return nil
}

// Clear removes the intent's file, if Write wrote it (nothing on nil).
func (in *Intent) Clear() {
	if in != nil && in.written {
		_ = os.Remove(in.Path)
		in.written = false
	}
}

// Settle settles the intent a dead writer left at path, if any: it must
// be called only when that writer is known to be dead. It fails only when
// the ledger could not be rolled back (the intent then stays, for the
// next try).
//
// The rollback runs the reference-transaction hook hook gives (nil: none),
// as git runs it for the same update or deletion; a hook that refuses it
// aborts it, and its error is returned (the intent stays).
func Settle(ctx context.Context, db *objects.DB, rs *refs.Store, path string, timeout time.Duration, hook Hook) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if in, ok := parseIntent(string(data)); ok {
		if err := in.rollBack(ctx, db, rs, timeout, hook); err != nil {
			return err
		}
	}
	return os.Remove(path)
}

// rollBack puts the ledger back to in.Old when it still names in.Entry
// and in.Branch does not hold in.Commit.
func (in *Intent) rollBack(ctx context.Context, db *objects.DB, rs *refs.Store, timeout time.Duration, hook Hook) error {
	tip, err := rs.Resolve(in.Ledger)
	if err != nil || tip != in.Entry {
		return nil // never published, or moved on since: nothing of ours to take back
	}
	if holds(db, rs, in.Branch, in.Commit) {
		return nil // the batch completed
	}
	if in.Old.IsZero() {
		return rs.DeleteHooked(ctx, in.Ledger, in.Entry, timeout, hook.deletion(in.Ledger))
	}
	now := time.Now()
	ident := fmt.Sprintf("gitedit <gitedit@localhost> %d %s", now.Unix(), now.Format("-0700"))
	u := refs.Update{Ref: in.Ledger, Old: in.Entry, New: in.Old, Ident: ident, CreateLog: true,
		Message: "rollback: batch killed before " + in.Branch + " moved to " + in.Commit.String()}
	if hook != nil {
		u.Hook = hook(in.Entry, in.Old, in.Ledger)
	}
	_, err = rs.ApplyRevertible(ctx, u, timeout)
	if errors.Is(err, refs.ErrStale) {
		return nil
	}
	return err
}

// IntentIndex returns the index file the intent at path records (see
// Intent.Index), or "" when it records none or is not an intent.
func IntentIndex(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	in, ok := parseIntent(string(data))
	if !ok {
		return ""
	}
	return in.Index
}

// maxHoldsWalk bounds the first-parent walk of holds: a branch that moved
// that far past the commit since is taken as holding it.
const maxHoldsWalk = 1000

// holds reports whether branch's commit is commit or has it among its
// first-parent ancestors (a batch's commit is its branch's first-parent
// child of the old tip; commits made on it later keep it there).
func holds(db *objects.DB, rs *refs.Store, branch string, commit plumbing.Hash) bool {
	h, err := rs.Resolve(branch)
	for i := 0; err == nil && !h.IsZero() && i < maxHoldsWalk; i++ {
		if h == commit {
			return true
		}
		c, cerr := objects.ReadCommit(db, h)
		if cerr != nil || len(c.Parents) == 0 {
			return false
		}
		h = c.Parents[0]
	}
	return err == nil && !h.IsZero()
}

// ErrInFlight is wrapped when a ledger's tip is the entry of another
// index's commit-mode batch whose branch has not moved yet (its intent
// names it): an entry appended there would stay on the ledger should
// that batch never complete, its commit on no branch (Publish waits).
var ErrInFlight = errors.New("the session's newest entry is a commit-mode batch of another worktree whose branch has not moved yet")

// InFlight reports whether the intent file at path names ledger's entry
// tip and its branch does not hold its commit (yet).
func InFlight(db *objects.DB, rs *refs.Store, path, ledger string, tip plumbing.Hash) bool {
	data, err := os.ReadFile(path)
	if err != nil || tip.IsZero() {
		return false
	}
	in, ok := parseIntent(string(data))
	return ok && in.Ledger == ledger && in.Entry == tip && !holds(db, rs, in.Branch, in.Commit)
}

// Holds reports whether ref's commit is id or has it among its
// first-parent ancestors (a batch's ledger entry or branch commit that
// later moves kept); see holds.
func Holds(db *objects.DB, rs *refs.Store, ref string, id plumbing.Hash) bool {
	return holds(db, rs, ref, id)
}
