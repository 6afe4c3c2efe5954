package refs

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
)

// ident is the fixtures' identity at the fixtures' fixed date, as git
// writes it in a reflog.
const ident = fixtures.Name + " <" + fixtures.Email + "> 1767323045 +0000"

func store(dir string) *Store {
	gd := filepath.Join(dir, ".git")
	return &Store{GitDir: gd, CommonDir: gd}
}

func revParse(t testing.TB, dir, rev string) plumbing.Hash {
	t.Helper()
	return plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "--verify", "-q", rev)))
}

// newCommit makes a commit object on top of parent (none when "") without
// moving any ref.
func newCommit(t *testing.T, dir, parent, msg string) plumbing.Hash {
	t.Helper()
	tree := strings.TrimSpace(fixtures.Git(t, dir, "write-tree"))
	args := []string{"commit-tree", tree, "-m", msg}
	if parent != "" {
		args = append(args, "-p", parent)
	}
	return plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, args...)))
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(data)
}

func TestResolveMatchesGit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	fixtures.Git(t, dir, "tag", "-a", "-m", "annotated", "v1")
	fixtures.Git(t, dir, "branch", "packed")
	fixtures.Git(t, dir, "pack-refs", "--all")
	fixtures.Git(t, dir, "branch", "loose")
	fixtures.Git(t, dir, "commit", "-q", "--allow-empty", "-m", "two")
	fixtures.Git(t, dir, "symbolic-ref", "refs/heads/sym", "refs/heads/packed")
	s := store(dir)
	for _, name := range []string{"HEAD", "refs/heads/main", "refs/heads/packed", "refs/heads/loose", "refs/tags/v1", "refs/heads/sym"} {
		got, err := s.Resolve(name)
		if want := revParse(t, dir, name); err != nil || got != want {
			t.Errorf("Resolve(%s) = %s, %v; git rev-parse says %s", name, got, err, want)
		}
	}
	if got, err := s.Resolve("refs/heads/missing"); err != nil || !got.IsZero() {
		t.Errorf("Resolve(missing) = %s, %v; want zero, nil", got, err)
	}
	for _, bad := range []string{"refs/heads/../x", "refs/heads/a.lock", "refs//x", "head"} {
		if _, err := s.Resolve(bad); err == nil {
			t.Errorf("Resolve(%q) accepted an invalid name", bad)
		}
	}
}

func TestReadHeadTellsUnbornBranchFromDetachedHEAD(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := store(dir)
	h, err := s.ReadHead()
	if err != nil || h.Ref != "refs/heads/main" || !h.Commit.IsZero() {
		t.Fatalf("unborn ReadHead = %+v, %v", h, err)
	}
	fixtures.Git(t, dir, "commit", "-q", "--allow-empty", "-m", "one")
	fixtures.Git(t, dir, "checkout", "-q", "--detach")
	h, err = s.ReadHead()
	if err != nil || h.Ref != "" || h.Commit != revParse(t, dir, "HEAD") {
		t.Fatalf("detached ReadHead = %+v, %v", h, err)
	}
}

func TestApplyMovesBranchLikeGit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	s := store(dir)
	old := revParse(t, dir, "HEAD")
	c2 := newCommit(t, dir, old.String(), "two")
	msg := "commit: two\n\nbody   line "
	if err := s.Apply(context.Background(), Update{Ref: "refs/heads/main", Old: old, New: c2, Ident: ident, Message: msg}, time.Second); err != nil {
		t.Fatal(err)
	}
	if got := revParse(t, dir, "HEAD"); got != c2 {
		t.Fatalf("HEAD = %s, want %s", got, c2)
	}
	// git update-ref with the same message writes the oracle line.
	c3 := newCommit(t, dir, c2.String(), "three")
	fixtures.Git(t, dir, "update-ref", "-m", msg, "HEAD", c3.String(), c2.String())
	for _, log := range []string{"logs/HEAD", "logs/refs/heads/main"} {
		lines := strings.Split(strings.TrimSuffix(readFile(t, filepath.Join(dir, ".git", log)), "\n"), "\n")
		ours := lines[len(lines)-2]
		gits := strings.Replace(lines[len(lines)-1], c2.String()+" "+c3.String(), old.String()+" "+c2.String(), 1)
		if ours != gits {
			t.Errorf("%s line:\n ours %q\n git  %q", log, ours, gits)
		}
	}
	if got := fixtures.Git(t, dir, "reflog", "-1", "--format=%gs", "main@{1}"); strings.TrimSpace(got) != "commit: two body line" {
		t.Errorf("git reflog main@{1} = %q", got)
	}
	fixtures.Git(t, dir, "fsck", "--strict", "--no-dangling")
}

