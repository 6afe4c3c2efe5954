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

// lazyFiles returns the bytes of lazyRepo's index without and with skip,
// as git writes them in version 2 or 3 and in version 4, by name.
func lazyFiles(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, skip := range []bool{false, true} {
		path := lazyRepo(t, skip)
		for _, v := range []string{"", "4"} {
			if v != "" {
				fixtures.Git(t, filepath.Dir(filepath.Dir(path)), "update-index", "--index-version", v)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out[fmt.Sprintf("skip=%v,v%s", skip, v)] = data
		}
	}
	return out
}

// sameEntries reports whether a and b are the same entries, where each
// was in the file aside for a version 4 file (parseEntries does not
// record it there).
func sameEntries(a, b []*Entry, v4 bool) bool {
	if !v4 {
		return reflect.DeepEqual(a, b)
	}
	strip := func(es []*Entry) []Entry {
		out := make([]Entry, len(es))
		for i, e := range es {
			out[i] = *e
			out[i].raw = 0
		}
		return out
	}
	return reflect.DeepEqual(strip(a), strip(b))
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

// TestLazyReadAgreesWithDecodingEveryEntry reads indexes of version 2, 3
// and 4 (conflict stages, skip-worktree, intent-to-add) lazily and checks
// each entry, decoded when asked for, against parseEntries's, field by
// field (where each is in the file included), and the lookups that do not
// decode (search, Conflicted, Unmerged) against the entries.
func TestLazyReadAgreesWithDecodingEveryEntry(t *testing.T) {
	for skip, data := range lazyFiles(t) {
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
		if got := ix.Entries(); !sameEntries(got, eager, ix.rawV4) {
			t.Fatalf("%s: lazily decoded entries differ from parseEntries's", skip)
		}
	}
}

// TestOneEntryChangedDecodesOnlyIt looks up, replaces, adds and removes
// an entry of an index read lazily, then encodes it: only the entries
// asked for are decoded, and the bytes are the legacy writer's (every
// entry encoded).
func TestOneEntryChangedDecodesOnlyIt(t *testing.T) {
	files := lazyFiles(t)
	for _, c := range []struct{ file, change string }{
		{"skip=true,v", "replace-middle"}, {"skip=true,v", "add-first"}, {"skip=true,v", "add-last"},
		{"skip=true,v", "remove"}, {"skip=true,v", "none"},
		{"skip=true,v4", "replace-middle"}, {"skip=true,v4", "add-first"}, {"skip=true,v4", "add-last"},
		{"skip=true,v4", "remove"}, {"skip=true,v4", "none"}, {"skip=false,v4", "replace-middle"},
	} {
		data, change := files[c.file], c.change
		t.Run(c.file+"/"+change, func(t *testing.T) {
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
// version-3 and a version-4 index at random, 3,000 times each (a byte
// changed, or the table cut; in version 4 also the count of bytes an
// entry's name strips from the previous name): reading it lazily must
// fail when decoding every entry fails, and otherwise give the same
// entries.
func TestLazyReadRefusesWhatParseEntriesRefuses(t *testing.T) {
	files := lazyFiles(t)
	for _, name := range []string{"skip=true,v", "skip=true,v4"} {
		t.Run(name, func(t *testing.T) { damageRounds(t, files[name]) })
	}
}

// damageRounds is TestLazyReadRefusesWhatParseEntriesRefuses on the index
// file orig.
func damageRounds(t *testing.T, orig []byte) {
	tableEnd := len(orig) - hashLen
	if i := strings.Index(string(orig), "TREE"); i > 0 {
		tableEnd = i
	}
	clean, err := parse(orig)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	refused, kinds := 0, 3
	if clean.rawV4 {
		kinds = 4
	}
	for round := range 3000 {
		data := append([]byte(nil), orig...)
		switch round % kinds {
		case 0: // a flags or name byte: lengths, stages, extended flags
			off := headerLen + rng.IntN(tableEnd-headerLen)
			data[off] = byte(rng.IntN(256))
		case 1: // the flags' high byte of some entry
			off := headerLen + 60 + rng.IntN(tableEnd-headerLen-60)
			data[off] ^= 1 << rng.IntN(8)
		case 2: // the table cut short, the checksum kept
			cut := headerLen + rng.IntN(tableEnd-headerLen)
			data = append(data[:cut], data[len(data)-hashLen:]...)
		default: // version 4: the bytes a name strips, often too many
			i := rng.IntN(clean.Len())
			off := int(clean.offs[i]-1) + fixedLen
			if be.Uint16(data[off-2:])&flagExtended != 0 {
				off += 2
			}
			data[off] = byte(rng.IntN(128))
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
		if !sameEntries(ix.Entries(), eager, ix.rawV4) {
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
	files := lazyFiles(t)
	for _, name := range []string{"skip=true,v", "skip=true,v4"} {
		t.Run(name, func(t *testing.T) { modifiedSinceMatches(t, files[name]) })
	}
}

// modifiedSinceMatches is TestModifiedSinceMatchesAFullWalk on the index
// file data.
func modifiedSinceMatches(t *testing.T, data []byte) {
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
