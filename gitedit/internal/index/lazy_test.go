package index

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// lazyRepo returns the path of the index of a repository with 300 files
// in three folders, a cache-tree, and the conflict stages 1-3 of
// "c/conflict.txt" (a version-3 index when skip is set: one entry
// skip-worktree, one intent-to-add).
func lazyRepo(t *testing.T, skip bool) string {
	t.Helper()
	files := map[string]string{}
	for i := range 300 {
		files[fmt.Sprintf("%c/f%03d.txt", 'a'+i%3, i)] = fmt.Sprint(i, "\n")
	}
	dir := fixtures.NewRepo(t, files)
	blob := strings.TrimSpace(fixtures.GitInput(t, dir, "x\n", "hash-object", "-w", "--stdin"))
	var in strings.Builder
	for stage := 1; stage <= 3; stage++ {
		fmt.Fprintf(&in, "100644 %s %d\tc/conflict.txt\n", blob, stage)
	}
	fixtures.GitInput(t, dir, in.String(), "update-index", "--index-info")
	if skip {
		fixtures.Git(t, dir, "update-index", "--skip-worktree", "b/f001.txt")
		fixtures.WriteFiles(t, dir, map[string]string{"a/new.txt": "new\n"})
		fixtures.Git(t, dir, "add", "-N", "a/new.txt")
	}
	return filepath.Join(dir, ".git", "index")
}

// readBoth reads the index file at path lazily (Read) and, from the same
// bytes, decodes every entry at once as parseEntries does.
func readBoth(t *testing.T, data []byte) (*Index, []*Entry, error, error) {
	t.Helper()
	ix, lazyErr := parse(data)
	var eager []*Entry
	var eagerErr error
	if len(data) >= headerLen+hashLen {
		eager, _, _, eagerErr = parseEntries(data[:len(data)-hashLen], headerLen, int(be.Uint32(data[8:])), be.Uint32(data[4:]))
	}
	return ix, eager, lazyErr, eagerErr
}

// TestLazyReadAgreesWithDecodingEveryEntry reads indexes of version 2 and
// 3 (conflict stages, skip-worktree, intent-to-add) lazily and checks
// each entry, decoded when asked for, against parseEntries's, field by
// field (where each is in the file included), and the lookups that do not
// decode (search, Conflicted, Unmerged) against the entries.
func TestLazyReadAgreesWithDecodingEveryEntry(t *testing.T) {
	for _, skip := range []bool{false, true} {
		data, err := os.ReadFile(lazyRepo(t, skip))
		if err != nil {
			t.Fatal(err)
		}
		ix, eager, err1, err2 := readBoth(t, data)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if Decoded(ix) != 0 {
			t.Fatalf("Read decoded %d entries, want none", Decoded(ix))
		}
		if ix.Unmerged() != "c/conflict.txt" || !ix.Conflicted("c/conflict.txt") || ix.Conflicted("c/f002.txt") {
			t.Fatalf("conflict lookups: Unmerged %q", ix.Unmerged())
		}
		for _, e := range eager {
			if i, ok := ix.search(e.Name, e.Stage); !ok || ix.nameAt(i) != e.Name || ix.stageAt(i) != e.Stage {
				t.Fatalf("search(%q, %d) = %d, %v", e.Name, e.Stage, i, ok)
			}
		}
		if Decoded(ix) != 0 {
			t.Fatalf("lookups decoded %d entries, want none", Decoded(ix))
		}
		if got := ix.Entries(); !reflect.DeepEqual(got, eager) {
			t.Fatalf("skip %v: lazily decoded entries differ from parseEntries's", skip)
		}
	}
}

// TestOneEntryChangedDecodesOnlyIt looks up, replaces, adds and removes
// an entry of an index read lazily, then encodes it: only the entries
// asked for are decoded, and the bytes are the legacy writer's (every
// entry encoded).
func TestOneEntryChangedDecodesOnlyIt(t *testing.T) {
	data, err := os.ReadFile(lazyRepo(t, true))
	if err != nil {
		t.Fatal(err)
	}
	for _, change := range []string{"replace-middle", "add-first", "add-last", "remove", "none"} {
		t.Run(change, func(t *testing.T) {
			ix, err := parse(data)
			if err != nil {
				t.Fatal(err)
			}
			switch change {
			case "replace-middle":
				c := *ix.Entry("b/f100.txt")
				c.Size = 0
				ix.Add(&c)
			case "add-first", "add-last":
				name := map[string]string{"add-first": "0.txt", "add-last": "z/z.txt"}[change]
				ix.Add(&Entry{Name: name, Mode: ModeRegular, Size: 1})
			case "remove":
				if !ix.Remove("a/f000.txt") {
					t.Fatal("nothing removed")
				}
			}
			if n := ix.ModifiedSince(1 << 40); len(n) != 0 {
				t.Fatalf("ModifiedSince the far future: %d entries", len(n))
			}
			if Decoded(ix) > 3 { // the conflict stages and the new entry aside
				t.Fatalf("%d entries decoded", Decoded(ix))
			}
			want, err := ix.legacyEncode()
			if err != nil {
				t.Fatal(err)
			}
			got, err := ix.Encode()
			if err != nil || string(got) != string(want) {
				t.Fatalf("Encode differs from the legacy writer (%v)", err)
			}
			if Decoded(ix) > 3 {
				t.Fatalf("Encode decoded entries: %d decoded", Decoded(ix))
			}
		})
	}
}