func TestApplyRefusesStaleAndLeavesRef(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	s := store(dir)
	head := revParse(t, dir, "HEAD")
	c2 := newCommit(t, dir, head.String(), "two")
	fixtures.Git(t, dir, "branch", "other")
	tests := []struct {
		name string
		ref  string
		old  plumbing.Hash
	}{
		{"wrong old value", "refs/heads/main", c2},
		{"zero old but ref exists", "refs/heads/other", plumbing.ZeroHash},
		{"old given but ref missing", "refs/heads/none", head},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs := readFile(t, filepath.Join(dir, ".git/logs/HEAD"))
			err := s.Apply(context.Background(), Update{Ref: tt.ref, Old: tt.old, New: c2, Ident: ident, Message: "x"}, time.Second)
			if !errors.Is(err, ErrStale) {
				t.Fatalf("Apply error = %v, want ErrStale", err)
			}
			if got, _ := s.Resolve(tt.ref); got == c2 {
				t.Errorf("%s moved to %s", tt.ref, got)
			}
			if readFile(t, filepath.Join(dir, ".git/logs/HEAD")) != logs {
				t.Error("logs/HEAD changed")
			}
			if _, err := os.Stat(s.refPath(tt.ref) + ".lock"); !os.IsNotExist(err) {
				t.Error("lock file left behind")
			}
		})
	}
}

func TestApplyUpdatesARefThatIsOnlyPacked(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	fixtures.Git(t, dir, "tag", "-a", "-m", "peeled", "v1")
	fixtures.Git(t, dir, "pack-refs", "--all")
	s := store(dir)
	if _, err := os.Stat(filepath.Join(dir, ".git/refs/heads/main")); !os.IsNotExist(err) {
		t.Fatal("main is still loose after pack-refs")
	}
	head := revParse(t, dir, "HEAD")
	c2 := newCommit(t, dir, head.String(), "two")
	err := s.Apply(context.Background(), Update{Ref: "refs/heads/main", New: c2, Ident: ident, Message: "x"}, time.Second)
	if !errors.Is(err, ErrStale) {
		t.Fatalf("creating over a packed ref: %v, want ErrStale", err)
	}
	if err := s.Apply(context.Background(), Update{Ref: "refs/heads/main", Old: head, New: c2, Ident: ident, Message: "commit: two"}, time.Second); err != nil {
		t.Fatal(err)
	}
	if got := revParse(t, dir, "main"); got != c2 {
		t.Errorf("main = %s, want %s", got, c2)
	}
	if got := fixtures.Git(t, dir, "log", "--format=%s", "main"); got != "two\ninitial\n" {
		t.Errorf("git log = %q", got)
	}
	fixtures.Git(t, dir, "fsck", "--strict", "--no-dangling")
}

func TestApplyOnUnbornBranchMakesTheFirstCommit(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := store(dir)
	c1 := newCommit(t, dir, "", "first")
	if err := s.Apply(context.Background(), Update{Ref: "refs/heads/main", New: c1, Ident: ident, Message: "commit (initial): first"}, time.Second); err != nil {
		t.Fatal(err)
	}
	if got := fixtures.Git(t, dir, "log", "--format=%s"); got != "first\n" {
		t.Errorf("git log = %q", got)
	}
	want := plumbing.ZeroHash.String() + " " + c1.String() + " " + ident + "\tcommit (initial): first\n"
	for _, log := range []string{"logs/HEAD", "logs/refs/heads/main"} {
		if got := readFile(t, filepath.Join(dir, ".git", log)); got != want {
			t.Errorf("%s = %q, want %q", log, got, want)
		}
	}
}

func TestApplyOnDetachedHeadMovesHEADOnly(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	fixtures.Git(t, dir, "checkout", "-q", "--detach")
	s := store(dir)
	head := revParse(t, dir, "HEAD")
	c2 := newCommit(t, dir, head.String(), "two")
	mainLog := readFile(t, filepath.Join(dir, ".git/logs/refs/heads/main"))
	if err := s.Apply(context.Background(), Update{Ref: "HEAD", Old: head, New: c2, Ident: ident, Message: "commit: two"}, time.Second); err != nil {
		t.Fatal(err)
	}
	if got := revParse(t, dir, "HEAD"); got != c2 {
		t.Errorf("HEAD = %s, want %s", got, c2)
	}
	if got := revParse(t, dir, "main"); got != head {
		t.Errorf("main moved to %s", got)
	}
	if readFile(t, filepath.Join(dir, ".git/logs/refs/heads/main")) != mainLog {
		t.Error("main's reflog changed")
	}
	if got := fixtures.Git(t, dir, "reflog", "-1", "--format=%H %gs"); got != c2.String()+" commit: two\n" {
		t.Errorf("git reflog = %q", got)
	}
}

