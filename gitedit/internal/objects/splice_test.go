package objects

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// spliceNames sort differently as files and as folders ("a" < "a-b" <
// "a.c" < "a/" < "a0"), and around the bytes below and above "/".
var spliceNames = []string{"a", "a-b", "a.c", "a0", "a!", "a~", "ab", "b", "b.go", "b-", "c", "z", "\xc3\xa9", "A"}

// randomTree returns the sorted, unique entries of a random folder: a
// name of spliceNames or a numbered one, as a file (of a mode) or a folder.
func randomTree(rng *rand.Rand, blob, sub plumbing.Hash) []entry {
	byName := map[string]entry{}
	for range rng.IntN(12) {
		name := spliceNames[rng.IntN(len(spliceNames))]
		if rng.IntN(3) == 0 {
			name = fmt.Sprintf("f%03d", rng.IntN(50))
		}
		byName[name] = randomEntry(rng, name, blob, sub)
	}
	var out []entry
	for _, e := range byName {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].sortKey() < out[j].sortKey() })
	return out
}

// randomEntry is name as a file of a random mode or as the folder sub.
func randomEntry(rng *rand.Rand, name string, blob, sub plumbing.Hash) entry {
	switch rng.IntN(4) {
	case 0:
		return entry{mode: "40000", name: name, hash: sub}
	case 1:
		return entry{mode: "100755", name: name, hash: blob}
	}
	return entry{mode: "100644", name: name, hash: blob}
}

// randomEdits are up to 5 edits of distinct names, old ones and new.
func randomEdits(rng *rand.Rand, base []entry, blob, sub plumbing.Hash) []edit {
	seen := map[string]bool{}
	var out []edit
	for range rng.IntN(6) {
		name := spliceNames[rng.IntN(len(spliceNames))]
		if len(base) > 0 && rng.IntN(2) == 0 {
			name = base[rng.IntN(len(base))].name
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		if rng.IntN(3) == 0 {
			out = append(out, edit{name: name})
			continue
		}
		e := randomEntry(rng, name, blob, sub)
		out = append(out, edit{name: name, e: &e})
	}
	return out
}

// Splicing edits into a tree's bytes gives what decoding it, editing its
// entries and encoding them in git's order gives, on random folders whose
// names sort differently as files and as folders.
func TestSpliceMatchesDecodeAndEdit(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 1))
	blob := plumbing.ComputeHash(plumbing.BlobObject, []byte("x"))
	sub := plumbing.ComputeHash(plumbing.TreeObject, nil)
	for i := range 20000 {
		base := randomTree(rng, blob, sub)
		r, err := indexTree(plumbing.ZeroHash, encodeTree(base))
		require.NoError(t, err)
		require.True(t, r.sorted, "case %d", i)
		edits := randomEdits(rng, base, blob, sub)
		got, ok := splice(r, edits)
		require.True(t, ok, "case %d", i)
		want := decodeAndEdit(r, edits)
		require.Equal(t, string(want.data), string(got.data), "case %d: %v with %v", i, base, edits)
		require.Equal(t, want.offs, got.offs, "case %d", i)
		require.True(t, got.sorted)
	}
}

// UpdateTree, which splices, writes the trees git write-tree writes for
// random changes to random folders (files and folders of names that sort
// differently as either), and fsck --strict accepts them.
func TestUpdateTreeSplicesAsGitWriteTree(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := storage(dir)
	rng := rand.New(rand.NewPCG(25, 2))
	blob, err := WriteBlob(s, []byte("x\n"))
	require.NoError(t, err)
	inner, err := UpdateTree(NewTrees(s), plumbing.ZeroHash, []TreeChange{{Path: "in.txt", Hash: blob, Mode: filemode.Regular}})
	require.NoError(t, err)
	for i := range 40 {
		var lines strings.Builder
		for _, e := range randomTree(rng, blob, inner) {
			kind := "blob"
			if e.isTree() {
				kind = "tree"
			}
			fmt.Fprintf(&lines, "%s %s %s\t%s\n", e.mode, kind, e.hash, e.name)
		}
		base := plumbing.NewHash(strings.TrimSpace(fixtures.GitInput(t, dir, lines.String(), "mktree")))
		var changes []TreeChange
		for _, ed := range randomEdits(rng, nil, blob, inner) {
			if ed.e == nil && strings.Contains(lines.String(), "tree "+inner.String()+"\t"+ed.name+"\n") {
				continue // git update-index --force-remove of a folder's name removes nothing
			}
			c := TreeChange{Path: ed.name, Delete: ed.e == nil}
			if ed.e != nil && ed.e.isTree() {
				c.Path += "/in.txt" // a folder: a file in it
			}
			if !c.Delete {
				c.Hash, c.Mode = blob, filemode.Regular
			}
			changes = append(changes, c)
		}
		got, err := UpdateTree(NewTrees(s), base, changes)
		require.NoError(t, err)
		require.Equal(t, gitWriteTree(t, dir, base.String(), changes), got.String(), "case %d: %s with %v", i, lines.String(), changes)
	}
	fixtures.Git(t, dir, "fsck", "--strict")
}

