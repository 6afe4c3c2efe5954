package wtfs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Root.Lstat (one fstatat in the folder's descriptor) returns what
// os.Lstat returns for a file, an executable, a setuid file, a folder and
// a symlink: name, size, mode, modification time and the stat data git's
// index records (Sys, a *syscall.Stat_t).
func TestRootLstatEqualsOSLstat(t *testing.T) {
	top := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(top, "d", "sub"), 0o755))
	must(os.WriteFile(filepath.Join(top, "d", "f.txt"), []byte("hello\n"), 0o644))
	must(os.WriteFile(filepath.Join(top, "d", "x.sh"), []byte("#!/bin/sh\n"), 0o755))
	must(os.WriteFile(filepath.Join(top, "d", "s"), nil, 0o600))
	must(os.Chmod(filepath.Join(top, "d", "s"), 0o4710))
	must(os.Symlink("f.txt", filepath.Join(top, "d", "link")))
	root, err := Open(top)
	must(err)
	defer root.Close()
	for _, rel := range []string{"d/f.txt", "d/x.sh", "d/s", "d/sub", "d/link", "d"} {
		got, err := root.Lstat(rel)
		must(err)
		want, err := os.Lstat(filepath.Join(top, filepath.FromSlash(rel)))
		must(err)
		if got.Name() != want.Name() || got.Size() != want.Size() || got.Mode() != want.Mode() ||
			!got.ModTime().Equal(want.ModTime()) || got.IsDir() != want.IsDir() {
			t.Errorf("%s: Lstat = %s %d %v %v, os.Lstat = %s %d %v %v", rel, got.Name(), got.Size(), got.Mode(), got.ModTime(),
				want.Name(), want.Size(), want.Mode(), want.ModTime())
		}
		g, w := got.Sys().(*syscall.Stat_t), want.Sys().(*syscall.Stat_t)
		if *g != *w {
			t.Errorf("%s: Sys = %+v, os.Lstat's %+v", rel, *g, *w)
		}
	}
	if _, err := root.Lstat("d/missing"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Lstat of a missing file: %v, want ErrNotExist", err)
	}
}
