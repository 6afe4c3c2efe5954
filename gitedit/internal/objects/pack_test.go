package objects

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// history describes a generated history of similar text files, fed to git
// fast-import: commits commits, each changing a few lines in edits of files
// files spread over ten folders. With big, it also holds an incompressible
// 300 KB file changed once (its delta copies from far into a large base),
// a compressible 100 KB file of zeros, and an empty file. The last commit
// gets an annotated tag "v1".
type history struct {
	commits, files, edits int
	big                   bool
	seed                  uint64
}

// words makes the generated lines similar across files and commits, so
// that git finds deltas between them.
var words = strings.Fields("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau")

// stream returns the fast-import input for h on branch ref, continuing
// from parent (a commit id, or "" for a root).
func (h history) stream(ref, parent string) []byte {
	rng := rand.New(rand.NewPCG(h.seed, 7))
	line := func(f, i int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "file %d line %d:", f%7, i)
		for range 6 {
			b.WriteString(" " + words[rng.IntN(len(words))])
		}
		return b.String() + "\n"
	}
	files := make([][]string, h.files)
	for f := range files {
		for i := range 60 {
			files[f] = append(files[f], line(f, i))
		}
	}
	path := func(f int) string { return fmt.Sprintf("d%d/f%03d.txt", f%10, f) }
	var out bytes.Buffer
	inline := func(p string, data []byte) {
		fmt.Fprintf(&out, "M 100644 inline %s\ndata %d\n%s\n", p, len(data), data)
	}
	big := make([]byte, 300<<10)
	for i := range big {
		big[i] = byte(rng.Uint32())
	}
	for c := range h.commits {
		fmt.Fprintf(&out, "commit %s\nmark :%d\ncommitter %s <%s> %d +0000\n", ref, c+1, fixtures.Name, fixtures.Email, 1700000000+c)
		msg := fmt.Sprintf("commit %d\n", c)
		fmt.Fprintf(&out, "data %d\n%s", len(msg), msg)
		switch {
		case c > 0:
			fmt.Fprintf(&out, "from :%d\n", c)
		case parent != "":
			fmt.Fprintf(&out, "from %s\n", parent)
		}
		changed := map[int]bool{}
		if c == 0 {
			for f := range files {
				changed[f] = true
			}
			if h.big {
				inline("big.bin", big)
				inline("zeros.bin", make([]byte, 100<<10))
				inline("empty", nil)
			}
		} else {
			for range h.edits {
				f := rng.IntN(h.files)
				changed[f] = true
				i := rng.IntN(len(files[f]))
				switch rng.IntN(3) {
				case 0:
					files[f][i] = line(f, i)
				case 1:
					files[f] = append(files[f][:i], append([]string{line(f, i)}, files[f][i:]...)...)
				default:
					files[f] = append(files[f][:i], files[f][i+1:]...)
				}
			}
			if h.big && c == h.commits/2 {
				copy(big[150<<10:], "a small change in the middle of a large file")
				inline("big.bin", big)
			}
		}
		for f := range files {
			if changed[f] {
				inline(path(f), []byte(strings.Join(files[f], "")))
			}
		}
		out.WriteString("\n")
	}
	fmt.Fprintf(&out, "tag v1\nfrom :%d\ntagger %s <%s> 1700000000 +0000\ndata 8\nrelease\n\n", h.commits, fixtures.Name, fixtures.Email)
	return out.Bytes()
}

// packedRepo creates a repository holding history h, all in one pack made
// by git repack -adf with extra (config options go first, as "-c k=v").
func packedRepo(t testing.TB, h history, extra ...string) string {
	t.Helper()
	dir := fixtures.NewRepo(t, nil)
	fixtures.GitInput(t, dir, string(h.stream("refs/heads/main", "")), "fast-import", "--quiet")
	var cfg, args []string
	for i := 0; i < len(extra); i++ {
		if extra[i] == "-c" {
			cfg = append(cfg, extra[i], extra[i+1])
			i++
		} else {
			args = append(args, extra[i])
		}
	}
	fixtures.Git(t, dir, append(append(cfg, "repack", "-adfq"), args...)...)
	return dir
}

