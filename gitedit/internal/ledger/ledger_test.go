package ledger

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
)

const ident = fixtures.Name + " <" + fixtures.Email + "> 1767323045 +0000"

// testStore opens the ledgers of the repository dir.
func testStore(dir string) *Store {
	gd := filepath.Join(dir, ".git")
	return New(objects.NewDB(filepath.Join(gd, "objects")), &refs.Store{GitDir: gd, CommonDir: gd})
}

func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	return strings.TrimSpace(fixtures.Git(t, dir, args...))
}

// blob writes content as a blob and returns its side.
func blob(t testing.TB, dir, content string) Side {
	t.Helper()
	out := strings.TrimSpace(fixtures.GitInput(t, dir, content, "hash-object", "-w", "--stdin"))
	return Side{Hash: plumbing.NewHash(out), Mode: filemode.Regular}
}

// current is the side of path as git's index holds it.
func current(t testing.TB, dir, path string) Side {
	t.Helper()
	return Side{Hash: plumbing.NewHash(git(t, dir, "rev-parse", ":"+path)), Mode: filemode.Regular}
}

// record appends one batch of session id and returns its entry.
func record(t testing.TB, s *Store, dir, id, msg string, changes ...Change) *Appended {
	t.Helper()
	head := plumbing.NewHash(git(t, dir, "rev-parse", "HEAD"))
	a, err := s.Append(context.Background(), Record{Session: id, Base: head, Changes: changes, Message: msg, Author: ident, Committer: ident}, time.Second)
	require.NoError(t, err)
	return a
}

// batchMessage is a batch's message with its Edit-Session trailer.
func batchMessage(id, subject string) string {
	return subject + "\n\nEdit-Tool: edit\nEdit-Count: 1\nEdit-Session: " + id + "\n"
}

// rawLine is the line git diff --raw prints for c.
func rawLine(c Change) string {
	mode := func(s Side) string { return fmt.Sprintf("%06o", uint32(s.Mode)) }
	status := "M"
	switch {
	case !c.Before.Exists():
		status = "A"
	case !c.After.Exists():
		status = "D"
	}
	return fmt.Sprintf(":%s %s %s %s %s\t%s", mode(c.Before), mode(c.After), c.Before.Hash, c.After.Hash, status, c.Path)
}

func TestEntryDiffIsExactlyTheBatch(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "d/b.txt": "b\n", "d/e/c.txt": "c\n", "z.txt": "z\n"})
	s := testStore(dir)
	batch := []Change{
		{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")},
		{Path: "d/e/c.txt", Before: current(t, dir, "d/e/c.txt")},
		{Path: "d/new.txt", After: blob(t, dir, "new\n")},
	}
	a := record(t, s, dir, "s1", batchMessage("s1", "first"), batch...)
	require.False(t, a.Outside)
	var want []string
	for _, c := range batch { // in git's path order
		want = append(want, rawLine(c))
	}
	require.Equal(t, strings.Join(want, "\n"), git(t, dir, "diff", "--raw", "--no-abbrev", a.Entry.String()+"^", a.Entry.String()))
	require.Equal(t, batchMessage("s1", "first"), git(t, dir, "log", "-1", "--format=%B", a.Entry.String())+"\n")
	second := Change{Path: "a.txt", Before: batch[0].After, After: blob(t, dir, "AA\n")}
	b := record(t, s, dir, "s1", batchMessage("s1", "second"), second)
	require.Equal(t, a.Entry.String(), git(t, dir, "rev-parse", b.Entry.String()+"^"))
	require.Equal(t, rawLine(second), git(t, dir, "diff", "--raw", "--no-abbrev", b.Entry.String()+"^", b.Entry.String()))
	require.Equal(t, b.Entry.String(), git(t, dir, "rev-parse", Ref("s1")))
	require.Equal(t, "record: second\nrecord: first", git(t, dir, "reflog", "show", "--format=%gs", Ref("s1")))
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-dangling")
	require.NoError(t, err, out)
}

