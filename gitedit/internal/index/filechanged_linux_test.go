package index_test

import (
	"bytes"
	"crypto/sha1"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/index"
)

// The index file changed after Read (in place, as no git command does it,
// or replaced, as git does): an index read keeps the bytes it read (it
// decodes its entries from them as they are asked for, see lazy.go) and
// encodes what was read, never the file's new bytes. (Read once mapped
// large files; these tests held that mapping to the same.)

// readLazyIndex returns a repository whose index has 3,000 entries and a
// cache-tree, and the index read, none of its entries decoded.
func readLazyIndex(t *testing.T) (string, string, *index.Index) {
	t.Helper()
	t.Cleanup(func() { index.HashAlongside(false) })
	dir, path := newFlavourRepo(t, flavour{"many", setupMany, []string{"TREE"}})
	ix, err := index.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if index.Decoded(ix) != 0 {
		t.Fatalf("Read decoded %d entries: the test proves nothing", index.Decoded(ix))
	}
	return dir, path, ix
}

// TestIndexCutInPlaceIsEncodedFromWhatWasRead cuts the index file in place
// (as no git command does) before Encode: Encode must neither crash nor
// fail but write the entries as read, with the checksum computed inline
// or alongside.
func TestIndexCutInPlaceIsEncodedFromWhatWasRead(t *testing.T) {
	for _, alongside := range []bool{false, true} {
		_, path, ix := readLazyIndex(t)
		index.HashAlongside(alongside)
		if err := os.Truncate(path, 100); err != nil {
			t.Fatal(err)
		}
		checkAgainstLegacy(t, fmt.Sprintf("cut in place, alongside %v", alongside), ix)
	}
}

// TestIndexOutlivesGitReplacingTheFile has git rewrite the index (by
// rename, as always) after Read: the entries copied are still the ones
// read, as the legacy writer encodes them.
func TestIndexOutlivesGitReplacingTheFile(t *testing.T) {
	dir, path, ix := readLazyIndex(t)
	fixtures.WriteFiles(t, dir, map[string]string{"a.txt": "rewritten\n"})
	git(t, dir, "add", "a.txt")
	git(t, dir, "rm", "-q", "--cached", "many/g00010.txt")
	if ix.Unchanged(path) {
		t.Fatal("git did not rewrite the index")
	}
	checkAgainstLegacy(t, "after git rewrote the file", ix)
}

// TestReadMapsNothing checks that Read keeps no mapping of the file (the
// process's maps do not list it while the index is in use).
func TestReadMapsNothing(t *testing.T) {
	_, path, ix := readLazyIndex(t)
	if mapsList(t, path) {
		t.Fatal("the index file is mapped")
	}
	runtime.KeepAlive(ix)
}

// mapsList reports whether /proc/self/maps lists path.
func mapsList(t *testing.T, path string) bool {
	t.Helper()
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(path)
	if errors.Is(err, os.ErrNotExist) {
		real = path
	}
	return strings.Contains(string(maps), real)
}

// TestIndexRewrittenInPlaceIsEncodedFromWhatWasRead rewrites the index
// file in place (as cp over it would; git never does) with one entry's
// stat data changed and the checksum made right: Encode must write the
// entries as they were read, not copy the new bytes.
func TestIndexRewrittenInPlaceIsEncodedFromWhatWasRead(t *testing.T) {
	_, path, ix := readLazyIndex(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data = data[:len(data)-20]
	data[12+8] ^= 0xff // the first entry's mtime seconds
	sum := sha1.Sum(data)
	encodeAfterRewrite(t, ix, path, append(data, sum[:]...))
}

// encodeAfterRewrite rewrites the index file at path in place (same
// inode) with data, and checks that ix still encodes as what was read.
func encodeAfterRewrite(t *testing.T, ix *index.Index, path string, data []byte) {
	t.Helper()
	want, err := index.LegacyEncode(ix)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ix.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("Encode copied bytes rewritten after Read (first difference at %d)", firstDiff(got, want))
	}
}

// TestSkipHashIndexRewrittenInPlaceIsEncodedFromWhatWasRead is the same
// rewrite in place of an index whose checksum is skipped (index.skipHash:
// all zeros): no checksum can show the rewrite (a mapped file's entries
// were once copied from the new bytes under a zero checksum).
func TestSkipHashIndexRewrittenInPlaceIsEncodedFromWhatWasRead(t *testing.T) {
	_, path := newFlavourRepo(t, flavour{"many", setupMany, nil})
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	clear(data[len(data)-20:])
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ix, err := index.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !ix.SkipHash() {
		t.Fatal("the index's checksum is not skipped: the test proves nothing")
	}
	data[12+8] ^= 0xff // the first entry's mtime seconds; the checksum stays zeros
	encodeAfterRewrite(t, ix, path, data)
}

// rewritingWriter rewrites the index file at path in place (new stat data
// for every entry, checksum made right, as cp of another index over it
// would leave it) when it is first written to, that is while Encode is
// still copying entries.
type rewritingWriter struct {
	bytes.Buffer
	t    *testing.T
	path string
	done bool
}

func (w *rewritingWriter) Write(p []byte) (int, error) {
	if !w.done {
		w.done = true
		data, err := os.ReadFile(w.path)
		if err != nil {
			w.t.Fatal(err)
		}
		data = data[:len(data)-20]
		for i := 0; i+8 < len(data); i += 97 {
			data[i+8] ^= 0x5a
		}
		sum := sha1.Sum(data)
		if err := os.WriteFile(w.path, append(data, sum[:]...), 0o644); err != nil {
			w.t.Fatal(err)
		}
	}
	return w.Buffer.Write(p)
}

// TestIndexRewrittenWhileCopiedIsNotWritten rewrites the index file in
// place while Encode copies the entries: EncodeTo must fail or write
// exactly what was read, never a mix of both files under a checksum of
// its own.
func TestIndexRewrittenWhileCopiedIsNotWritten(t *testing.T) {
	for _, alongside := range []bool{false, true} {
		_, path, ix := readLazyIndex(t)
		index.HashAlongside(alongside)
		want, err := index.LegacyEncode(ix)
		if err != nil {
			t.Fatal(err)
		}
		w := &rewritingWriter{t: t, path: path}
		err = ix.EncodeTo(w)
		if !w.done {
			t.Fatal("EncodeTo never wrote: the test proves nothing")
		}
		if err == nil && !bytes.Equal(w.Bytes(), want) {
			t.Fatalf("alongside %v: EncodeTo wrote bytes of the file rewritten while it copied (first difference at %d)", alongside, firstDiff(w.Bytes(), want))
		}
	}
}