// objectsDir is the objects folder of the repository in dir.
func objectsDir(dir string) string { return filepath.Join(dir, ".git", "objects") }

// gitObject is an object as git cat-file prints it.
type gitObject struct {
	t    plumbing.ObjectType
	data []byte
}

// gitObjects returns every object of the repository in dir, packed or
// loose, read by git cat-file --batch --batch-all-objects.
func gitObjects(t testing.TB, dir string) map[plumbing.Hash]gitObject {
	t.Helper()
	out := fixtures.Git(t, dir, "cat-file", "--batch", "--batch-all-objects")
	objs := map[plumbing.Hash]gitObject{}
	for out != "" {
		nl := strings.IndexByte(out, '\n')
		f := strings.Fields(out[:nl])
		require.Len(t, f, 3, "cat-file header %q", out[:nl])
		typ, err := plumbing.ParseObjectType(f[1])
		require.NoError(t, err)
		size, err := strconv.Atoi(f[2])
		require.NoError(t, err)
		objs[plumbing.NewHash(f[0])] = gitObject{typ, []byte(out[nl+1 : nl+1+size])}
		out = out[nl+1+size+1:]
	}
	// The batch listing agrees with --batch-check, which the brief names.
	check := strings.Count(fixtures.Git(t, dir, "cat-file", "--batch-all-objects", "--batch-check"), "\n")
	require.Equal(t, check, len(objs))
	return objs
}

// packIndexes returns the .idx files of the repository in dir.
func packIndexes(t testing.TB, dir string) []string {
	t.Helper()
	idx, err := filepath.Glob(filepath.Join(objectsDir(dir), "pack", "*.idx"))
	require.NoError(t, err)
	return idx
}

// maxChain returns the longest delta chain git verify-pack -v reports for
// the packs of the repository in dir.
func maxChain(t testing.TB, dir string) int {
	t.Helper()
	longest := 0
	re := regexp.MustCompile(`(?m)^chain length = (\d+):`)
	for _, idx := range packIndexes(t, dir) {
		for _, m := range re.FindAllStringSubmatch(fixtures.Git(t, dir, "verify-pack", "-v", idx), -1) {
			n, _ := strconv.Atoi(m[1])
			longest = max(longest, n)
		}
	}
	return longest
}

// rawTypes counts the objects of p's packs by their type in the pack
// (so 6 is OFS_DELTA, 7 REF_DELTA).
func rawTypes(t testing.TB, p *Packs) map[int]int {
	t.Helper()
	counts := map[int]int{}
	pr := getPackReader()
	defer putPackReader(pr)
	for _, pk := range p.packs {
		require.NoError(t, pk.check())
		for i := range pk.count {
			off, err := pk.offset(i)
			require.NoError(t, err)
			pr.reset(pk, off)
			typ, _, err := readObjectHeader(pr)
			require.NoError(t, err)
			counts[typ]++
		}
	}
	return counts
}

// requireSame checks that p reads every object of want as git does.
func requireSame(t testing.TB, p *Packs, want map[plumbing.Hash]gitObject) {
	t.Helper()
	for h, o := range want {
		require.True(t, p.Has(h), "Has(%s)", h)
		data, typ, ok, err := p.Read(h)
		require.NoError(t, err)
		require.True(t, ok, "Read(%s) not found", h)
		require.Equal(t, o.t, typ, "type of %s", h)
		require.True(t, bytes.Equal(o.data, data), "content of %s %s: %d bytes, git has %d", typ, h, len(data), len(o.data))
	}
}

// typesOf counts objects by type.
func typesOf(objs map[plumbing.Hash]gitObject) map[plumbing.ObjectType]int {
	n := map[plumbing.ObjectType]int{}
	for _, o := range objs {
		n[o.t]++
	}
	return n
}

var smallHistory = history{commits: 25, files: 30, edits: 6, big: true, seed: 1}

