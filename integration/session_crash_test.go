//go:build unix

package integration

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// sessionPhases are the phases of a batch, in order, where
// GITEDIT_TEST_PAUSE can stop it.
// ("ledger moved" is between the ledger's rename and the batch's own.)
var sessionPhases = []string{"prepare", "write files", "write index", "move ref", "ledger moved", "commit index"}

// ledgerState is what a killed or interrupted batch of session k is
// judged by.
type ledgerState struct {
	tip, head, staged, file, ledgerLog string
}

// takeLedger records session k's ledger tip and reflog, HEAD, and
// greet.go as staged and in the working tree.
func takeLedger(t *testing.T, dir string) ledgerState {
	t.Helper()
	tip, _ := fixtures.RunGit(dir, "rev-parse", "-q", "--verify", ledgerRef("k"))
	log, _ := os.ReadFile(filepath.Join(dir, ".git", "logs", "refs", "gitedit", "sessions", "k"))
	return ledgerState{tip: strings.TrimSpace(tip), head: git(t, dir, "rev-parse", "HEAD"), staged: git(t, dir, "rev-parse", ":greet.go"),
		file: read(t, dir, "greet.go"), ledgerLog: string(log)}
}

// removeStaleLocks removes the lock files a killed writer can leave (git's
// documented recovery) and returns which it found.
func removeStaleLocks(t *testing.T, dir string) map[string]bool {
	t.Helper()
	found := map[string]bool{}
	for _, l := range append(append([]string{}, crashLocks...), "refs/gitedit/sessions/k.lock") {
		p := filepath.Join(dir, ".git", filepath.FromSlash(l))
		if _, err := os.Stat(p); err == nil {
			require.NoError(t, os.Remove(p))
			found[l] = true
		}
	}
	return found
}

// killed is what a killed batch left: the locks found, and the verdict.
type killed struct {
	locks             map[string]bool
	commit, anyMoment bool
}

// judge says whether a killed batch of session k (changing greet.go from
// old to new) left the repository as before, with no entry ("before"),
// or complete with its entry ("complete"), and fails otherwise. A batch
// killed past its point of no return may leave index.lock, as git commit
// does, its index then being the old one; a staging-mode batch killed at
// a phase may not (the ledger and the index move in one step). A batch
// killed inside the ledger's ref update may leave, with the ref's lock,
// the reflog line of the move it did not finish, as git's files backend
// leaves it (the reflog is written before the ref's lock is renamed):
// "before, reflog line left". A commit-mode batch killed between the
// ledger's ref move and the branch's leaves its intent, which the reader
// run after the kill (see killRound) settles by rolling the ledger back:
// "entry rolled back", the reflog holding the move and its rollback. An
// entry whose branch did not move is a failure.
func (k killed) judge(t *testing.T, dir string, before ledgerState, oldFile, newFile string) string {
	t.Helper()
	now := takeLedger(t, dir)
	require.True(t, now.file == oldFile || now.file == newFile, "torn file")
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
	require.NoError(t, err, "git fsck: %s", out)
	if now.tip == before.tip {
		require.Equal(t, before.head, now.head, "the branch moved without its entry")
		require.Equal(t, before.staged, now.staged, "the index was staged without its entry")
		if now.ledgerLog == before.ledgerLog {
			return "before"
		}
		extra, ok := strings.CutPrefix(now.ledgerLog, before.ledgerLog)
		if lines := strings.SplitAfter(extra, "\n"); ok && k.commit && len(lines) == 3 && strings.HasPrefix(lines[0], before.tip+" ") &&
			strings.Contains(lines[1], "\trollback: batch killed before refs/heads/main moved to ") {
			// Killed between the ledger's move and the branch's: the
			// reader that ran since (see killRound) rolled the entry back.
			return "entry rolled back"
		}
		require.True(t, ok && k.locks["refs/gitedit/sessions/k.lock"] && strings.Count(extra, "\n") == 1 && strings.HasPrefix(extra, before.tip+" "),
			"the ledger's reflog changed without an unfinished ref update: %q", extra)
		return "before, reflog line left"
	}
	require.Equal(t, newFile, now.file, "an entry for a file not written")
	parent := git(t, dir, "rev-parse", now.tip+"^")
	if strings.Contains(git(t, dir, "log", "-1", "--format=%B", parent), "Edit-Ledger: outside") {
		parent = git(t, dir, "rev-parse", parent+"^") // the file put back after an earlier round
	}
	require.Equal(t, before.tip, parent, "one entry added")
	require.Equal(t, fmt.Sprintf(":100644 100644 %s %s M\tgreet.go", blobID(oldFile), blobID(newFile)), entryRaw(t, dir, now.tip))
	if k.commit {
		require.Equal(t, now.head, git(t, dir, "rev-parse", now.tip+"^2"), "the entry names the branch commit")
		require.Equal(t, before.head, git(t, dir, "rev-parse", "HEAD^"))
	} else if !k.locks["index.lock"] || !k.anyMoment {
		require.Equal(t, blobID(newFile), now.staged, "the index is staged with the entry")
	}
	return "complete"
}