func TestApplyInLinkedWorktreeMovesItsBranchAndLogsBoth(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	wt := filepath.Join(filepath.Dir(dir), "wt")
	fixtures.Git(t, dir, "worktree", "add", "-q", "-b", "side", wt)
	gitDir := strings.TrimSpace(fixtures.Git(t, wt, "rev-parse", "--absolute-git-dir"))
	s := &Store{GitDir: gitDir, CommonDir: filepath.Join(dir, ".git")}
	h, err := s.ReadHead()
	if err != nil || h.Ref != "refs/heads/side" {
		t.Fatalf("ReadHead = %+v, %v", h, err)
	}
	mainHeadLog := readFile(t, filepath.Join(dir, ".git/logs/HEAD"))
	c2 := newCommit(t, wt, h.Commit.String(), "side two")
	if err := s.Apply(context.Background(), Update{Ref: h.Ref, Old: h.Commit, New: c2, Ident: ident, Message: "commit: side two"}, time.Second); err != nil {
		t.Fatal(err)
	}
	if got := revParse(t, wt, "HEAD"); got != c2 {
		t.Errorf("worktree HEAD = %s, want %s", got, c2)
	}
	if got := revParse(t, dir, "side"); got != c2 {
		t.Errorf("side seen from main worktree = %s", got)
	}
	for _, p := range []string{filepath.Join(gitDir, "logs/HEAD"), filepath.Join(dir, ".git/logs/refs/heads/side")} {
		if !strings.Contains(readFile(t, p), c2.String()+" "+ident+"\tcommit: side two\n") {
			t.Errorf("%s lacks the entry", p)
		}
	}
	if readFile(t, filepath.Join(dir, ".git/logs/HEAD")) != mainHeadLog {
		t.Error("the main worktree's logs/HEAD changed")
	}
	if got := fixtures.Git(t, wt, "reflog", "-1", "--format=%gs"); got != "commit: side two\n" {
		t.Errorf("git reflog in worktree = %q", got)
	}
}

func TestApplyCreatesNestedRefsAndLogsAsCoreLogAllRefUpdates(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	head := revParse(t, dir, "HEAD")
	tests := []struct {
		policy, ref string
		wantLog     bool
	}{
		{"", "refs/heads/feature/deep/x", true},
		{"", "refs/gitedit/x", false},
		{"always", "refs/gitedit/y", true},
		{"false", "refs/heads/nolog", false},
	}
	for _, tt := range tests {
		s := store(dir)
		s.LogAllRefUpdates = tt.policy
		if err := s.Apply(context.Background(), Update{Ref: tt.ref, New: head, Ident: ident, Message: "branch: created"}, time.Second); err != nil {
			t.Fatalf("%s: %v", tt.ref, err)
		}
		if got := revParse(t, dir, tt.ref); got != head {
			t.Errorf("%s = %s", tt.ref, got)
		}
		_, err := os.Stat(filepath.Join(dir, ".git/logs", tt.ref))
		if (err == nil) != tt.wantLog {
			t.Errorf("policy %q, %s: reflog exists = %v, want %v", tt.policy, tt.ref, err == nil, tt.wantLog)
		}
	}
}

func TestApplyWaitsForLockThenFails(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	s := store(dir)
	head := revParse(t, dir, "HEAD")
	c2 := newCommit(t, dir, head.String(), "two")
	lock := filepath.Join(dir, ".git/refs/heads/main.lock")
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err := s.Apply(context.Background(), Update{Ref: "refs/heads/main", Old: head, New: c2, Ident: ident}, 20*time.Millisecond)
	if !errors.Is(err, lockfile.ErrLocked) {
		t.Fatalf("Apply under a held lock: %v, want ErrLocked", err)
	}
	if _, err := os.Stat(lock); err != nil {
		t.Error("someone else's lock was removed")
	}
	if got := revParse(t, dir, "main"); got != head {
		t.Errorf("main moved to %s", got)
	}
}

func TestApplyConcurrentCASOneWins(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	s := store(dir)
	head := revParse(t, dir, "HEAD")
	const n = 8
	commits := make([]plumbing.Hash, n)
	for i := range commits {
		commits[i] = newCommit(t, dir, head.String(), "c"+string(rune('a'+i)))
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.Apply(context.Background(), Update{Ref: "refs/heads/main", Old: head, New: commits[i], Ident: ident, Message: "race"}, 5*time.Second)
		}()
	}
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won >= 0:
			t.Fatalf("two updates from the same old value succeeded")
		case err == nil:
			won = i
		case !errors.Is(err, ErrStale):
			t.Errorf("update %d: %v, want ErrStale", i, err)
		}
	}
	if won < 0 || revParse(t, dir, "main") != commits[won] {
		t.Fatalf("winner %d, main = %s", won, revParse(t, dir, "main"))
	}
	if got := fixtures.Git(t, dir, "reflog", "--format=%H", "main"); strings.Count(got, "\n") != 2 {
		t.Errorf("main reflog has %q, want the initial commit and one update", got)
	}
}