// copyPacks copies the pack files of the repository in dir into a new
// objects folder, writable, and returns that folder and its .pack and .idx.
func copyPacks(t *testing.T, dir string) (objects, pack, idx string) {
	t.Helper()
	objects = filepath.Join(t.TempDir(), "objects")
	require.NoError(t, os.MkdirAll(filepath.Join(objects, "pack"), 0o755))
	for _, src := range packIndexes(t, dir) {
		for _, ext := range []string{".idx", ".pack"} {
			b, err := os.ReadFile(strings.TrimSuffix(src, ".idx") + ext)
			require.NoError(t, err)
			dst := filepath.Join(objects, "pack", strings.TrimSuffix(filepath.Base(src), ".idx")+ext)
			require.NoError(t, os.WriteFile(dst, b, 0o644))
			if ext == ".idx" {
				idx = dst
			} else {
				pack = dst
			}
		}
	}
	return objects, pack, idx
}

// TestPacksMatchGit reads every object of a repository packed by git with
// long OFS_DELTA chains and compares it with git cat-file; its subtests
// reuse the repository (or a copy of its pack).
func TestPacksMatchGit(t *testing.T) {
	dir := packedRepo(t, smallHistory, "--depth=50", "--window=250")
	want := gitObjects(t, dir)
	n := typesOf(want)
	require.Greater(t, len(want), 300)
	for _, typ := range []plumbing.ObjectType{plumbing.CommitObject, plumbing.TreeObject, plumbing.BlobObject, plumbing.TagObject} {
		require.Positive(t, n[typ], "no %s in the test repository", typ)
	}
	require.Len(t, packIndexes(t, dir), 1)
	require.Greater(t, maxChain(t, dir), 3, "the pack should hold delta chains")
	ids := make([]plumbing.Hash, 0, len(want))
	for h := range want {
		ids = append(ids, h)
	}
	sort.Slice(ids, func(i, j int) bool { return bytes.Compare(ids[i][:], ids[j][:]) < 0 })

	t.Run("ofs deltas", func(t *testing.T) {
		p, err := OpenPacks(objectsDir(dir))
		require.NoError(t, err)
		defer p.Close()
		raw := rawTypes(t, p)
		require.Positive(t, raw[packOfsDelta], "OFS_DELTA objects: %v", raw)
		require.Zero(t, raw[packRefDelta])
		requireSame(t, p, want)
		require.Positive(t, p.cache.lru.Len(), "resolved bases are cached")
		require.LessOrEqual(t, p.cache.used, p.cache.limit)
		// Again, with bases in the cache; a caller spoiling what Read
		// returns must not spoil the cached bases.
		for _, h := range ids {
			data, _, _, err := p.Read(h)
			require.NoError(t, err)
			for i := range data {
				data[i] = '!'
			}
		}
		requireSame(t, p, want)
	})

	t.Run("missing object", func(t *testing.T) {
		p, err := OpenPacks(objectsDir(dir))
		require.NoError(t, err)
		defer p.Close()
		for _, h := range []plumbing.Hash{
			plumbing.NewHash("0000000000000000000000000000000000000000"),
			plumbing.NewHash("ffffffffffffffffffffffffffffffffffffffff"),
			plumbing.NewHash("1234567890abcdef1234567890abcdef12345678"),
			EmptyTree,
		} {
			require.False(t, p.Has(h), "Has(%s)", h)
			data, typ, ok, err := p.Read(h)
			require.NoError(t, err)
			require.False(t, ok)
			require.Nil(t, data)
			require.Equal(t, plumbing.InvalidObject, typ)
		}
	})

	t.Run("concurrent reads", func(t *testing.T) {
		p, err := OpenPacks(objectsDir(dir))
		require.NoError(t, err)
		defer p.Close()
		p.cache = newBaseCache(256 << 10) // small, so that goroutines also evict
		var wg sync.WaitGroup
		for g := range 4 {
			order := slices.Clone(ids)
			rand.New(rand.NewPCG(uint64(g), 0)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			wg.Go(func() {
				for _, h := range order {
					data, typ, ok, err := p.Read(h)
					if err != nil || !ok || typ != want[h].t || !bytes.Equal(data, want[h].data) {
						t.Errorf("goroutine %d: Read(%s) = %d bytes, %s, %v, %v", g, h, len(data), typ, ok, err)
						return
					}
				}
			})
		}
		wg.Wait()
	})

	t.Run("truncated pack", func(t *testing.T) {
		objects, pack, _ := copyPacks(t, dir)
		st, err := os.Stat(pack)
		require.NoError(t, err)
		require.NoError(t, os.Truncate(pack, st.Size()/2))
		p, err := OpenPacks(objects)
		require.NoError(t, err, "a damaged pack shows on Read")
		defer p.Close()
		for _, h := range ids {
			require.True(t, p.Has(h))
			data, _, ok, err := p.Read(h)
			require.ErrorContains(t, err, "read "+h.String()+" from "+filepath.Base(pack))
			require.ErrorContains(t, err, "truncated")
			require.False(t, ok)
			require.Nil(t, data)
		}
	})

	t.Run("index without its pack is skipped", func(t *testing.T) {
		objects, pack, _ := copyPacks(t, dir)
		require.NoError(t, os.Remove(pack))
		p, err := OpenPacks(objects)
		require.NoError(t, err)
		defer p.Close()
		require.Empty(t, p.packs)
		require.False(t, p.Has(ids[0]))
	})

	// Bytes spoiled in the middle of the pack, its trailer kept, are only
	// found while reading objects: reads must fail or succeed, never
	// panic or hang.
	t.Run("damaged pack", func(t *testing.T) {
		objects, pack, _ := copyPacks(t, dir)
		b, err := os.ReadFile(pack)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(9, 9))
		for range 200 {
			b[packHeaderSize+rng.IntN(len(b)-packHeaderSize-packTrailerSize)] ^= byte(1 + rng.IntN(255))
		}
		require.NoError(t, os.WriteFile(pack, b, 0o644))
		p, err := OpenPacks(objects)
		require.NoError(t, err)
		defer p.Close()
		failed, wrong := 0, 0
		for _, h := range ids {
			data, _, ok, err := p.Read(h)
			if err != nil {
				require.False(t, ok)
				failed++
			} else if !bytes.Equal(data, want[h].data) {
				wrong++ // only hashing would see it; git does not hash either
			}
		}
		require.Positive(t, failed)
		t.Logf("%d objects: %d reads failed, %d returned other content", len(ids), failed, wrong)
	})

	for _, tt := range []struct {
		name  string
		spoil func(t *testing.T, pack, idx string)
		want  string
	}{
		{"index with wrong magic", func(t *testing.T, pack, idx string) {
			patchFile(t, idx, 0, []byte("XXXX"))
		}, "not a version 2 pack index"},
		{"index version 3", func(t *testing.T, pack, idx string) {
			patchFile(t, idx, 4, []byte{0, 0, 0, 3})
		}, "version 3"},
		{"index version 1 written by git", func(t *testing.T, pack, idx string) {
			require.NoError(t, os.Remove(idx))
			fixtures.Git(t, dir, "index-pack", "--index-version=1", pack)
		}, "not a version 2 pack index"},
		{"index truncated", func(t *testing.T, pack, idx string) {
			st, err := os.Stat(idx)
			require.NoError(t, err)
			require.NoError(t, os.Truncate(idx, st.Size()-30))
		}, "does not fit"},
		{"index too small", func(t *testing.T, pack, idx string) {
			require.NoError(t, os.Truncate(idx, 100))
		}, "too small"},
		{"index fanout not sorted", func(t *testing.T, pack, idx string) {
			patchFile(t, idx, 8+4*10, []byte{0x40, 0, 0, 0})
		}, "fanout"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			objects, pack, idx := copyPacks(t, dir)
			tt.spoil(t, pack, idx)
			p, err := OpenPacks(objects)
			require.Nil(t, p)
			require.ErrorContains(t, err, filepath.Base(idx))
			require.ErrorContains(t, err, tt.want)
		})
	}
}

