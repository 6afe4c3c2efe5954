package ledger

import (
	"context"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestAppendRefusesALedgerRefNamingNoEntryOfTheSession points a
// session's ledger ref at a commit that is no entry of it (a branch
// commit, another session's entry), as a hook or git update-ref can:
// Append refuses with ErrBroken and leaves the ref as it was, instead of
// rooting the ledger on that commit's history. A start entry, an
// outside entry and the session's own batch entries are appended to.
func TestAppendRefusesALedgerRefNamingNoEntryOfTheSession(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	c := Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}
	other := record(t, s, dir, "o", batchMessage("o", "one"), c).Entry.String()
	for name, foreign := range map[string]string{"branch commit": git(t, dir, "rev-parse", "HEAD"), "another session's entry": other} {
		t.Run(name, func(t *testing.T) {
			git(t, dir, "update-ref", Ref("f"), foreign)
			head := plumbing.NewHash(git(t, dir, "rev-parse", "HEAD"))
			_, err := testStore(dir).Append(context.Background(), Record{Session: "f", Base: head, Changes: []Change{c},
				Message: batchMessage("f", "one"), Author: ident, Committer: ident}, time.Second)
			require.ErrorIs(t, err, ErrBroken)
			require.ErrorContains(t, err, "no entry of session f")
			require.Equal(t, foreign, git(t, dir, "rev-parse", Ref("f")))
		})
	}
	start := git(t, dir, "rev-parse", Ref("o")+"^")
	git(t, dir, "update-ref", Ref("o"), start)
	record(t, testStore(dir), dir, "o", batchMessage("o", "again"), c)
	record(t, testStore(dir), dir, "o", batchMessage("o", "more"), Change{Path: "a.txt", Before: c.After, After: blob(t, dir, "B\n")})
}

// On a case-insensitive file system (macOS, Windows: core.ignorecase)
// the ledger refs of ids that differ only in case are one file, so a
// batch of session "casey" finds the ledger of "Casey". It is refused, as
// any foreign tip is, but the message says why and does not advise
// gitedit session drop casey, which would delete Casey's ledger there.
// (Simulated here by pointing casey's ref at Casey's entry.)
func TestAppendToALedgerOfAnIDDifferingInCaseSaysSo(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	c := Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}
	entry := record(t, s, dir, "Casey", batchMessage("Casey", "one"), c).Entry.String()
	git(t, dir, "update-ref", Ref("casey"), entry)
	head := plumbing.NewHash(git(t, dir, "rev-parse", "HEAD"))
	_, err := testStore(dir).Append(context.Background(), Record{Session: "casey", Base: head, Changes: []Change{c},
		Message: batchMessage("casey", "one"), Author: ident, Committer: ident}, time.Second)
	require.ErrorIs(t, err, ErrBroken)
	require.ErrorContains(t, err, "session Casey")
	require.ErrorContains(t, err, "differ only in case")
	require.NotContains(t, err.Error(), "session drop")
	require.Equal(t, entry, git(t, dir, "rev-parse", Ref("casey")))
}

