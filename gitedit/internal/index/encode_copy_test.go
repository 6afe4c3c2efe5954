package index_test

import (
	"bytes"
	"crypto/sha1"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/go-git/go-git/v5/plumbing"
)

// mutation changes a freshly read index the ways gitedit's batches do
// (and a few they do not), for TestEncodeMatchesLegacyWriter.
type mutation struct {
	name string
	do   func(ix *index.Index)
}

func blob(s string) plumbing.Hash { return plumbing.Hash(sha1.Sum([]byte(s))) }

func mutations() []mutation {
	replace := func(name string) func(ix *index.Index) {
		return func(ix *index.Index) {
			if e := ix.Entry(name); e != nil {
				c := *e
				c.Hash, c.Size, c.MtimeNsec = blob(name), 7, 12345
				ix.Add(&c)
			}
		}
	}
	return []mutation{
		{"none", func(*index.Index) {}},
		{"replace-middle", replace("many/f10.txt")},
		{"replace-first-and-last", func(ix *index.Index) {
			replace(ix.At(0).Name)(ix)
			replace(ix.At(ix.Len() - 1).Name)(ix)
		}},
		{"add-front-middle-end", func(ix *index.Index) {
			for _, n := range []string{"0first.txt", "many/f10a.txt", "zzz/last.txt"} {
				ix.Add(&index.Entry{Name: n, Mode: index.ModeRegular, Hash: blob(n), Size: 3})
			}
		}},
		{"remove", func(ix *index.Index) { ix.Remove("many/f05.txt"); ix.Remove(ix.At(0).Name) }},
		{"smudge-copy", func(ix *index.Index) {
			for i := range ix.Len() / 2 {
				if e := ix.At(i); e.Stage == 0 && e.Size != 0 && e.Mode != index.ModeSparseDir {
					c := *e
					c.Size = 0
					ix.Add(&c)
				}
			}
		}},
		{"changed-in-place-then-added", func(ix *index.Index) {
			if e := ix.Entry("dir/b.txt"); e != nil {
				e.AssumeValid, e.MtimeSec = true, 42
				ix.Add(e)
			}
		}},
		{"skip-worktree-and-intent-to-add", func(ix *index.Index) {
			ix.Add(&index.Entry{Name: "ita/new.txt", Mode: index.ModeRegular, Hash: blob(""), IntentToAdd: true})
			if e := ix.Entry("many/f01.txt"); e != nil {
				c := *e
				c.SkipWorktree = true
				ix.Add(&c)
			}
		}},
		{"long-name", func(ix *index.Index) {
			for _, n := range []int{4094, 4095, 4096, 5000} {
				name := "long/" + strings.Repeat("n", n-5)
				ix.Add(&index.Entry{Name: name, Mode: index.ModeRegular, Hash: blob(name), Size: 1})
			}
		}},
		{"version-4", func(ix *index.Index) { ix.Version = 4; replace("many/f10.txt")(ix) }},
		{"version-2", func(ix *index.Index) { ix.Version = 2; replace("many/f10.txt")(ix) }},
	}
}

// TestEncodeMatchesLegacyWriter holds Encode, which copies the entries
// still as read, to the bytes of the writer that encoded every entry, on
// every index flavour git writes, after each mutation, with the checksum
// computed inline and on another goroutine (as for a large index), the
// entries left undecoded where they can be (as Read leaves them) or all
// decoded first.
func TestEncodeMatchesLegacyWriter(t *testing.T) {
	fs := append(flavours(), flavour{"long-names", setupLongNames, []string{"TREE"}},
		flavour{"many-entries-eoie-ieot", setupMany, []string{"IEOT", "TREE", "EOIE"}},
		flavour{"many-entries-eoie-ieot-v4", setupManyV4, []string{"IEOT", "TREE", "EOIE"}})
	for _, f := range fs {
		t.Run(f.name, func(t *testing.T) {
			_, indexPath := newFlavourRepo(t, f)
			defer index.HashAlongside(false)
			for _, mode := range []struct{ alongside, decoded bool }{{false, false}, {true, false}, {true, true}, {false, true}} {
				index.HashAlongside(mode.alongside)
				for _, m := range mutations() {
					ix, err := index.Read(indexPath)
					if err != nil {
						t.Fatal(err)
					}
					if mode.decoded {
						ix.Entries()
					}
					m.do(ix)
					checkAgainstLegacy(t, fmt.Sprintf("%s %+v", m.name, mode), ix)
				}
			}
		})
	}
}

// checkAgainstLegacy compares Encode and EncodeTo with the legacy writer.
func checkAgainstLegacy(t *testing.T, what string, ix *index.Index) {
	t.Helper()
	want, err := index.LegacyEncode(ix)
	if err != nil {
		t.Fatalf("%s: legacy: %v", what, err)
	}
	got, err := ix.Encode()
	if err != nil {
		t.Fatalf("%s: Encode: %v", what, err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: Encode differs from the legacy writer: %d bytes vs %d, first difference at %d",
			what, len(got), len(want), firstDiff(got, want))
	}
	var w bytes.Buffer
	if err := ix.EncodeTo(&w); err != nil || !bytes.Equal(w.Bytes(), want) {
		t.Fatalf("%s: EncodeTo differs from the legacy writer (%v)", what, err)
	}
}

// setupLongNames stages names around git's 12-bit name length (4095
// means "look for the NUL"), in a version-3 index with extended flags.
func setupLongNames(t *testing.T, d string) {
	var in strings.Builder
	for _, n := range []int{4093, 4094, 4095, 4096, 4100, 6000} {
		fmt.Fprintf(&in, "100644 %s\tlongdir/%s\n", emptyBlob, strings.Repeat("x", n-8))
	}
	fixtures.GitInput(t, d, "", "hash-object", "-w", "--stdin")
	fixtures.GitInput(t, d, in.String(), "update-index", "--index-info")
	git(t, d, "update-index", "--skip-worktree", "dir/b.txt")
}