// A symbolic ref other than HEAD is refused (git would move its target;
// gitedit does not follow it), with HEAD pointing at it or not, and the
// update leaves every ref, reflog and lock file as it was. The ref is
// read once, under its lock, so the refusal comes from there.
func TestApplyRefusesASymbolicRefOtherThanHEADAndLeavesEverything(t *testing.T) {
	for _, viaHead := range []bool{false, true} {
		dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
		s := store(dir)
		head := revParse(t, dir, "HEAD")
		fixtures.Git(t, dir, "symbolic-ref", "refs/heads/sym", "refs/heads/main")
		if viaHead {
			fixtures.Git(t, dir, "symbolic-ref", "HEAD", "refs/heads/sym")
		}
		before := fixtures.Git(t, dir, "for-each-ref")
		logs := readFile(t, filepath.Join(dir, ".git/logs/HEAD"))
		c2 := newCommit(t, dir, head.String(), "two")
		err := s.Apply(context.Background(), Update{Ref: "refs/heads/sym", Old: head, New: c2, Ident: ident, Message: "x"}, time.Second)
		if err == nil || !strings.Contains(err.Error(), "symbolic ref to refs/heads/main is not supported") {
			t.Fatalf("viaHead=%v: Apply error = %v, want the symbolic-ref refusal", viaHead, err)
		}
		if got := fixtures.Git(t, dir, "for-each-ref"); got != before {
			t.Errorf("viaHead=%v: refs changed:\n%s\nwant\n%s", viaHead, got, before)
		}
		if readFile(t, filepath.Join(dir, ".git/logs/HEAD")) != logs {
			t.Errorf("viaHead=%v: logs/HEAD changed", viaHead)
		}
		for _, lock := range []string{".git/HEAD.lock", ".git/refs/heads/sym.lock"} {
			if _, err := os.Stat(filepath.Join(dir, lock)); !os.IsNotExist(err) {
				t.Errorf("viaHead=%v: %s left behind", viaHead, lock)
			}
		}
	}
}

// A ref whose folder does not exist yet (a new namespace) is created
// with its folder, and so is its reflog's, when core.logAllRefUpdates asks
// for it: the lock and the log are tried first and their folders made
// only when missing.
func TestApplyCreatesTheFoldersOfANewRefAndItsReflog(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	s := store(dir)
	s.LogAllRefUpdates = "always"
	head := revParse(t, dir, "HEAD")
	ref := "refs/gitedit-new/deep/er/x"
	if err := s.Apply(context.Background(), Update{Ref: ref, New: head, Ident: ident, Message: "create"}, time.Second); err != nil {
		t.Fatal(err)
	}
	if got := revParse(t, dir, ref); got != head {
		t.Errorf("%s = %s, want %s", ref, got, head)
	}
	if log := fixtures.Git(t, dir, "reflog", "show", "--format=%gs", ref); strings.TrimSpace(log) != "create" {
		t.Errorf("reflog of %s = %q, want \"create\"", ref, log)
	}
}

// A BeforeCommit that fails leaves the ref and both reflogs (the
// branch's and HEAD's) byte-identical; one that succeeds runs with the
// reflogs written and the ref not yet moved.
func TestBeforeCommitRunsLastAndItsFailureChangesNothing(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	s := store(dir)
	head := revParse(t, dir, "HEAD")
	next := newCommit(t, dir, head.String(), "next")
	logs := func() string {
		return readFile(t, filepath.Join(dir, ".git", "logs", "HEAD")) + readFile(t, filepath.Join(dir, ".git", "logs", "refs", "heads", "main"))
	}
	before := logs()
	u := Update{Ref: "HEAD", Old: head, New: next, Ident: ident, Message: "commit: next", BeforeCommit: func() error { return errors.New("refused") }}
	require.EqualError(t, s.Apply(context.Background(), u, time.Second), "refused")
	require.Equal(t, head, revParse(t, dir, "HEAD"))
	require.Equal(t, before, logs())
	u.BeforeCommit = func() error {
		require.Equal(t, head, revParse(t, dir, "HEAD"), "the ref has not moved yet")
		require.NotEqual(t, before, logs(), "the reflogs are written")
		return nil
	}
	require.NoError(t, s.Apply(context.Background(), u, time.Second))
	require.Equal(t, next, revParse(t, dir, "HEAD"))
}
