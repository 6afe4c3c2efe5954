//go:build linux

package wtfs

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// setup returns a tree with the folder d/ and an outside folder.
func setup(t *testing.T) (top, outside string, r *Root) {
	t.Helper()
	base := t.TempDir()
	top, outside = filepath.Join(base, "top"), filepath.Join(base, "outside")
	for _, d := range []string{filepath.Join(top, "d"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Open(top)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return top, outside, r
}

// swap replaces top/d with a symlink to outside.
func swap(t *testing.T, top, outside string) {
	t.Helper()
	if err := os.Rename(filepath.Join(top, "d"), filepath.Join(top, "d.moved")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(top, "d")); err != nil {
		t.Fatal(err)
	}
}

// empty fails when outside holds anything.
func empty(t *testing.T, outside string) {
	t.Helper()
	if entries, _ := os.ReadDir(outside); len(entries) > 0 {
		t.Fatalf("written outside: %v", entries)
	}
}

func TestCreateTempAndRenameInNewFolders(t *testing.T) {
	top, _, r := setup(t)
	f, name, err := r.CreateTemp("a/b", ".tmp-", ".t", 0o600)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("x")
	f.Close()
	if err := r.Rename(name, "a/b/file"); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(top, "a", "b", "file")); err != nil || string(data) != "x" {
		t.Fatalf("read back: %q %v", data, err)
	}
	fi, err := r.Lstat("a/b/file")
	if err != nil || fi.Size() != 1 || !fi.Mode().IsRegular() {
		t.Fatalf("Lstat: %v %v", fi, err)
	}
	if err := r.Remove("a/b/file", false); err != nil {
		t.Fatal(err)
	}
	if err := r.Remove("a/b", true); err != nil {
		t.Fatal(err)
	}
}

func TestSymlinkedFolderIsNeverFollowed(t *testing.T) {
	top, outside, r := setup(t)
	swap(t, top, outside)
	if _, _, err := r.CreateTemp("d", ".tmp-", ".t", 0o600); err == nil {
		t.Fatal("CreateTemp through a symlinked folder succeeded")
	}
	if _, _, err := r.CreateTemp("d/new", ".tmp-", ".t", 0o600); err == nil {
		t.Fatal("CreateTemp below a symlinked folder succeeded")
	}
	if _, err := r.Lstat("d/x"); err == nil {
		t.Fatal("Lstat through a symlinked folder succeeded")
	}
	empty(t, outside)
}

func TestSwapAfterOpenIsCaughtByRecheck(t *testing.T) {
	top, outside, r := setup(t)
	f, name, err := r.CreateTemp("d", ".tmp-", ".t", 0o600)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	swap(t, top, outside)
	if err := r.Recheck(); !errors.Is(err, ErrMoved) {
		t.Fatalf("Recheck after a swap: %v", err)
	}
	_ = r.Rename(name, "d/x") // through the held folder: lands in d.moved, never outside
	empty(t, outside)
}

func TestCreateTempRefusesPathsNotRelativeAndClean(t *testing.T) {
	_, _, r := setup(t)
	for _, bad := range []string{"/etc", "../x", "a/../../x", "a//b", "./a"} {
		if _, _, err := r.CreateTemp(bad, ".tmp-", ".t", 0o600); err == nil {
			t.Errorf("CreateTemp(%q) succeeded", bad)
		}
	}
}