// patchFile overwrites the bytes of file at offset off with b.
func patchFile(t *testing.T, file string, off int, b []byte) {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	copy(data[off:], b)
	require.NoError(t, os.WriteFile(file, data, 0o644))
}

func TestPacksReadRefDeltasMatchesGit(t *testing.T) {
	dir := packedRepo(t, smallHistory, "-c", "repack.useDeltaBaseOffset=false", "--depth=50", "--window=250")
	want := gitObjects(t, dir)
	require.Greater(t, maxChain(t, dir), 3)

	p, err := OpenPacks(objectsDir(dir))
	require.NoError(t, err)
	defer p.Close()
	raw := rawTypes(t, p)
	require.Positive(t, raw[packRefDelta], "REF_DELTA objects: %v", raw)
	require.Zero(t, raw[packOfsDelta])
	requireSame(t, p, want)
}

func TestPacksReadSeveralPacks(t *testing.T) {
	dir := packedRepo(t, history{commits: 4, files: 20, edits: 5, seed: 2}, "--depth=10")
	head := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "main"))
	more := history{commits: 4, files: 20, edits: 5, seed: 3}
	fixtures.GitInput(t, dir, string(more.stream("refs/heads/more", head)), "-c", "fastimport.unpackLimit=0", "fast-import", "--quiet", "--force")
	require.Len(t, packIndexes(t, dir), 2)
	loose := plumbing.NewHash(strings.TrimSpace(fixtures.GitInput(t, dir, string([]byte("only loose\n")), "hash-object", "-w", "--stdin")))
	want := gitObjects(t, dir)
	delete(want, loose)

	p, err := OpenPacks(objectsDir(dir))
	require.NoError(t, err)
	requireSame(t, p, want)

	// A loose object is not the packs' to read.
	require.False(t, p.Has(loose))
	data, _, ok, err := p.Read(loose)
	require.NoError(t, err)
	require.False(t, ok)
	require.Nil(t, data)

	require.NoError(t, p.Close())
	for h := range want {
		_, _, _, err := p.Read(h)
		require.Error(t, err, "Read after Close")
		break
	}
}

