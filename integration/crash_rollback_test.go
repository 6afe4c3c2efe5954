//go:build unix

package integration

import (
	"bufio"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// A batch killed (SIGKILL) while or after it places its files, before its
// point of no return, is rolled back by the next gitedit writer of the
// index, once the stale index.lock is removed: files, index and refs are
// then byte-identical to before. Past that point it is complete, with its
// entry. These tests judge every round by git.

// rollbackCase is a batch to kill: its repository, command and input.
type rollbackCase struct {
	name  string
	setup func(t *testing.T) string
	stdin string
	args  []string
	// session and commit say which refs a complete run moves.
	session, commit bool
}

// rollbackStart is the repository the edit and patch cases start from:
// b.txt has an unstaged change of the user's (its old bytes are in no
// blob until the batch saves them).
func rollbackStart(t *testing.T) string {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "alpha\n", "b.txt": "beta\n", "e.txt": "gone\n", "other.txt": "other\n"})
	write(t, dir, "b.txt", "beta\nthe user's line\n")
	return dir
}

const rollbackBatch = `{"operations":[{"file_path":"a.txt","old_string":"alpha","new_string":"ALPHA"},` +
	`{"file_path":"b.txt","old_string":"beta","new_string":"BETA"},{"file_path":"new/c.txt","old_string":"","new_string":"created\n"}]}`

const rollbackPatch = "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-alpha\n+ALPHA\n" +
	"diff --git a/e.txt b/e.txt\ndeleted file mode 100644\n--- a/e.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\n" +
	"diff --git a/new/f.txt b/new/f.txt\nnew file mode 100644\n--- /dev/null\n+++ b/new/f.txt\n@@ -0,0 +1 @@\n+made\n"

// rollbackCases are the batches: an edit batch and a patch of several
// files, in staging and commit mode, with and without a session; undo
// --session of a file/folder swap; session land.
func rollbackCases() []rollbackCase {
	var cases []rollbackCase
	for _, mode := range []struct {
		flags           []string
		session, commit bool
	}{{nil, false, false}, {[]string{"--session", "k"}, true, false}, {[]string{"--commit", "--dirty", "include"}, false, true}, {[]string{"--session", "k", "--commit", "--dirty", "include"}, true, true}} {
		cases = append(cases,
			rollbackCase{"batch " + strings.Join(mode.flags, " "), rollbackStart, rollbackBatch, append([]string{"batch", "-"}, mode.flags...), mode.session, mode.commit},
			rollbackCase{"patch " + strings.Join(mode.flags, " "), rollbackStart, rollbackPatch, append([]string{"patch", "-"}, mode.flags...), mode.session, mode.commit})
	}
	for _, mode := range [][]string{nil, {"--commit"}} {
		swap := func(t *testing.T) string {
			dir := fixtures.NewRepo(t, map[string]string{"d": "file\n", "k": "k\n", "other.txt": "other\n"})
			for _, p := range fileToFolder {
				r := gitedit(t, dir, p, append([]string{"patch", "-", "--session", "k"}, mode...)...)
				require.Equal(t, 0, r.code, r.stderr)
			}
			return dir
		}
		cases = append(cases, rollbackCase{"undo --session of a swap " + strings.Join(mode, " "), swap, "", append([]string{"undo", "--session", "k"}, mode...), true, mode != nil})
	}
	land := func(t *testing.T) string {
		dir := rollbackStart(t)
		r := gitedit(t, dir, rollbackBatch, "batch", "-", "--session", "k")
		require.Equal(t, 0, r.code, r.stderr)
		return dir
	}
	return append(cases, rollbackCase{"session land", land, "", []string{"session", "land", "k", "-m", "land k"}, true, true})
}

// rollbackPhases are the phases a batch is killed at: before its files,
// with its deletions done and no file renamed into place, with its files
// placed (and its index.lock written), its ledger moved, its index about
// to be renamed.
var rollbackPhases = []string{"write files", "place files", "write index", "move ref", "ledger moved", "commit index"}

// treeState is what a round is judged by: the working tree's files
// (relative path → content, ".git" left out), the index's bytes, the
// refs, HEAD's reflog and git status.
type treeState struct {
	files                map[string]string
	index, refs, reflog  string
	status, ledger, head string
}

// takeTree records dir's treeState (git status without refreshing the
// index, which would rewrite it).
func takeTree(t *testing.T, dir string) treeState {
	t.Helper()
	s := treeState{files: map[string]string{}}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type().IsRegular():
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			s.files[rel] = string(data)
		case d.Type()&fs.ModeSymlink != 0:
			s.files[rel] = "link"
		}
		return nil
	}))
	idx, _ := os.ReadFile(filepath.Join(dir, ".git", "index"))
	s.index = string(idx)
	s.refs = git(t, dir, "show-ref", "--head")
	s.reflog, _ = fixtures.RunGit(dir, "reflog", "--format=%H %gs")
	s.status = git(t, dir, "--no-optional-locks", "status", "--porcelain", "--untracked-files=all")
	s.ledger, _ = fixtures.RunGit(dir, "rev-parse", "-q", "--verify", ledgerRef("k"))
	s.head = git(t, dir, "rev-parse", "HEAD")
	return s
}