// A tree git would not write (entries out of order, a name twice, a
// file and a folder of one name) is not spliced: it is decoded and
// edited as before, sorted on the way out.
func TestSpliceLeavesMalformedTreesToDecoding(t *testing.T) {
	blob := plumbing.ComputeHash(plumbing.BlobObject, []byte("x"))
	sub := plumbing.ComputeHash(plumbing.TreeObject, nil)
	file := func(name string) entry { return entry{mode: "100644", name: name, hash: blob} }
	folder := entry{mode: "40000", name: "a", hash: sub}
	set := file("new")
	for _, tc := range []struct {
		name    string
		entries []entry
		edits   []edit
		splices bool
	}{
		{"out of order", []entry{file("b"), file("a")}, []edit{{name: "new", e: &set}}, false},
		{"a name twice", []entry{file("a"), file("a")}, []edit{{name: "new", e: &set}}, false},
		{"a file and a folder of an edited name", []entry{file("a"), folder}, []edit{{name: "a"}}, false},
		{"a file and a folder of another name", []entry{file("a"), folder}, []edit{{name: "new", e: &set}}, true},
	} {
		r, err := indexTree(plumbing.ZeroHash, encodeTree(tc.entries))
		require.NoError(t, err)
		got, ok := splice(r, tc.edits)
		require.Equal(t, tc.splices, ok, tc.name)
		if ok {
			require.Equal(t, decodeAndEdit(r, tc.edits).data, got.data, tc.name)
		}
	}
}

// DiffEntries lists the entries git diff-tree lists between two random
// folders (names that sort differently as files and as folders, modes
// changed, files replaced by folders), in the same order.
func TestDiffEntriesMatchesGitDiffTree(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := storage(dir)
	rng := rand.New(rand.NewPCG(25, 3))
	blobs := make([]plumbing.Hash, 2)
	for i := range blobs {
		h, err := WriteBlob(s, fmt.Appendf(nil, "%d\n", i))
		require.NoError(t, err)
		blobs[i] = h
	}
	inner, err := UpdateTree(NewTrees(s), plumbing.ZeroHash, []TreeChange{{Path: "in.txt", Hash: blobs[0], Mode: filemode.Regular}})
	require.NoError(t, err)
	mktree := func() plumbing.Hash {
		var lines strings.Builder
		for _, e := range randomTree(rng, blobs[rng.IntN(2)], inner) {
			kind := "blob"
			if e.isTree() {
				kind = "tree"
			}
			fmt.Fprintf(&lines, "%s %s %s\t%s\n", e.mode, kind, e.hash, e.name)
		}
		return plumbing.NewHash(strings.TrimSpace(fixtures.GitInput(t, dir, lines.String(), "mktree")))
	}
	side := func(e *TreeEntry) (string, string) {
		if e == nil {
			return "000000", plumbing.ZeroHash.String()
		}
		return fmt.Sprintf("%06o", uint32(e.Mode)), e.Hash.String()
	}
	for i := range 40 {
		a, b := mktree(), mktree()
		if i%5 == 0 {
			a = plumbing.ZeroHash
		}
		var got []string
		require.NoError(t, NewTrees(s).DiffEntries(a, b, func(x, y *TreeEntry) error {
			ma, ha := side(x)
			mb, hb := side(y)
			name := ""
			for _, e := range []*TreeEntry{x, y} {
				if e != nil {
					name = e.Name
				}
			}
			got = append(got, fmt.Sprintf(":%s %s %s %s\t%s", ma, mb, ha, hb, name))
			return nil
		}))
		from := a.String()
		if a.IsZero() {
			from = EmptyTree.String()
		}
		var want []string
		for _, line := range strings.Split(strings.TrimSpace(fixtures.Git(t, dir, "-c", "core.quotePath=false", "diff-tree", "--raw", "--no-renames", "--full-index", from, b.String())), "\n") {
			if line != "" {
				status := strings.Fields(line)[4]
				want = append(want, strings.Replace(line, " "+status+"\t", "\t", 1))
			}
		}
		require.Equal(t, want, got, "case %d", i)
	}
}
