package wtfs

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFileLikeOSReadFile checks ReadFile against os.ReadFile: empty,
// small and large files, a file whose stat size is 0 but that has content
// (/proc), a missing file (fs.ErrNotExist, an *fs.PathError naming it) and
// a folder (an error, as os.ReadFile gives).
func TestReadFileLikeOSReadFile(t *testing.T) {
	dir := t.TempDir()
	big := bytes.Repeat([]byte("0123456789abcdef\n"), 1<<16)
	for name, content := range map[string][]byte{"empty": nil, "small": []byte("value = 1\n"), "big": big} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, content, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(p)
		if err != nil || !bytes.Equal(got, content) {
			t.Errorf("%s: got %d bytes, %v; want %d bytes", name, len(got), err, len(content))
		}
	}
	if want, err := os.ReadFile("/proc/self/status"); err == nil {
		got, err := ReadFile("/proc/self/status")
		if err != nil || len(got) == 0 || !bytes.HasPrefix(got, want[:5]) {
			t.Errorf("/proc/self/status: got %q, %v", got, err)
		}
	}
	missing := filepath.Join(dir, "missing")
	_, err := ReadFile(missing)
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe.Path != missing {
		t.Errorf("missing file: %v", err)
	}
	if _, err := ReadFile(dir); err == nil {
		t.Error("reading a folder succeeded")
	}
}

// TestOpenFileLikeOSOpenFile checks OpenFile's creation, exclusive
// creation of an existing file (fs.ErrExist in an *fs.PathError), append
// mode and the permissions it creates with.
func TestOpenFileLikeOSOpenFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	f, err := OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("one\n"); err != nil || f.Close() != nil {
		t.Fatalf("write: %v", err)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode: %v %v", fi.Mode(), err)
	}
	_, err = OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrExist) || !errors.As(err, &pe) || pe.Path != p {
		t.Errorf("exclusive create of an existing file: %v", err)
	}
	f, err = OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString("two\n")
	if err := errors.Join(err, f.Close()); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "one\ntwo\n" {
		t.Errorf("after append: %q", got)
	}
}

// TestReadRegularLikeReadFile checks ReadRegular, given the size lstat
// gave, against ReadFile: the file as it is, one that grew or shrank since
// the size was taken (read whole all the same), a missing file.
func TestReadRegularLikeReadFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	for _, content := range []string{"", "value = 1\n", strings.Repeat("line\n", 20000)} {
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		want, _ := ReadFile(p)
		for _, size := range []int64{int64(len(content)), int64(len(content)) / 2, int64(len(content)) + 7} {
			got, err := ReadRegular(p, size)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("ReadRegular(%d-byte file, size %d) = %d bytes, %v", len(content), size, len(got), err)
			}
		}
	}
	if _, err := ReadRegular(filepath.Join(dir, "missing"), 3); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
