package ledger

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
)

// TestSettleLeavesALedgerItDoesNotOwn settles intents that must not move
// the ledger: one whose entry is not the ledger's tip any more (another
// worktree appended since, or the ledger never moved), one whose branch
// holds the commit, and a malformed one; each is removed, the ledger and
// its reflog untouched. An intent whose branch lacks the commit rolls the
// ledger back.
func TestSettleLeavesALedgerItDoesNotOwn(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	first := record(t, s, dir, "k", batchMessage("k", "one"), Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "b\n")})
	second := record(t, s, dir, "k", batchMessage("k", "two"), Change{Path: "a.txt", Before: blob(t, dir, "b\n"), After: blob(t, dir, "c\n")})
	head := plumbing.NewHash(git(t, dir, "rev-parse", "HEAD"))
	other := plumbing.NewHash(git(t, dir, "commit-tree", "-p", "HEAD", "-m", "never on main", "HEAD^{tree}"))
	log := filepath.Join(dir, ".git", "logs", "refs", "gitedit", "sessions", "k")
	path := filepath.Join(dir, ".git", "gitedit", "ledger-intent")
	for name, in := range map[string]*Intent{
		"moved on":     {Ledger: Ref("k"), Old: first.Entry, Entry: first.Entry, Branch: "refs/heads/main", Commit: other},
		"branch holds": {Ledger: Ref("k"), Old: first.Entry, Entry: second.Entry, Branch: "refs/heads/main", Commit: head},
		"malformed":    {Ledger: "refs/heads/main", Old: first.Entry, Entry: second.Entry, Branch: "refs/heads/main", Commit: other},
	} {
		before, err := os.ReadFile(log)
		require.NoError(t, err)
		in.Path = path
		require.NoError(t, in.Write(), name)
		require.NoError(t, Settle(context.Background(), s.db, s.refs, path, time.Second, nil), name)
		require.NoFileExists(t, path, name)
		require.Equal(t, second.Entry.String(), git(t, dir, "rev-parse", Ref("k")), name)
		after, _ := os.ReadFile(log)
		require.Equal(t, string(before), string(after), name)
	}
	in := &Intent{Ledger: Ref("k"), Old: first.Entry, Entry: second.Entry, Branch: "refs/heads/main", Commit: other, Path: path}
	require.NoError(t, in.Write())
	require.NoError(t, Settle(context.Background(), s.db, s.refs, path, time.Second, nil))
	require.Equal(t, first.Entry.String(), git(t, dir, "rev-parse", Ref("k")))
	require.Contains(t, git(t, dir, "reflog", "-1", "--format=%gs", Ref("k")), "rollback: batch killed before refs/heads/main moved to "+other.String())
}

// TestPublishWaitsForAnEntryInFlight: Publish does not move the ledger
// while Check reports the tip in flight; it settles (Settle), waits and
// tries again, and past its timeout fails with lockfile.ErrLocked,
// leaving the ledger as it was.
func TestPublishWaitsForAnEntryInFlight(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	first := record(t, s, dir, "k", batchMessage("k", "one"), Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "b\n")})
	rec := Record{Session: "k", Changes: []Change{{Path: "a.txt", Before: blob(t, dir, "b\n"), After: blob(t, dir, "c\n")}},
		Message: batchMessage("k", "two"), Author: ident, Committer: ident}
	for _, clears := range []bool{true, false} {
		p, err := s.Prepare(rec)
		require.NoError(t, err)
		settled := 0
		p.Check = func(old plumbing.Hash) error {
			require.Equal(t, first.Entry, old)
			if clears && settled > 1 {
				return nil
			}
			return ErrInFlight
		}
		p.Settle = func() { settled++ }
		a, err := p.Publish(context.Background(), 100*time.Millisecond)
		if !clears {
			require.ErrorIs(t, err, lockfile.ErrLocked)
			require.ErrorIs(t, err, ErrInFlight)
			require.Equal(t, first.Entry.String(), git(t, dir, "rev-parse", Ref("k")))
			continue
		}
		require.NoError(t, err)
		require.Equal(t, 2, settled)
		require.Equal(t, a.Entry.String(), git(t, dir, "rev-parse", Ref("k")))
		require.NoError(t, s.Revoke(context.Background(), a, time.Second))
	}
}

// TestIntentRecordsItsIndex: an intent with an index file (GIT_INDEX_FILE)
// writes it as a sixth line and reads it back (IntentIndex); one without
// (the git dir's own index, or written by an older gitedit) still
// parses, with no index; a path with a newline is not recorded.
func TestIntentRecordsItsIndex(t *testing.T) {
	dir := t.TempDir()
	h := plumbing.NewHash("1111111111111111111111111111111111111111")
	for index, want := range map[string]string{"/tmp/alt index": "/tmp/alt index", "": "", "/tmp/a\nb": ""} {
		in := &Intent{Ledger: Ref("k"), Entry: h, Branch: "refs/heads/main", Commit: h, Index: index, Path: filepath.Join(dir, "ledger-intent-x")}
		require.NoError(t, in.Write())
		got, ok := parseIntent(in.text())
		require.True(t, ok, "%q", index)
		require.Equal(t, want, got.Index, "%q", index)
		require.Equal(t, want, IntentIndex(in.Path), "%q", index)
	}
	require.Equal(t, "", IntentIndex(filepath.Join(dir, "none")))
}