// killAt runs gitedit in dir paused at phase and kills it there with
// SIGKILL (phase "": after delay); it reports whether it was killed
// before it ended on its own (a phase the command does not reach).
func killAt(t *testing.T, dir, phase string, delay time.Duration, stdin string, args ...string) bool {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir, cmd.Stdin = dir, strings.NewReader(stdin)
	cmd.Env = append(fixtures.Env(fixtures.Home(dir)), "GITEDIT_TEST_PAUSE="+phase+"=5s")
	pipe, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	paused := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "gitedit: test pause at ") {
				paused <- true
			}
		}
		paused <- false
	}()
	if phase == "" {
		time.Sleep(delay)
	} else if !<-paused {
		_ = cmd.Wait()
		return false
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	err = cmd.Wait()
	return err != nil
}

// removeLocksLeft removes the lock files a killed batch left (git's
// documented recovery).
func removeLocksLeft(t *testing.T, dir string) {
	t.Helper()
	for _, pattern := range []string{"*.lock", "refs/heads/*.lock", "refs/gitedit/sessions/*.lock"} {
		found, _ := filepath.Glob(filepath.Join(dir, ".git", filepath.FromSlash(pattern)))
		for _, p := range found {
			require.NoError(t, os.Remove(p))
		}
	}
}

// nextWriter runs the next gitedit writer of the index: an edit that is
// refused (its text is not in other.txt), which changes nothing itself.
func nextWriter(t *testing.T, dir string) {
	t.Helper()
	r := gitedit(t, dir, "", "edit", "other.txt", "--old", "not there", "--new", "x", "--lock-timeout", "0")
	require.Equal(t, 1, r.code, "stdout: %s\nstderr: %s", r.stdout, r.stderr)
	require.Contains(t, r.stderr+r.stdout, "not_found", "the edit is refused for its text, not for a lock")
}

// judgeRollback says whether dir, after a killed run of c and the next
// writer, is as before (byte for byte, and git status) or as the same
// run left uninterrupted (done), with its entry, and fails otherwise.
func judgeRollback(t *testing.T, c rollbackCase, dir string, before, done treeState) string {
	t.Helper()
	now := takeTree(t, dir)
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
	require.NoError(t, err, "git fsck: %s", out)
	staged := !c.session && !c.commit && now.index != before.index // the index rename is the point of no return
	if now.ledger == before.ledger && now.head == before.head && !staged {
		require.Equal(t, before.files, now.files, "no entry and no commit, but the files changed")
		require.Equal(t, before.index, now.index, "the index changed")
		require.Equal(t, before.refs, now.refs)
		require.Equal(t, before.status, now.status)
		if now.reflog != before.reflog {
			// Killed inside the branch's update, past its reflog line (git's
			// files backend writes it before the lock's rename, and leaves
			// it when killed there too).
			line, ok := strings.CutSuffix(now.reflog, before.reflog)
			require.True(t, ok && strings.Count(line, "\n") == 1, "the reflog changed: %q", now.reflog)
			return "before, reflog line left"
		}
		return "before"
	}
	require.Equal(t, done.files, now.files, "complete: the files are the batch's")
	if c.session {
		require.NotEqual(t, before.ledger, now.ledger, "complete with its entry")
		// The entry, maybe on an entry of the user's own change to b.txt
		// (Edit-Ledger: outside), on the old tip (a new ledger's: HEAD).
		tip := strings.TrimSpace(before.ledger)
		if tip == "" {
			tip = before.head
		}
		require.Contains(t, strings.Fields(git(t, dir, "rev-list", "--first-parent", "--max-count=4", strings.TrimSpace(now.ledger))), tip, "the entry is on the old tip")
	}
	if c.commit {
		require.Equal(t, before.head, git(t, dir, "rev-parse", "HEAD^"), "one commit added")
	}
	return "complete"
}

// TestKilledBatchIsRolledBackOrComplete kills each batch at each phase
// (and, with GITEDIT_STRESS=1, at random moments): after the next
// writer, every round is exactly before or complete with its entry.
func TestKilledBatchIsRolledBackOrComplete(t *testing.T) {
	skipShort(t)
	rng := rand.New(rand.NewPCG(7, uint64(time.Now().UnixNano())))
	for _, c := range rollbackCases() {
		t.Run(c.name, func(t *testing.T) {
			ref := c.setup(t)
			began := time.Now()
			r := gitedit(t, ref, c.stdin, c.args...)
			require.Equal(t, 0, r.code, r.stderr)
			span := time.Since(began)
			done := takeTree(t, ref)
			counts := map[string]int{}
			phases := append([]string{}, rollbackPhases...)
			for range scale(2, 20) {
				phases = append(phases, "")
			}
			for _, phase := range phases {
				dir := c.setup(t)
				before := takeTree(t, dir)
				delay := time.Duration(rng.Int64N(int64(span) + 1))
				if !killAt(t, dir, phase, delay, c.stdin, c.args...) && phase != "" {
					counts[phase+": not reached"]++
					continue
				}
				removeLocksLeft(t, dir)
				nextWriter(t, dir)
				counts[phase+": "+judgeRollback(t, c, dir, before, done)]++
				require.Empty(t, tempFiles(t, dir))
			}
			t.Logf("%v", counts)
			require.Equal(t, 1, counts["place files: before"], "deletions done, no rename: rolled back")
			require.Equal(t, 1, counts["write index: before"], "files placed, index not: rolled back")
			require.Equal(t, 1, counts["move ref: before"], "index.lock written, no ref moved: rolled back")
		})
	}
}