// TestLazyReadRefusesWhatParseEntriesRefuses damages the entry table of a
// version-3 index at random (a byte changed, or the table cut): reading
// it lazily must fail when decoding every entry fails, and otherwise give
// the same entries.
func TestLazyReadRefusesWhatParseEntriesRefuses(t *testing.T) {
	orig, err := os.ReadFile(lazyRepo(t, true))
	if err != nil {
		t.Fatal(err)
	}
	tableEnd := len(orig) - hashLen
	if i := strings.Index(string(orig), "TREE"); i > 0 {
		tableEnd = i
	}
	rng := rand.New(rand.NewPCG(1, 2))
	refused := 0
	for round := range 3000 {
		data := append([]byte(nil), orig...)
		switch round % 3 {
		case 0: // a flags or name byte: lengths, stages, extended flags
			off := headerLen + rng.IntN(tableEnd-headerLen)
			data[off] = byte(rng.IntN(256))
		case 1: // the flags' high byte of some entry
			off := headerLen + 60 + rng.IntN(tableEnd-headerLen-60)
			data[off] ^= 1 << rng.IntN(8)
		default: // the table cut short, the checksum kept
			cut := headerLen + rng.IntN(tableEnd-headerLen)
			data = append(data[:cut], data[len(data)-hashLen:]...)
		}
		ix, eager, lazyErr, eagerErr := readBoth(t, data)
		if (lazyErr != nil) != (eagerErr != nil) {
			if eagerErr != nil || !strings.Contains(lazyErr.Error(), "extension") {
				t.Fatalf("round %d: lazy read %v, parseEntries %v", round, lazyErr, eagerErr)
			}
			continue // entries fine, extensions broken by the change
		}
		if lazyErr != nil {
			refused++
			continue
		}
		if !reflect.DeepEqual(ix.Entries(), eager) {
			t.Fatalf("round %d: entries differ", round)
		}
	}
	if refused == 0 {
		t.Fatal("no damage was refused: the test proves nothing")
	}
}

// TestModifiedSinceMatchesAFullWalk checks ModifiedSince, which looks at
// the undecoded entries only when one may be new enough, against a walk
// of every entry decoded, at times before, among and after the entries'.
func TestModifiedSinceMatchesAFullWalk(t *testing.T) {
	data, err := os.ReadFile(lazyRepo(t, true))
	if err != nil {
		t.Fatal(err)
	}
	ix, eager, err1, err2 := readBoth(t, data)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	newest := slices.Max(ix.lazyNewest)
	var newestEntry uint32
	for _, e := range eager {
		if e.MtimeSec > newestEntry {
			newestEntry = e.MtimeSec
		}
	}
	if newest != newestEntry || newest == 0 {
		t.Fatalf("lazyNewest %d, the newest entry's time %d", newest, newestEntry)
	}
	// Make the entries' times differ: every third one of the first block
	// a second newer (the blocks after it are skipped at that time).
	if len(ix.lazyNewest) < 2 {
		t.Fatal("the index fits in one block: the test proves nothing")
	}
	for i, off := range ix.offs {
		if off != 0 && i%3 == 0 && (off-1)>>newestShift == 0 {
			be.PutUint32(ix.raw[off-1+8:], newest+1)
			eager[i].MtimeSec = newest + 1
			ix.lazyNewest[0] = newest + 1
		}
	}
	// The newest time first: ModifiedSince decodes what it returns.
	for _, sec := range []int64{int64(newest) + 2, int64(newest) + 1, int64(newest), 0} {
		var want []string
		for _, e := range eager {
			if int64(e.MtimeSec) >= sec && e.Size != 0 && e.Stage == 0 {
				want = append(want, e.Name)
			}
		}
		var got []string
		for _, e := range ix.ModifiedSince(sec) {
			got = append(got, e.Name)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("ModifiedSince(%d): %d entries, want %d", sec, len(got), len(want))
		}
	}
}
