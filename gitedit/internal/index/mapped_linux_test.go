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
	"time"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/index"
)

// mappedIndex returns a repository whose index (3,000 entries, with a
// cache-tree) Read maps, and the index read.
func mappedIndex(t *testing.T) (string, string, *index.Index) {
	t.Helper()
	index.MapFrom(1)
	t.Cleanup(func() { index.MapFrom(0); index.HashAlongside(false) })
	dir, path := newFlavourRepo(t, flavour{"many", setupMany, []string{"TREE"}})
	ix, err := index.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !index.Mapped(ix) {
		t.Fatal("the index is not mapped: the test proves nothing")
	}
	return dir, path, ix
}

// TestMappedIndexCutInPlaceIsEncodedFromWhatWasRead cuts the mapped
// index file in place (as no git command does) before Encode: reading the
// mapping past the new end faults, and Encode must neither crash nor fail
// but write the entries as parsed, with the checksum computed inline or
// alongside.
func TestMappedIndexCutInPlaceIsEncodedFromWhatWasRead(t *testing.T) {
	for _, alongside := range []bool{false, true} {
		_, path, ix := mappedIndex(t)
		index.HashAlongside(alongside)
		if err := os.Truncate(path, 100); err != nil {
			t.Fatal(err)
		}
		checkAgainstLegacy(t, fmt.Sprintf("cut in place, alongside %v", alongside), ix)
	}
}

// TestMappedIndexOutlivesGitReplacingTheFile has git rewrite the index
// (by rename, as always) after Read: the entries copied from the mapping
// are still the ones read, as the legacy writer encodes them.
func TestMappedIndexOutlivesGitReplacingTheFile(t *testing.T) {
	dir, path, ix := mappedIndex(t)
	fixtures.WriteFiles(t, dir, map[string]string{"a.txt": "rewritten\n"})
	git(t, dir, "add", "a.txt")
	git(t, dir, "rm", "-q", "--cached", "many/g00010.txt")
	if ix.Unchanged(path) {
		t.Fatal("git did not rewrite the index")
	}
	checkAgainstLegacy(t, "after git rewrote the file", ix)
}

// TestMappedIndexIsUnmappedOnceDropped checks that the mapping goes when
// the index is dropped (the process's maps no longer list the file).
func TestMappedIndexIsUnmappedOnceDropped(t *testing.T) {
	_, path, ix := mappedIndex(t)
	if !mapsList(t, path) {
		t.Fatal("the mapping is not in /proc/self/maps")
	}
	runtime.KeepAlive(ix)
	ix = nil
	deadline := time.Now().Add(5 * time.Second)
	for mapsList(t, path) {
		if time.Now().After(deadline) {
			t.Fatal("the file is still mapped after the index was dropped")
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
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

// TestMappedIndexRewrittenInPlaceIsEncodedFromWhatWasRead rewrites the
// mapped index file in place (as cp over it would; git never does) with
// one entry's stat data changed and the checksum made right: Encode must
// write the entries as they were parsed, not copy the new bytes.
func TestMappedIndexRewrittenInPlaceIsEncodedFromWhatWasRead(t *testing.T) {
	_, path, ix := mappedIndex(t)
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

// TestMappedSkipHashIndexRewrittenInPlaceIsEncodedFromWhatWasRead is the
// same rewrite in place of an index whose checksum is skipped
// (index.skipHash: all zeros): the trailing checksum cannot show the
// rewrite, and Encode copied the new bytes of every entry as read (and
// wrote them under a zero checksum that nothing verifies).
func TestMappedSkipHashIndexRewrittenInPlaceIsEncodedFromWhatWasRead(t *testing.T) {
	index.MapFrom(1)
	t.Cleanup(func() { index.MapFrom(0) })
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
	if !ix.SkipHash() { // Read mapped it (MapFrom(1)), whatever it kept
		t.Fatal("the index's checksum is not skipped: the test proves nothing")
	}
	data[12+8] ^= 0xff // the first entry's mtime seconds; the checksum stays zeros
	encodeAfterRewrite(t, ix, path, data)
}

// rewritingWriter rewrites the index file at path in place (new stat data
// for every entry, checksum made right, as cp of another index over it
// would leave it) when it is first written to, that is while Encode is
// still copying entries from the mapping.
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

// TestMappedIndexRewrittenWhileCopiedIsNotWritten rewrites the mapped
// index file in place after Encode checked it intact, while it copies the
// entries: what it copied after that is the new file's bytes, so EncodeTo
// must fail (or have written exactly what was read), never write a mix
// of both files under a checksum of its own.
func TestMappedIndexRewrittenWhileCopiedIsNotWritten(t *testing.T) {
	for _, alongside := range []bool{false, true} {
		_, path, ix := mappedIndex(t)
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
