package integration

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// writers is the number of concurrent gitedit processes.
const writers = 8

// marker is the line writer w changes in its edit e.
func marker(w, e int, state string) string { return fmt.Sprintf("w%d-e%d %s", w, e, state) }

// markerFile holds one "old" marker line for each writer and edit.
func markerFile(edits int, only int) string {
	var b strings.Builder
	for w := 0; w < writers; w++ {
		if only >= 0 && w != only {
			continue
		}
		for e := 0; e < edits; e++ {
			b.WriteString(marker(w, e, "old") + "\n")
		}
	}
	return b.String()
}

// runWriters runs writers processes at once, each making its edits one
// after the other with fileOf(w) as the file, and requires each to succeed.
func runWriters(t *testing.T, dir string, edits int, fileOf func(int) string) {
	var wg sync.WaitGroup
	errs := make(chan string, writers*edits)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for e := 0; e < edits; e++ {
				p := start(t, dir, "", "edit", fileOf(w), "--old", marker(w, e, "old"), "--new", marker(w, e, "new"),
					"--commit", "--lock-timeout", "60s", "--json")
				if r := p.wait(); r.code != 0 {
					errs <- fmt.Sprintf("writer %d edit %d: exit %d: %s %s", w, e, r.code, r.stdout, r.stderr)
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestSafetyConcurrentWritersLoseNoUpdate(t *testing.T) {
	skipShort(t)
	edits := scale(3, 12)
	cases := []struct {
		name   string
		files  func() map[string]string
		fileOf func(int) string
	}{
		{"same file", func() map[string]string {
			return map[string]string{"shared.txt": markerFile(edits, -1)}
		}, func(int) string { return "shared.txt" }},
		{"different files", func() map[string]string {
			files := map[string]string{}
			for w := 0; w < writers; w++ {
				files[fmt.Sprintf("dir%d/own.txt", w)] = markerFile(edits, w)
			}
			return files
		}, func(w int) string { return fmt.Sprintf("dir%d/own.txt", w) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := tc.files()
			dir := fixtures.NewRepo(t, files)
			runWriters(t, dir, edits, tc.fileOf)

			for rel, content := range files {
				want := strings.ReplaceAll(content, " old", " new")
				require.Equal(t, want, read(t, dir, rel), "every edit is in the working tree")
				require.Equal(t, want, fixtures.Git(t, dir, "show", "HEAD:"+rel), "every edit is committed")
			}
			require.Equal(t, 1+writers*edits, commitCount(t, dir), "one commit per batch")
			for _, n := range strings.Split(git(t, dir, "log", "--format=%h", "HEAD~"+fmt.Sprint(writers*edits)+"..HEAD"), "\n") {
				require.Len(t, strings.Fields(git(t, dir, "show", "--format=", "--name-only", n)), 1, "commit %s touches one file", n)
			}
			requireClean(t, dir)
		})
	}
}

func TestSafetySameExpectedHashExactlyOneWins(t *testing.T) {
	skipShort(t)
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": "v0\n"})
	for round := 0; round < scale(6, 40); round++ {
		h := git(t, dir, "hash-object", "f.txt")
		a := start(t, dir, "", "edit", "f.txt", "--old", "", "--new", fmt.Sprintf("A%d\n", round), "--expected-hash", h, "--commit", "--json", "--lock-timeout", "30s")
		b := start(t, dir, "", "edit", "f.txt", "--old", "", "--new", fmt.Sprintf("B%d\n", round), "--expected-hash", h, "--commit", "--json", "--lock-timeout", "30s")
		ra, rb := a.wait(), b.wait()
		require.ElementsMatch(t, []int{0, 1}, []int{ra.code, rb.code}, "round %d:\nA: %s %s\nB: %s %s", round, ra.stdout, ra.stderr, rb.stdout, rb.stderr)
		winner, loser := "A", rb
		if ra.code != 0 {
			winner, loser = "B", ra
		}
		require.Equal(t, "hash_mismatch", errorCode(loser), "the loser: %s", loser.stdout)
		require.Equal(t, fmt.Sprintf("%s%d\n", winner, round), read(t, dir, "f.txt"))
	}
	require.Equal(t, 1+scale(6, 40), commitCount(t, dir))
	requireClean(t, dir)
}

// gitLoop commits counter.txt n times with git commit -a, retrying while
// another process holds index.lock, and when git's own compare-and-swap
// refuses the commit because gitedit moved the branch after git read HEAD
// (git reads HEAD before it takes index.lock; it then refuses safely,
// "cannot lock ref 'HEAD': is at X but expected Y"). It returns how many
// commits it made.
func gitLoop(t *testing.T, dir string, n int) (int, error) {
	made := 0
	for i := 0; i < n; i++ {
		if err := os.WriteFile(filepath.Join(dir, "counter.txt"), []byte(fmt.Sprintf("%d\n", i)), 0o644); err != nil {
			return made, err
		}
		var err error
		for try := 0; try < 2000; try++ {
			if _, err = fixtures.RunGit(dir, "commit", "-q", "-a", "-m", fmt.Sprintf("git %d", i)); err == nil || !retryable(err) {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		if err != nil {
			return made, err
		}
		made++
	}
	return made, nil
}

// retryable reports whether git refused for a lock held or a ref moved by
// the other writer, which leaves everything as it was.
func retryable(err error) bool {
	return strings.Contains(err.Error(), ".lock") || strings.Contains(err.Error(), "cannot lock ref")
}

func TestSafetyGiteditRacingGitCommitLosesNoCommit(t *testing.T) {
	skipShort(t)
	edits := scale(12, 60)
	dir := fixtures.NewRepo(t, map[string]string{"g.txt": markerFile(edits, 0), "counter.txt": "start\n"})
	var made int
	var loopErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		made, loopErr = gitLoop(t, dir, edits)
	}()
	for e := 0; e < edits; e++ {
		r := gitedit(t, dir, "", "edit", "g.txt", "--old", marker(0, e, "old"), "--new", marker(0, e, "new"), "--commit", "--lock-timeout", "60s")
		require.Equal(t, 0, r.code, "edit %d: %s", e, r.stderr)
	}
	<-done
	require.NoError(t, loopErr)

	require.Equal(t, strings.ReplaceAll(markerFile(edits, 0), " old", " new"), fixtures.Git(t, dir, "show", "HEAD:g.txt"))
	require.Equal(t, fmt.Sprintf("%d\n", edits-1), fixtures.Git(t, dir, "show", "HEAD:counter.txt"))
	require.Equal(t, 1+edits+made, commitCount(t, dir), "every commit of both is on the branch")
	for _, n := range strings.Split(git(t, dir, "log", "--format=%h", "--grep=^git ", "HEAD"), "\n") {
		require.Equal(t, "counter.txt", git(t, dir, "show", "--format=", "--name-only", n), "git commit -a never swept a gitedit file")
	}
	requireClean(t, dir)
}

func TestSafetyHeldLocksFailLockedAndChangeNothing(t *testing.T) {
	cases := []struct {
		name, lock string
		commit     bool
	}{
		{"index.lock without commit", "index.lock", false},
		{"index.lock with commit", "index.lock", true},
		{"branch lock with commit", "refs/heads/main.lock", true},
		{"HEAD.lock with commit", "HEAD.lock", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
			lock := filepath.Join(dir, ".git", filepath.FromSlash(tc.lock))
			require.NoError(t, os.WriteFile(lock, []byte("held by someone else\n"), 0o644))
			before := take(t, dir)
			args := []string{"edit", "greet.go", "--old", "hello", "--new", "hi", "--lock-timeout", "300ms", "--json"}
			if tc.commit {
				args = append(args, "--commit")
			}
			r := gitedit(t, dir, "", args...)
			require.Equal(t, 1, r.code, "%s %s", r.stdout, r.stderr)
			require.Equal(t, "locked", errorCode(r), r.stdout)
			data, err := os.ReadFile(lock)
			require.NoError(t, err, "another process's lock is never removed")
			require.Equal(t, "held by someone else\n", string(data))
			requireUnchanged(t, before, take(t, dir))
			require.Empty(t, tempFiles(t, dir))
		})
	}
}

func TestSafetyLockReleasedWhileWaitingSucceeds(t *testing.T) {
	for _, name := range []string{"index.lock", "refs/heads/main.lock"} {
		t.Run(name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
			lock := filepath.Join(dir, ".git", filepath.FromSlash(name))
			require.NoError(t, os.WriteFile(lock, nil, 0o644))
			p := start(t, dir, "", "edit", "greet.go", "--old", "hello", "--new", "hi", "--commit", "--lock-timeout", "60s")
			exited := make(chan run, 1)
			go func() { exited <- p.wait() }()
			select {
			case r := <-exited:
				t.Fatalf("gitedit gave up at once instead of waiting for the lock: %d %s", r.code, r.stderr)
			case <-time.After(300 * time.Millisecond):
			}
			require.NoError(t, os.Remove(lock))
			r := <-exited
			require.Equal(t, 0, r.code, r.stderr)
			require.Contains(t, fixtures.Git(t, dir, "show", "HEAD:greet.go"), `"hi"`)
			requireClean(t, dir)
		})
	}
}