func TestOutsideEntryRecordsWhatOthersChanged(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	s := testStore(dir)
	first := Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}
	record(t, s, dir, "s", batchMessage("s", "one"), first)
	// Someone else changes a.txt to "X", and b.txt was staged before.
	other := Change{Path: "a.txt", Before: blob(t, dir, "X\n"), After: blob(t, dir, "XY\n")}
	staged := Change{Path: "b.txt", Before: blob(t, dir, "b2\n"), After: blob(t, dir, "b3\n")}
	a := record(t, s, dir, "s", batchMessage("s", "two"), other, staged)
	require.True(t, a.Outside)
	e := a.Entry.String()
	require.Equal(t, rawLine(other)+"\n"+rawLine(staged), git(t, dir, "diff", "--raw", "--no-abbrev", e+"^", e))
	outside := git(t, dir, "rev-parse", e+"^")
	require.NotContains(t, git(t, dir, "log", "-1", "--format=%B", outside), "Edit-Session")
	require.Contains(t, git(t, dir, "log", "-1", "--format=%B", outside), "Edit-Ledger: outside")
	require.Equal(t, rawLine(Change{Path: "a.txt", Before: first.After, After: other.Before})+"\n"+rawLine(Change{Path: "b.txt", Before: current(t, dir, "b.txt"), After: staged.Before}),
		git(t, dir, "diff", "--raw", "--no-abbrev", outside+"^", outside))

	sess, err := s.Read(context.Background(), "s")
	require.NoError(t, err)
	require.Len(t, sess.Batches(), 2)
	net, err := s.Net(sess)
	require.NoError(t, err)
	require.Equal(t, []NetFile{
		{Path: "a.txt", Before: first.Before, After: other.After, OutsideChanges: true, Batches: 2},
		{Path: "b.txt", Before: staged.Before, After: staged.After, Batches: 1},
	}, net, "b.txt's change before the session's first batch of it is not outside_changes")
}

func TestCommitModeEntryNamesTheBranchCommit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	before := current(t, dir, "a.txt")
	fixtures.WriteFiles(t, dir, map[string]string{"a.txt": "A\n"})
	msg := batchMessage("c", "edit a")
	git(t, dir, "commit", "-qam", strings.TrimSuffix(msg, "\n"))
	branch := plumbing.NewHash(git(t, dir, "rev-parse", "HEAD"))
	a, err := s.Append(context.Background(), Record{Session: "c", Base: plumbing.NewHash(git(t, dir, "rev-parse", "HEAD^")),
		Changes: []Change{{Path: "a.txt", Before: before, After: current(t, dir, "a.txt")}}, Message: msg, Commit: branch, Author: ident, Committer: ident}, time.Second)
	require.NoError(t, err)
	e := a.Entry.String()
	require.Equal(t, branch.String(), git(t, dir, "rev-parse", e+"^2"))
	require.Equal(t, msg+"Edit-Commit: "+branch.String()+"\n", git(t, dir, "log", "-1", "--format=%B", e)+"\n")
	require.Equal(t, git(t, dir, "rev-parse", "HEAD^{tree}"), git(t, dir, "rev-parse", e+"^{tree}"))
	sess, err := s.Read(context.Background(), "c")
	require.NoError(t, err)
	require.Equal(t, branch, sess.Entries[0].Commit)
	require.Equal(t, git(t, dir, "rev-parse", "HEAD^"), sess.Base.String())
	require.Equal(t, "edit", sess.Entries[0].Tool)
}

func TestLedgerOnAnUnbornBranchStartsFromTheEmptyTree(t *testing.T) {
	dir := t.TempDir()
	fixtures.Git(t, dir, "init", "-q")
	s := testStore(dir)
	c := Change{Path: "new.txt", After: blob(t, dir, "n\n")}
	a, err := s.Append(context.Background(), Record{Session: "u", Changes: []Change{c}, Message: batchMessage("u", "create"), Author: ident, Committer: ident}, time.Second)
	require.NoError(t, err)
	e := a.Entry.String()
	require.Equal(t, rawLine(c), git(t, dir, "diff", "--raw", "--no-abbrev", e+"^", e))
	require.Equal(t, "", git(t, dir, "log", "-1", "--format=%P", e+"^"), "the start entry has no parent")
	sess, err := s.Read(context.Background(), "u")
	require.NoError(t, err)
	require.True(t, sess.Base.IsZero())
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-dangling")
	require.NoError(t, err, out)
}