// TestRollbackLeavesAFileChangedSince changes one of a killed batch's
// files before the next writer: that file is left as the user wrote it,
// with a note; the others are put back.
func TestRollbackLeavesAFileChangedSince(t *testing.T) {
	for _, flags := range [][]string{nil, {"--session", "k"}, {"--commit", "--dirty", "include"}} {
		t.Run(fmt.Sprint(flags), func(t *testing.T) {
			dir := rollbackStart(t)
			before := takeTree(t, dir)
			require.True(t, killAt(t, dir, "write index", 0, rollbackBatch, append([]string{"batch", "-"}, flags...)...))
			require.Equal(t, "ALPHA\n", read(t, dir, "a.txt"), "the files were placed")
			write(t, dir, "a.txt", "the user's own\n")
			removeLocksLeft(t, dir)
			m, r := jsonResult(t, dir, "", "edit", "other.txt", "--old", "other", "--new", "OTHER")
			require.Equal(t, 0, r.code, r.stderr)
			require.Contains(t, fmt.Sprint(m["notes"]), "a.txt was changed since a killed gitedit batch wrote it")
			require.Equal(t, "the user's own\n", read(t, dir, "a.txt"))
			require.Equal(t, before.files["b.txt"], read(t, dir, "b.txt"), "the user's unstaged change is back")
			require.NoFileExists(t, filepath.Join(dir, "new", "c.txt"))
			require.NoDirExists(t, filepath.Join(dir, "new"))
			require.Equal(t, before.head, git(t, dir, "rev-parse", "HEAD"))
			out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
			require.NoError(t, err, "git fsck: %s", out)
		})
	}
}

// TestRollbackKeepsDirtyBytesOutOfTheObjectDatabase: the old bytes of a
// file with unstaged changes are kept for a rollback beside the journal,
// uncompressed, not as a blob (compressing them nearly doubled the time a
// batch spends writing them); a killed batch still puts them back.
func TestRollbackKeepsDirtyBytesOutOfTheObjectDatabase(t *testing.T) {
	dir := rollbackStart(t)
	old := read(t, dir, "b.txt")
	r := gitedit(t, dir, rollbackBatch, "batch", "-")
	require.Equal(t, 0, r.code, r.stderr)
	require.False(t, gitOK(dir, "cat-file", "-e", blobID(old)), "the old bytes were written as a blob")
	require.FileExists(t, filepath.Join(dir, ".git", "gitedit", "temp-folders.old"))

	dir = rollbackStart(t)
	require.True(t, killAt(t, dir, "move ref", 0, rollbackBatch, "batch", "-"))
	removeLocksLeft(t, dir)
	nextWriter(t, dir)
	require.Equal(t, old, read(t, dir, "b.txt"))
}

// TestRollbackIsDecidedByIndexEntriesNotTheIndexFile: a git status run
// between the lock's removal and the next writer rewrites the index
// (its stat data) without changing an entry: the batch is still rolled
// back. A git add of one of its files there stages new content beside
// old: the files are left as they are, with a note.
func TestRollbackIsDecidedByIndexEntriesNotTheIndexFile(t *testing.T) {
	dir := rollbackStart(t)
	before := takeTree(t, dir)
	require.True(t, killAt(t, dir, "write index", 0, rollbackBatch, "batch", "-"))
	removeLocksLeft(t, dir)
	git(t, dir, "status", "--porcelain")
	nextWriter(t, dir)
	now := takeTree(t, dir)
	require.Equal(t, before.files, now.files)
	require.Equal(t, before.status, now.status)

	dir = rollbackStart(t)
	require.True(t, killAt(t, dir, "write index", 0, rollbackBatch, "batch", "-"))
	removeLocksLeft(t, dir)
	git(t, dir, "add", "a.txt")
	m, r := jsonResult(t, dir, "", "edit", "other.txt", "--old", "other", "--new", "OTHER")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, fmt.Sprint(m["notes"]), "beside an index written since")
	require.Equal(t, "ALPHA\n", read(t, dir, "a.txt"))
	require.Equal(t, "BETA\nthe user's line\n", read(t, dir, "b.txt"))
	require.Equal(t, "created\n", read(t, dir, "new/c.txt"))
}
