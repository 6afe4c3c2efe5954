//go:build linux

package integration

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/gitedit/gitedit/fixtures"
)

// swapRacer swaps the folder d of the repository with a symlink to
// outside and back (renameat2 RENAME_EXCHANGE: d is never missing), in a
// loop, until stop is called; stop leaves the real folder in place.
func swapRacer(t *testing.T, dir, outside string) (stop func()) {
	d, link := filepath.Join(dir, "d"), filepath.Join(dir, "d.link")
	require.NoError(t, os.Symlink(outside, link))
	exchange := func() error {
		return unix.Renameat2(unix.AT_FDCWD, d, unix.AT_FDCWD, link, unix.RENAME_EXCHANGE)
	}
	var done atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for !done.Load() {
			if exchange() != nil {
				t.Error("RENAME_EXCHANGE failed")
				return
			}
			runtime.Gosched()
			if exchange() != nil {
				t.Error("RENAME_EXCHANGE failed")
				return
			}
			runtime.Gosched()
		}
	}()
	return func() {
		done.Store(true)
		wg.Wait()
		require.NoError(t, os.Remove(link))
	}
}

// listing returns every path under dir with its content.
func listing(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			data, _ := os.ReadFile(p)
			out[p] = string(data)
		}
		return err
	}))
	return out
}

// TestSymlinkSwapNeverWritesOutside races gitedit edits and creations of
// files in d/ against a process swapping d/ for a symlink to an outside
// folder: whatever each request answers, nothing (file or temporary file)
// ever appears or changes outside, and the repository stays sound.
func TestSymlinkSwapNeverWritesOutside(t *testing.T) {
	rounds := scale(40, 400)
	if testing.Short() {
		rounds = 10
	}
	dir := fixtures.NewRepo(t, map[string]string{"d/x.txt": "v0\n", "a.txt": "a\n"})
	outside := filepath.Join(filepath.Dir(dir), "outside")
	fixtures.WriteFiles(t, outside, map[string]string{"x.txt": "v0\n"})
	before := listing(t, outside)
	stop := swapRacer(t, dir, outside)
	codes := map[string]int{}
	for i := 0; i < rounds; i++ {
		r := gitedit(t, dir, "", "edit", fmt.Sprintf("d/new%d.txt", i), "--old", "", "--new", "pwned\n", "--json")
		requireNoPanic(t, r)
		codes[errorCode(r)]++
		from, to := "v0", "v1" // outside's copy says v0 too: an edit read through the link would match
		if i%2 == 1 {
			from, to = to, from
		}
		r = gitedit(t, dir, "", "edit", "d/x.txt", "--old", from, "--new", to, "--json", "--commit")
		requireNoPanic(t, r)
		codes[errorCode(r)]++
	}
	stop()
	t.Logf("answers over %d rounds (\"\" is success): %v", rounds, codes)
	require.Equal(t, before, listing(t, outside), "gitedit wrote outside the working tree")
	require.Empty(t, tempFiles(t, dir), "temporary files left behind")
	// A request refused after its rename puts the old bytes back as a new
	// file: same content, new stat data (README, Guarantees). Refresh, as
	// git status would, before asking diff-files for content changes.
	git(t, dir, "update-index", "-q", "--refresh")
	requireHealthy(t, dir)
}