// killRound runs one batch of session k stopped at phase (or, with
// phase "", after a random delay below span) and killed with SIGKILL,
// and judges what it left.
func killRound(t *testing.T, dir, phase string, commit bool, span time.Duration, rng *rand.Rand) (string, bool) {
	t.Helper()
	oldFile := read(t, dir, "greet.go")
	newFile := strings.Replace(oldFile, "return", "X return", 1)
	args := []string{"edit", "greet.go", "--old", "\treturn", "--new", "\tX return", "--session", "k", "--lock-timeout", "1s"}
	if commit {
		args = append(args, "--commit")
	}
	before := takeLedger(t, dir)
	var p interface{ kill() }
	if phase != "" {
		pr := startPausedWithInput(t, dir, phase, "", args...)
		p = pausedKill{pr}
	} else {
		pr := start(t, dir, "", args...)
		time.Sleep(time.Duration(rng.Int64N(int64(span))))
		p = procKill{pr}
	}
	p.kill()
	k := killed{locks: removeStaleLocks(t, dir), commit: commit, anyMoment: phase == "" || phase == "ledger moved"}
	ok(t, dir, "session", "list") // a reader settles a killed batch's intent
	outcome := k.judge(t, dir, before, oldFile, newFile)
	indexLeft := k.locks["index.lock"]
	if outcome != "complete" || indexLeft {
		// Bring the working tree and index to the state judged, for the next round.
		git(t, dir, "checkout", "-q", "--", "greet.go")
		if outcome == "complete" {
			write(t, dir, "greet.go", newFile)
			git(t, dir, "add", "greet.go")
		}
	}
	return outcome, indexLeft
}

type pausedKill struct{ p *pausedRun }

func (k pausedKill) kill() {
	_ = k.p.cmd.Process.Signal(syscall.SIGKILL)
	<-k.p.stderr
	_ = k.p.cmd.Wait()
}

type procKill struct{ p *proc }

func (k procKill) kill() {
	_ = k.p.cmd.Process.Kill()
	k.p.wait()
}

// TestKilledSessionBatchIsBeforeOrCompleteWithItsEntry kills a batch of a
// session with SIGKILL at each phase, in staging and in commit mode: the
// repository is either as before, with no new entry, or the batch is
// complete with its entry (git diff --raw E^ E is the batch; in commit
// mode its second parent is the new branch commit). GITEDIT_STRESS=1
// repeats each phase and adds rounds killed at a random moment.
func TestKilledSessionBatchIsBeforeOrCompleteWithItsEntry(t *testing.T) {
	skipShort(t)
	rng := rand.New(rand.NewPCG(25, uint64(time.Now().UnixNano())))
	for _, commit := range []bool{false, true} {
		dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
		ok(t, dir, "edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "k")
		git(t, dir, "commit", "-qm", "start")
		counts := map[string]int{}
		for range scale(1, 6) {
			for _, phase := range sessionPhases {
				outcome, left := killRound(t, dir, phase, commit, 0, rng)
				counts[phase+": "+outcome]++
				if left && outcome == "complete" {
					counts["complete with index.lock left"]++
				}
			}
		}
		timed := []string{"edit", "greet.go", "--old", "\treturn", "--new", "\tX return", "--session", "k"}
		if commit {
			timed = append(timed, "--commit")
		}
		began := time.Now()
		ok(t, dir, timed...)
		span := time.Since(began) * 3 / 2
		for range scale(0, 100) {
			outcome, left := killRound(t, dir, "", commit, span, rng)
			counts["random: "+outcome]++
			if left && outcome == "complete" {
				counts["complete with index.lock left"]++
			}
		}
		t.Logf("commit=%v: %v", commit, counts)
	}
}

// TestSignalBeforePointOfNoReturnLeavesNoEntry interrupts a batch of a
// session at each phase before its point of no return: the ledger and its
// reflog are as they were (here a new session: no ref, no reflog).
func TestSignalBeforePointOfNoReturnLeavesNoEntry(t *testing.T) {
	modes := []struct {
		flags  []string
		phases []string
	}{
		{[]string{"--commit"}, []string{"prepare", "write files", "write index", "move ref"}},
		{nil, []string{"prepare", "write files", "write index", "commit index"}},
	}
	for _, m := range modes {
		for _, phase := range m.phases {
			t.Run(fmt.Sprintf("%v/%s", m.flags, phase), func(t *testing.T) {
				dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "d/b.txt": "bee\n"})
				ok(t, dir, "edit", "d/b.txt", "--old", "bee", "--new", "bees", "--session", "k")
				git(t, dir, "commit", "-qm", "first batch")
				before := take(t, dir)
				ledger := takeLedger(t, dir)
				args := append([]string{"batch", "-", "--session", "k"}, m.flags...)
				p := startPausedWithInput(t, dir, phase, batchTwoFiles, args...)
				code, stderr := p.signal(t, syscall.SIGTERM)
				require.Equal(t, 128+int(syscall.SIGTERM), code, stderr)
				requireUnchanged(t, before, take(t, dir))
				require.Equal(t, ledger, takeLedger(t, dir))
				require.NoFileExists(t, filepath.Join(dir, ".git", "refs", "gitedit", "sessions", "k.lock"))
			})
		}
	}
}
