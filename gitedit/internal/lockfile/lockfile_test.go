package lockfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestCommitReplacesTarget(t *testing.T) {
	target := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	lf, err := Acquire(context.Background(), target, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if lf.Path() != target+".lock" {
		t.Fatalf("Path = %q", lf.Path())
	}
	if _, err := lf.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "old" {
		t.Fatalf("target changed before Commit: %q", got)
	}
	if err := lf.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Fatalf("target = %q, want new", got)
	}
	assertMissing(t, lf.Path())
	if err := lf.Rollback(); err != nil {
		t.Fatalf("Rollback after Commit: %v", err)
	}
	if _, err := lf.Write([]byte("x")); err == nil {
		t.Fatal("Write after Commit succeeded")
	}
}

func TestRollbackKeepsTarget(t *testing.T) {
	target := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	lf, err := Acquire(context.Background(), target, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = lf.Write([]byte("new"))
	if err := lf.Rollback(); err != nil {
		t.Fatal(err)
	}
	assertMissing(t, lf.Path())
	if got, _ := os.ReadFile(target); string(got) != "old" {
		t.Fatalf("target = %q, want old", got)
	}
}

func TestHeldLockTimesOut(t *testing.T) {
	tests := []struct {
		name    string
		timeout time.Duration
	}{
		{"no wait", 0},
		{"short wait", 30 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			target := filepath.Join(t.TempDir(), "index")
			lock := target + ".lock"
			if err := os.WriteFile(lock, []byte("someone else"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Acquire(context.Background(), target, tc.timeout)
			if !errors.Is(err, ErrLocked) {
				t.Fatalf("err = %v, want ErrLocked", err)
			}
			if !strings.Contains(err.Error(), lock) {
				t.Fatalf("error %q does not name %s", err, lock)
			}
			if got, _ := os.ReadFile(lock); string(got) != "someone else" {
				t.Fatalf("foreign lock disturbed: %q", got)
			}
		})
	}
}

func TestContextCancelStopsWaiting(t *testing.T) {
	target := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(target+".lock", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Acquire(ctx, target, -1)
	if !errors.Is(err, ErrLocked) || !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want ErrLocked and context.Canceled", err)
	}
}

func TestWaitsForRelease(t *testing.T) {
	target := filepath.Join(t.TempDir(), "index")
	first, err := Acquire(context.Background(), target, 0)
	if err != nil {
		t.Fatal(err)
	}
	// held is cleared before the first lock is released, so a second
	// Acquire that succeeds must see it cleared. (Closing a channel after
	// the release raced with the second Acquire, which may return between
	// the two: the test failed under load though the lock held.)
	var held atomic.Bool
	held.Store(true)
	go func() {
		time.Sleep(20 * time.Millisecond)
		held.Store(false)
		_ = first.Rollback()
	}()
	second, err := Acquire(context.Background(), target, 10*time.Second)
	if err != nil {
		t.Fatalf("second Acquire: %v", err)
	}
	if held.Load() {
		t.Fatal("second Acquire succeeded while the first lock was held")
	}
	_ = second.Rollback()
}

func TestRollbackLeavesForeignLock(t *testing.T) {
	target := filepath.Join(t.TempDir(), "index")
	lf, err := Acquire(context.Background(), target, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Someone removes our lock and takes it over.
	if err := os.Remove(lf.Path()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lf.Path(), []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := lf.Rollback(); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(lf.Path()); err != nil || string(got) != "theirs" {
		t.Fatalf("foreign lock removed or changed: %q, %v", got, err)
	}
}

func TestConcurrentHoldersNeverHoldTogether(t *testing.T) {
	target := filepath.Join(t.TempDir(), "counter")
	if err := os.WriteFile(target, []byte{0}, 0o644); err != nil {
		t.Fatal(err)
	}
	const workers, rounds = 8, 10
	var holders, maxHolders atomic.Int32
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				incrementLocked(t, target, &holders, &maxHolders)
			}
		}()
	}
	wg.Wait()
	if maxHolders.Load() != 1 {
		t.Fatalf("%d holders at once", maxHolders.Load())
	}
	got, _ := os.ReadFile(target)
	if int(got[0]) != workers*rounds {
		t.Fatalf("counter = %d, want %d (lost update)", got[0], workers*rounds)
	}
}

// incrementLocked does a read-modify-write of target's single byte under
// the lock, counting how many goroutines hold it at once.
func incrementLocked(t *testing.T, target string, holders, maxHolders *atomic.Int32) {
	lf, err := Acquire(context.Background(), target, 30*time.Second)
	if err != nil {
		t.Error(err)
		return
	}
	n := holders.Add(1)
	for m := maxHolders.Load(); n > m && !maxHolders.CompareAndSwap(m, n); m = maxHolders.Load() {
	}
	b, _ := os.ReadFile(target)
	holders.Add(-1)
	if _, err := lf.Write([]byte{b[0] + 1}); err != nil {
		t.Error(err)
	}
	if err := lf.Commit(); err != nil {
		t.Error(err)
	}
}

func assertMissing(t *testing.T, p string) {
	t.Helper()
	if _, err := os.Lstat(p); !os.IsNotExist(err) {
		t.Fatalf("%s still exists (%v)", p, err)
	}
}

// Commit renames with one rename(2), without os.Rename's lstat of the
// target first: a folder where the target should be still makes Commit
// fail, with the folder left as it was and the lock file removed.
func TestCommitOverAFolderFailsAndRemovesTheLock(t *testing.T) {
	target := filepath.Join(t.TempDir(), "index")
	if err := os.MkdirAll(filepath.Join(target, "inside"), 0o755); err != nil {
		t.Fatal(err)
	}
	lf, err := Acquire(context.Background(), target, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lf.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := lf.Commit(); err == nil {
		t.Fatal("Commit over a folder succeeded")
	}
	if fi, err := os.Stat(filepath.Join(target, "inside")); err != nil || !fi.IsDir() {
		t.Errorf("the folder was not left as it was: %v", err)
	}
	if _, err := os.Lstat(target + Suffix); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lock file left behind: %v", err)
	}
}

// TestAdoptedFileIsMadeDurableAndCommitted: a child replaces the lock
// file by a rename (git status refreshing the index.lock a hook was given
// as its index); after Adopt, Commit fsyncs that file, not the one this
// lock wrote, and renames it over the target.
func TestAdoptedFileIsMadeDurableAndCommitted(t *testing.T) {
	target := filepath.Join(t.TempDir(), "index")
	lf, err := Acquire(context.Background(), target, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var synced []os.FileInfo
	lf.SetSync(func(f *os.File) error {
		fi, err := f.Stat()
		synced = append(synced, fi)
		return err
	}, false)
	if _, err := lf.Write([]byte("mine")); err != nil || lf.Sync() != nil {
		t.Fatal(err)
	}
	theirs := target + ".lock.lock"
	if err := os.WriteFile(theirs, []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(theirs, lf.Path()); err != nil {
		t.Fatal(err)
	}
	adopted, _ := os.Stat(lf.Path())
	lf.Adopt()
	if err := lf.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "theirs" {
		t.Fatalf("target = %q, want the adopted file's content", got)
	}
	if len(synced) != 2 || !os.SameFile(synced[1], adopted) {
		t.Fatalf("Commit did not fsync the adopted file (%d syncs)", len(synced))
	}
}