// A ledger ref pointed at another session's start or outside entry (git
// update-ref S <an entry of T>) is refused as any foreign tip: it used to
// pass, as those entries carry no Edit-Session, and the batch then made
// T's older batches part of S's ledger, so undo --session S took back
// T's work. The session's own start and outside entries are still
// appended to (a ledger rolled back by hand).
func TestAppendRefusesAnotherSessionsStartOrOutsideEntry(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	c := Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}
	record(t, s, dir, "t", batchMessage("t", "one"), c)
	// The file changed outside t before t's next batch: an outside entry.
	d := Change{Path: "a.txt", Before: blob(t, dir, "X\n"), After: blob(t, dir, "Y\n")}
	record(t, s, dir, "t", batchMessage("t", "two"), d)
	outside := git(t, dir, "rev-parse", Ref("t")+"^")
	require.Contains(t, git(t, dir, "log", "-1", "--format=%s", outside), "Changes made outside session t")
	start := git(t, dir, "rev-parse", Ref("t")+"~3")
	require.Contains(t, git(t, dir, "log", "-1", "--format=%s", start), "Start of session t")
	head := plumbing.NewHash(git(t, dir, "rev-parse", "HEAD"))
	for name, foreign := range map[string]string{"outside entry": outside, "start entry": start} {
		git(t, dir, "update-ref", Ref("s"), foreign)
		_, err := testStore(dir).Append(context.Background(), Record{Session: "s", Base: head, Changes: []Change{c},
			Message: batchMessage("s", "one"), Author: ident, Committer: ident}, time.Second)
		require.ErrorIs(t, err, ErrBroken, name)
		require.Equal(t, foreign, git(t, dir, "rev-parse", Ref("s")), name)
	}
	for _, own := range []string{outside, start} {
		git(t, dir, "update-ref", Ref("t"), own)
		record(t, testStore(dir), dir, "t", batchMessage("t", "again"), d)
	}
}

// Read and Walk refuse a ledger ref pointed at another session's entry
// (its batch, outside or start entry) with the error a batch gets
// (ErrBroken, naming the ref and session drop): they used to read that
// session's chain as this one's. The session's own ledger still reads.
func TestReadRefusesAnotherSessionsEntries(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	c := Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}
	record(t, s, dir, "s", batchMessage("s", "one"), c)
	own := git(t, dir, "rev-parse", Ref("s"))
	record(t, s, dir, "t", batchMessage("t", "one"), c)
	record(t, s, dir, "t", batchMessage("t", "two"), Change{Path: "a.txt", Before: blob(t, dir, "X\n"), After: blob(t, dir, "Y\n")})
	for _, rev := range []string{Ref("t"), Ref("t") + "^", Ref("t") + "~3"} {
		git(t, dir, "update-ref", Ref("s"), git(t, dir, "rev-parse", rev))
		_, err := testStore(dir).Read(context.Background(), "s")
		require.ErrorIs(t, err, ErrBroken, rev)
		require.ErrorContains(t, err, "no entry of session s", rev)
		require.ErrorContains(t, err, "gitedit session drop s", rev)
		err = testStore(dir).Walk(context.Background(), "s", func(*Entry) bool { return true })
		require.ErrorIs(t, err, ErrBroken, rev)
	}
	git(t, dir, "update-ref", Ref("s"), own)
	sess, err := testStore(dir).Read(context.Background(), "s")
	require.NoError(t, err)
	require.Len(t, sess.Batches(), 1)
}

// Ids that differ only in Unicode normalisation ("é" composed, or "e"
// and a combining accent) are one ref file on macOS: a batch of one that
// finds the other's ledger there is refused saying so, without advising
// session drop as the remedy (it would drop the other's ledger), as for
// ids that differ in case. The shared file is simulated by pointing the
// decomposed id's ref at the composed one's entry.
func TestAppendToALedgerOfAnIDDifferingInNormalisationSaysSo(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	composed, decomposed := "caf\u00e9", "cafe\u0301"
	c := Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}
	entry := record(t, s, dir, composed, batchMessage(composed, "one"), c).Entry.String()
	git(t, dir, "update-ref", Ref(decomposed), entry)
	head := plumbing.NewHash(git(t, dir, "rev-parse", "HEAD"))
	_, err := testStore(dir).Append(context.Background(), Record{Session: decomposed, Base: head, Changes: []Change{c},
		Message: batchMessage(decomposed, "one"), Author: ident, Committer: ident}, time.Second)
	require.ErrorIs(t, err, ErrBroken)
	require.ErrorContains(t, err, "session "+composed)
	require.ErrorContains(t, err, "Unicode normalisation")
	require.ErrorContains(t, err, "use the id "+composed)
	require.NotContains(t, err.Error(), "deletes the ref")
	require.Equal(t, entry, git(t, dir, "rev-parse", Ref(decomposed)))
}