// setupMany makes an index of 5,000 entries (several times the writer's
// buffer) with an offset table of several blocks.
func setupMany(t *testing.T, d string) {
	var in strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&in, "100644 %s\tmany/g%05d.txt\n", emptyBlob, i)
	}
	fixtures.GitInput(t, d, "", "hash-object", "-w", "--stdin")
	fixtures.GitInput(t, d, in.String(), "update-index", "--index-info")
	setupEOIE(2)(t, d)
}

// setupManyV4 is setupMany in version 4: the IEOT blocks start with a
// name that shares no prefix with the one before.
func setupManyV4(t *testing.T, d string) {
	setupMany(t, d)
	setupEOIE(4)(t, d)
}

// TestEncodeRewritesEntriesGitWouldNotWrite corrupts entries of a
// git-written index in ways its reader accepts but git never writes (a
// needless extended-flags word, junk in the padding, a 4095 name length
// on a short name): Encode must write them as the legacy writer did,
// encoded anew, not copied.
func TestEncodeRewritesEntriesGitWouldNotWrite(t *testing.T) {
	for _, c := range []struct {
		name   string
		forge  func(data []byte, off int) []byte
		copied int // entries still copied of the 3
	}{
		{"extended-without-flags", forgeExtended, 2},
		{"junk-padding", func(d []byte, off int) []byte { d[off+fixedLenForTest+len("b.txt")+1] = 'J'; return d }, 2},
		{"long-length-short-name", func(d []byte, off int) []byte { d[off+60] |= 0x0f; d[off+61] = 0xff; return d }, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"})
			git(t, dir, "update-index", "--skip-worktree", "c.txt") // makes it version 3
			path := filepath.Join(dir, ".git", "index")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			second := 12 + entryLenForTest("a.txt")
			data = c.forge(data[:len(data)-20], second)
			sum := sha1.Sum(data)
			if err := os.WriteFile(path, append(data, sum[:]...), 0o644); err != nil {
				t.Fatal(err)
			}
			ix, err := index.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := index.Copied(ix); got != c.copied {
				t.Fatalf("%d entries would be copied, want %d", got, c.copied)
			}
			checkAgainstLegacy(t, c.name, ix)
			git(t, dir, "ls-files", "--debug")
		})
	}
}

const fixedLenForTest = 62

func entryLenForTest(name string) int { return (fixedLenForTest + len(name) + 8) &^ 7 }

// forgeExtended sets the extended flag of the entry at off and inserts a
// zero extended-flags word, moving the name (its padding absorbs it or
// grows by 8).
func forgeExtended(d []byte, off int) []byte {
	name := "b.txt"
	end := off + entryLenForTest(name)
	e := append([]byte(nil), d[off:off+fixedLenForTest]...)
	e[60] |= 0x40
	e = append(e, 0, 0)
	e = append(e, name...)
	n := len(e)
	e = append(e, make([]byte, (n+8)&^7-n)...)
	return append(append(append([]byte(nil), d[:off]...), e...), d[end:]...)
}

// TestEncodeToStopsAtTheWritersError checks that a failing writer's error
// comes back as it is.
func TestEncodeToStopsAtTheWritersError(t *testing.T) {
	_, indexPath := newFlavourRepo(t, flavours()[0])
	ix, err := index.Read(indexPath)
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	if err := ix.EncodeTo(failingWriter{boom}); !errors.Is(err, boom) {
		t.Fatalf("EncodeTo = %v, want %v", err, boom)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestReadV4NamesLongerThanTheFile reads a version-4 index whose names,
// prefix-compressed, add up to more than the whole file: the names
// builder grows past its first estimate, and every name read before must
// stay as git lists it.
func TestReadV4NamesLongerThanTheFile(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	fixtures.GitInput(t, dir, "", "hash-object", "-w", "--stdin")
	deep := strings.Repeat("deep/", 60)
	var in strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&in, "100644 %s\t%sf%04d\n", emptyBlob, deep, i)
	}
	fixtures.GitInput(t, dir, in.String(), "update-index", "--index-info")
	git(t, dir, "update-index", "--index-version", "4")
	path := filepath.Join(dir, ".git", "index")
	ix, err := index.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	total := 0
	for _, e := range ix.Entries() {
		names = append(names, e.Name)
		total += len(e.Name)
	}
	if total <= int(fi.Size()) {
		t.Fatalf("names add up to %d bytes, not more than the file's %d: the test proves nothing", total, fi.Size())
	}
	if got, want := strings.Join(names, "\n")+"\n", git(t, dir, "ls-files"); got != want {
		t.Fatal("names read differ from git ls-files")
	}
	checkAgainstLegacy(t, "v4-long-names", ix)
}

// TestSmallIndexIsWrittenInOneWrite: a small index (what an MCP server
// writes on every call) reaches the writer in one write, checksum
// included, and the bytes are Encode's.
func TestSmallIndexIsWrittenInOneWrite(t *testing.T) {
	_, indexPath := newFlavourRepo(t, flavours()[0])
	ix, err := index.Read(indexPath)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ix.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var w countingWriter
	if err := ix.EncodeTo(&w); err != nil {
		t.Fatal(err)
	}
	if w.writes != 1 || !bytes.Equal(w.buf.Bytes(), want) {
		t.Errorf("EncodeTo: %d writes of %d bytes, want 1 write of Encode's %d bytes", w.writes, w.buf.Len(), len(want))
	}
}

// countingWriter keeps what it is given and counts the writes.
type countingWriter struct {
	buf    bytes.Buffer
	writes int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.buf.Write(p)
}