func TestOpenPacksWithoutPacksIsEmptyNotAnError(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	for _, objects := range []string{objectsDir(dir), filepath.Join(t.TempDir(), "absent")} {
		p, err := OpenPacks(objects)
		require.NoError(t, err)
		require.False(t, p.Has(HashBlob([]byte("a\n"))))
		_, _, ok, err := p.Read(HashBlob([]byte("a\n")))
		require.NoError(t, err)
		require.False(t, ok)
		require.NoError(t, p.Close())
	}
}

// packEntry is one object of a pack written by writePack: a whole object,
// or a delta on an earlier entry (ofs) or on an object id (ref).
type packEntry struct {
	id   plumbing.Hash
	typ  int    // pack type, 1 to 4, 6 or 7
	body []byte // content, or delta instructions
	ofs  int    // OFS_DELTA: index of the base entry
	ref  plumbing.Hash
	big  bool // put the offset in the 64-bit table
}

// writePack writes entries as objects/pack/pack-<name>.pack and a
// version 2 .idx, as git would, except that deltas may name bases outside
// the pack and offsets may go to the 64-bit table.
func writePack(t *testing.T, objects, name string, entries []packEntry) {
	t.Helper()
	var pack bytes.Buffer
	pack.WriteString("PACK")
	binary.Write(&pack, binary.BigEndian, [2]uint32{2, uint32(len(entries))})
	offsets := make([]int, len(entries))
	crcs := make([]uint32, len(entries))
	for i, e := range entries {
		offsets[i] = pack.Len()
		size := len(e.body)
		c := byte(e.typ<<4) | byte(size&15)
		for size >>= 4; size > 0; size >>= 7 {
			pack.WriteByte(c | 0x80)
			c = byte(size & 0x7f)
		}
		pack.WriteByte(c)
		switch e.typ {
		case packOfsDelta:
			n := offsets[i] - offsets[e.ofs]
			enc := []byte{byte(n & 127)}
			for n >>= 7; n > 0; n >>= 7 {
				n--
				enc = append([]byte{byte(0x80 | n&127)}, enc...)
			}
			pack.Write(enc)
		case packRefDelta:
			pack.Write(e.ref[:])
		}
		zw := zlib.NewWriter(&pack)
		zw.Write(e.body)
		require.NoError(t, zw.Close())
		crcs[i] = crc32.ChecksumIEEE(pack.Bytes()[offsets[i]:])
	}
	sum := sha1.Sum(pack.Bytes())
	pack.Write(sum[:])

	order := make([]int, len(entries))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return bytes.Compare(entries[order[a]].id[:], entries[order[b]].id[:]) < 0 })
	var idx bytes.Buffer
	idx.Write(idxMagic)
	binary.Write(&idx, binary.BigEndian, uint32(2))
	for b := range 256 {
		n := 0
		for _, e := range entries {
			if int(e.id[0]) <= b {
				n++
			}
		}
		binary.Write(&idx, binary.BigEndian, uint32(n))
	}
	for _, i := range order {
		idx.Write(entries[i].id[:])
	}
	for _, i := range order {
		binary.Write(&idx, binary.BigEndian, crcs[i])
	}
	var large []uint64
	for _, i := range order {
		if entries[i].big {
			binary.Write(&idx, binary.BigEndian, uint32(0x80000000|len(large)))
			large = append(large, uint64(offsets[i]))
		} else {
			binary.Write(&idx, binary.BigEndian, uint32(offsets[i]))
		}
	}
	binary.Write(&idx, binary.BigEndian, large)
	idx.Write(sum[:])
	isum := sha1.Sum(idx.Bytes())
	idx.Write(isum[:])

	base := filepath.Join(objects, "pack", "pack-"+name)
	require.NoError(t, os.MkdirAll(filepath.Dir(base), 0o755))
	require.NoError(t, os.WriteFile(base+".pack", pack.Bytes(), 0o444))
	require.NoError(t, os.WriteFile(base+".idx", idx.Bytes(), 0o444))
}