// A file created where the ledger's tree has a folder (or under a path
// the tree holds as a file) finds them gone: the outside entry removes
// them, so the batch's entry still lists only the batch's files.
func TestCreatedFileReplacingAFolderKeepsTheEntryExact(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"d/x.txt": "x\n", "d/y.txt": "y\n", "f": "f\n"})
	s := testStore(dir)
	batch := []Change{
		{Path: "d/x.txt", Before: current(t, dir, "d/x.txt")},
		{Path: "d", After: blob(t, dir, "now a file\n")},
		{Path: "f/inside.txt", After: blob(t, dir, "i\n")},
	}
	a := record(t, s, dir, "s", batchMessage("s", "replace"), batch...)
	require.True(t, a.Outside)
	e := a.Entry.String()
	want := rawLine(batch[1]) + "\n" + rawLine(batch[0]) + "\n" + rawLine(batch[2])
	require.Equal(t, want, git(t, dir, "diff", "--raw", "--no-abbrev", "--no-renames", e+"^", e))
}

func TestRevokePutsTheLedgerBack(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	ctx := context.Background()
	c := Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}
	a := record(t, s, dir, "r", batchMessage("r", "one"), c)
	require.NoError(t, s.Revoke(ctx, a, time.Second))
	require.NoFileExists(t, filepath.Join(dir, ".git", "refs", "gitedit", "sessions", "r"))
	require.NoFileExists(t, filepath.Join(dir, ".git", "logs", "refs", "gitedit", "sessions", "r"))

	first := record(t, s, dir, "r", batchMessage("r", "one"), c)
	logPath := filepath.Join(dir, ".git", "logs", "refs", "gitedit", "sessions", "r")
	log, err := os.ReadFile(logPath)
	require.NoError(t, err)
	second := record(t, s, dir, "r", batchMessage("r", "two"), Change{Path: "a.txt", Before: c.After, After: blob(t, dir, "B\n")})
	require.NoError(t, s.Revoke(ctx, second, time.Second))
	require.Equal(t, first.Entry.String(), git(t, dir, "rev-parse", Ref("r")))
	after, err := os.ReadFile(logPath)
	require.NoError(t, err)
	require.Equal(t, string(log), string(after))

	// A ledger that moved since is not put back.
	third := record(t, s, dir, "r", batchMessage("r", "three"), Change{Path: "a.txt", Before: c.After, After: blob(t, dir, "C\n")})
	record(t, s, dir, "r", batchMessage("r", "four"), Change{Path: "a.txt", Before: blob(t, dir, "C\n"), After: blob(t, dir, "D\n")})
	require.ErrorIs(t, s.Revoke(ctx, third, time.Second), refs.ErrStale)
}

func TestDropDeletesLooseAndPackedLedgersAndTheirReflogs(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	ctx := context.Background()
	c := Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}
	for _, id := range []string{"p", "q", "l"} {
		record(t, s, dir, id, batchMessage(id, "one"), c)
	}
	git(t, dir, "tag", "keep")
	git(t, dir, "pack-refs", "--all")
	record(t, s, dir, "l", batchMessage("l", "two"), Change{Path: "a.txt", Before: c.After, After: c.Before})
	ids, err := s.IDs()
	require.NoError(t, err)
	require.Equal(t, []string{"l", "p", "q"}, ids)
	require.NoError(t, s.Drop(ctx, "p", time.Second, nil))
	require.NoError(t, s.Drop(ctx, "l", time.Second, nil))
	require.ErrorIs(t, s.Drop(ctx, "p", time.Second, nil), ErrNoSession)
	require.Equal(t, Ref("q"), git(t, dir, "for-each-ref", "--format=%(refname)", "refs/gitedit/"))
	require.NotEmpty(t, git(t, dir, "rev-parse", "keep"), "other packed refs stay")
	require.NoFileExists(t, filepath.Join(dir, ".git", "logs", "refs", "gitedit", "sessions", "p"))
	ids, err = s.IDs()
	require.NoError(t, err)
	require.Equal(t, []string{"q"}, ids)
}