// delta encodes a git delta from a base of src bytes: ops are copy
// instructions ([2]int{offset, size}) and inserted strings.
func delta(src, dst int, ops ...any) []byte {
	varint := func(b []byte, n int) []byte {
		for ; n >= 0x80; n >>= 7 {
			b = append(b, byte(n)|0x80)
		}
		return append(b, byte(n))
	}
	b := varint(varint(nil, src), dst)
	for _, op := range ops {
		switch op := op.(type) {
		case [2]int:
			cmd, args := byte(0x80), []byte(nil)
			for i := range 4 {
				if v := byte(op[0] >> (8 * i)); v != 0 {
					cmd |= 1 << i
					args = append(args, v)
				}
			}
			for i := range 3 {
				if v := byte(op[1] >> (8 * i)); v != 0 {
					cmd |= 0x10 << i
					args = append(args, v)
				}
			}
			b = append(append(b, cmd), args...)
		case string:
			b = append(append(b, byte(len(op))), op...)
		case byte:
			b = append(b, op)
		}
	}
	return b
}

// TestPacksResolveHandMadeDeltasAndRefuseBadBases reads a pack written by hand whose deltas use
// bases in the same pack (by offset and by id), in another pack, loose,
// missing, or in a cycle, with offsets in the 64-bit table, and a copy of
// size 0 (meaning 0x10000).
func TestPacksResolveHandMadeDeltasAndRefuseBadBases(t *testing.T) {
	dir := packedRepo(t, history{commits: 2, files: 5, edits: 2, seed: 6})
	objects := objectsDir(dir)
	var packed plumbing.Hash
	var packedData []byte
	for h, o := range gitObjects(t, dir) {
		if o.t == plumbing.BlobObject && len(o.data) > 100 {
			packed, packedData = h, o.data
			break
		}
	}
	require.False(t, packed.IsZero())
	looseData := []byte("a loose delta base\n")
	loose := plumbing.NewHash(strings.TrimSpace(fixtures.GitInput(t, dir, string(looseData), "hash-object", "-w", "--stdin")))

	whole := []byte(strings.Repeat("a whole blob in the hand-made pack\n", 3))
	t1 := append(bytes.Clone(whole), "appended\n"...)
	t2 := append(bytes.Clone(t1[:10]), 'x')
	t3 := append(bytes.Clone(packedData), "tail\n"...)
	t4 := append([]byte("head\n"), looseData...)
	z := make([]byte, 70000)
	for i := range z {
		z[i] = byte(i * 7)
	}
	tz := z[100 : 100+0x10000]
	blob := func(b []byte) plumbing.Hash { return plumbing.ComputeHash(plumbing.BlobObject, b) }
	fake := func(c byte) plumbing.Hash { return plumbing.Hash(bytes.Repeat([]byte{c}, 20)) }
	entries := []packEntry{
		{id: blob(whole), typ: packBlob, body: whole},
		{id: blob(t1), typ: packOfsDelta, ofs: 0, big: true, body: delta(len(whole), len(t1), [2]int{0, len(whole)}, "appended\n")},
		{id: blob(t2), typ: packRefDelta, ref: blob(t1), body: delta(len(t1), len(t2), [2]int{0, 10}, "x")},
		{id: blob(t3), typ: packRefDelta, ref: packed, big: true, body: delta(len(packedData), len(t3), [2]int{0, len(packedData)}, "tail\n")},
		{id: blob(t4), typ: packRefDelta, ref: loose, body: delta(len(looseData), len(t4), "head\n", [2]int{0, len(looseData)})},
		{id: blob(z), typ: packBlob, body: z},
		{id: blob(tz), typ: packOfsDelta, ofs: 5, body: delta(len(z), len(tz), [2]int{100, 0})},
		{id: fake(0x11), typ: packRefDelta, ref: fake(0x22), body: delta(3, 3, [2]int{0, 3})},
		{id: fake(0x22), typ: packRefDelta, ref: fake(0x11), body: delta(3, 3, [2]int{0, 3})},
		{id: fake(0x33), typ: packRefDelta, ref: blob(whole), body: delta(len(whole), 1, byte(0))},
		{id: fake(0x44), typ: packRefDelta, ref: fake(0x99), body: delta(3, 3, [2]int{0, 3})},
		{id: fake(0x55), typ: packRefDelta, ref: blob(whole), body: delta(len(whole), 5, [2]int{len(whole) - 2, 5})},
		{id: fake(0x66), typ: packRefDelta, ref: blob(whole), body: delta(len(whole), 50, "short")},
		{id: fake(0x77), typ: packOfsDelta, ofs: 0, body: delta(7, 1, "x")},
	}
	writePack(t, objects, "handmade", entries)

	p, err := OpenPacks(objects)
	require.NoError(t, err)
	defer p.Close()
	require.Len(t, p.packs, 2)
	for _, want := range [][]byte{whole, t1, t2, t3, t4, z, tz} {
		data, typ, ok, err := p.Read(blob(want))
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, plumbing.BlobObject, typ)
		require.True(t, bytes.Equal(want, data), "%d bytes, want %d", len(data), len(want))
	}
	for _, tt := range []struct {
		id   byte
		want string
	}{
		{0x11, "delta chain longer"},
		{0x33, "instruction 0"},
		{0x44, fake(0x99).String() + " not found"},
		{0x55, "delta copies"},
		{0x66, "result has 5 bytes, not 50"},
		{0x77, "base of 7 bytes"},
	} {
		require.True(t, p.Has(fake(tt.id)))
		_, _, ok, err := p.Read(fake(tt.id))
		require.False(t, ok)
		require.ErrorContains(t, err, tt.want)
		require.ErrorContains(t, err, "read "+fake(tt.id).String()+" from pack-handmade.pack")
	}
}

func TestApplyDeltaCopiesAndInsertsAndRefusesBadDeltas(t *testing.T) {
	base := []byte("0123456789")
	tests := []struct {
		name  string
		delta []byte
		want  string // "" for an error, except for "empty result"
	}{
		{"copy and insert", delta(10, 7, [2]int{2, 3}, "abcd"), "234abcd"},
		{"copy at offset 0 size 1", delta(10, 1, [2]int{0, 1}), "0"},
		{"copies and inserts interleaved", delta(10, 8, "<", [2]int{8, 2}, [2]int{0, 2}, ">", [2]int{5, 2}), "<8901>56"},
		{"empty result", delta(10, 0), ""},
		{"instruction 0", delta(10, 1, byte(0)), ""},
		{"copy past base", delta(10, 5, [2]int{8, 5}), ""},
		{"copy past result", delta(10, 2, [2]int{0, 5}), ""},
		{"insert past result", delta(10, 2, "abc"), ""},
		{"insert truncated", append(delta(10, 5), 5, 'a'), ""},
		{"copy truncated", append(delta(10, 5), 0x91), ""},
		{"wrong source size", delta(9, 1, "a"), ""},
		{"short result", delta(10, 4, "abc"), ""},
		{"no header", nil, ""},
		{"impossible size", delta(10, 1<<40, "a"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := applyDelta(base, tt.delta)
			if tt.want == "" && tt.name != "empty result" {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, string(got))
		})
	}
}