func TestStateIsDerivedFromTheEntries(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	s := testStore(dir)
	ctx := context.Background()
	a0, a1 := current(t, dir, "a.txt"), blob(t, dir, "A\n")
	one := record(t, s, dir, "st", batchMessage("st", "one"), Change{Path: "a.txt", Before: a0, After: a1})
	state := func() State {
		sess, err := s.Read(ctx, "st")
		require.NoError(t, err)
		return sess.State()
	}
	require.Equal(t, Open, state())
	undo := "Undo one\n\nEdit-Tool: undo\nEdit-Session: st\nEdit-Undoes: " + one.Entry.String() + "\n"
	record(t, s, dir, "st", undo, Change{Path: "a.txt", Before: a1, After: a0})
	require.Equal(t, Undone, state())
	sess, err := s.Read(ctx, "st")
	require.NoError(t, err)
	require.True(t, sess.Batches()[1].Undone)
	net, err := s.Net(sess)
	require.NoError(t, err)
	require.Empty(t, net, "undone: no net change")
	record(t, s, dir, "st", batchMessage("st", "again"), Change{Path: "a.txt", Before: a0, After: a1})
	require.Equal(t, Open, state())
	record(t, s, dir, "st", "Land\n\nEdit-Tool: land\nEdit-Session: st\n")
	require.Equal(t, Landed, state())
}

// Appends from many goroutines, to one session and to several, lose no
// entry: each retries its compare-and-swap on the ledger's new value.
func TestConcurrentAppendsLoseNoEntry(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	const writers, each = 8, 5
	before := current(t, dir, "a.txt")
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := testStore(dir)
			for i := range each {
				id := []string{"shared", fmt.Sprintf("own%d", w)}[i%2]
				msg := batchMessage(id, fmt.Sprintf("w%d b%d", w, i))
				_, err := s.Append(context.Background(), Record{Session: id, Changes: []Change{{Path: fmt.Sprintf("f%d-%d", w, i), After: before}}, Message: msg, Author: ident, Committer: ident}, 10*time.Second)
				if err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	s := testStore(dir)
	total := 0
	sessions, broken, err := s.List(context.Background())
	require.NoError(t, err)
	require.Empty(t, broken)
	for _, sess := range sessions {
		total += len(sess.Batches())
		files, err := s.Touched(sess)
		require.NoError(t, err)
		require.Len(t, files, len(sess.Batches()), sess.ID)
	}
	require.Equal(t, writers*each, total)
	require.Len(t, sessions, writers+1)
}

// The before blob of a file an outside entry records is written through
// Record.WriteBefore (a batch stores only its after blobs), for that file
// alone.
func TestOutsideEntryAsksForTheBeforeBlob(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	s := testStore(dir)
	unstored := Side{Hash: plumbing.NewHash(git(t, dir, "hash-object", "--stdin")), Mode: filemode.Regular} // the empty blob, not written
	changes := []Change{
		{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")},
		{Path: "b.txt", Before: unstored, After: blob(t, dir, "B\n")},
	}
	var asked []int
	rec := Record{Session: "w", Base: plumbing.NewHash(git(t, dir, "rev-parse", "HEAD")), Changes: changes, Message: batchMessage("w", "w"),
		Author: ident, Committer: ident, WriteBefore: func(i int) error {
			asked = append(asked, i)
			_, err := objects.WriteBlob(s.db, nil)
			return err
		}}
	_, err := s.Append(context.Background(), rec, time.Second)
	require.NoError(t, err)
	require.Equal(t, []int{1}, asked)
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-dangling")
	require.NoError(t, err, out)
}

// A batch prepares its entry while it writes its files and publishes it
// at its point of no return: when the ledger moved in between (a batch of
// the same session in another worktree), the entry is written again on
// the new newest entry, and both stay.
func TestPublishAfterTheLedgerMovedWritesTheEntryAgain(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	s := testStore(dir)
	head := plumbing.NewHash(git(t, dir, "rev-parse", "HEAD"))
	mine := Change{Path: "a.txt", Before: current(t, dir, "a.txt"), After: blob(t, dir, "A\n")}
	p, err := s.Prepare(Record{Session: "p", Base: head, Changes: []Change{mine}, Message: batchMessage("p", "mine"), Author: ident, Committer: ident})
	require.NoError(t, err)
	other := record(t, s, dir, "p", batchMessage("p", "other"), Change{Path: "b.txt", Before: current(t, dir, "b.txt"), After: blob(t, dir, "B\n")})
	a, err := p.Publish(context.Background(), time.Second)
	require.NoError(t, err)
	require.Equal(t, other.Entry.String(), git(t, dir, "rev-parse", a.Entry.String()+"^"))
	require.Equal(t, rawLine(mine), git(t, dir, "diff", "--raw", "--no-abbrev", a.Entry.String()+"^", a.Entry.String()))
	require.Equal(t, "record: mine\nrecord: other", git(t, dir, "reflog", "show", "--format=%gs", Ref("p")))
}