func FuzzApplyDelta(f *testing.F) {
	f.Add([]byte("0123456789"), delta(10, 7, [2]int{2, 3}, "abcd"))
	f.Add([]byte("x"), delta(1, 0x10000, [2]int{0, 0}))
	f.Fuzz(func(t *testing.T, base, d []byte) {
		out, err := applyDelta(base, d)
		if err == nil {
			_, rest, _ := deltaVarint(d)
			n, _, _ := deltaVarint(rest)
			if uint64(len(out)) != n {
				t.Fatalf("result of %d bytes, header says %d", len(out), n)
			}
		}
	})
}

// BenchmarkPacksRead opens the packs of a generated repository (about
// 3,000 objects in one pack with delta chains up to 50) and reads every
// object, with Packs and with go-git's filesystem storage; divide the
// go-git ns/op by the gitedit one for the speedup. Both start cold: a new
// reader per iteration, as go-git's object cache would otherwise serve
// every object after the first pass.
func BenchmarkPacksRead(b *testing.B) {
	dir := packedRepo(b, history{commits: 60, files: 300, edits: 30, seed: 8}, "--depth=50", "--window=250")
	want := gitObjects(b, dir)
	ids := make([]plumbing.Hash, 0, len(want))
	for h := range want {
		ids = append(ids, h)
	}
	sort.Slice(ids, func(i, j int) bool { return bytes.Compare(ids[i][:], ids[j][:]) < 0 })
	b.Logf("%d objects, longest delta chain %d", len(ids), maxChain(b, dir))

	b.Run("gitedit", func(b *testing.B) {
		for b.Loop() {
			p, err := OpenPacks(objectsDir(dir))
			if err != nil {
				b.Fatal(err)
			}
			for _, h := range ids {
				if _, _, ok, err := p.Read(h); err != nil || !ok {
					b.Fatal(h, ok, err)
				}
			}
			p.Close()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ids)), "ns/object")
	})
	b.Run("go-git", func(b *testing.B) {
		for b.Loop() {
			s := filesystem.NewStorage(osfs.New(filepath.Join(dir, ".git")), cache.NewObjectLRUDefault())
			for _, h := range ids {
				obj, err := s.EncodedObject(plumbing.AnyObject, h)
				if err != nil {
					b.Fatal(h, err)
				}
				r, err := obj.Reader()
				if err != nil {
					b.Fatal(h, err)
				}
				if _, err := io.ReadAll(r); err != nil {
					b.Fatal(h, err)
				}
				r.Close()
			}
			s.Close()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ids)), "ns/object")
	})
}

// TestListPackIndexesAsGlob compares listPackIndexes with the
// filepath.Glob it replaces: indexes among other files (sorted), none, a
// missing folder, a file where the folder should be.
func TestListPackIndexesAsGlob(t *testing.T) {
	dir := t.TempDir()
	packDir := filepath.Join(dir, "pack")
	require.NoError(t, os.Mkdir(packDir, 0o755))
	for _, name := range []string{"pack-b.idx", "pack-b.pack", "pack-a.idx", ".idx", "x.idx.tmp", "pack-c.keep", "tmp_idx_1"} {
		require.NoError(t, os.WriteFile(filepath.Join(packDir, name), nil, 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "file"), nil, 0o644))
	for _, d := range []string{packDir, filepath.Join(dir, "missing"), filepath.Join(dir, "file"), t.TempDir()} {
		want, err := filepath.Glob(filepath.Join(d, "*.idx"))
		require.NoError(t, err)
		require.Equal(t, want, listPackIndexes(d), d)
	}
}
