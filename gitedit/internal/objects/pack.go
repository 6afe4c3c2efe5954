package objects

import (
	"bytes"
	"compress/zlib"
	"container/list"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// Pack object types, as stored in the type bits of a packed object's
// header (git's OBJ_* values); 5 is unused.
const (
	packCommit   = 1
	packTree     = 2
	packBlob     = 3
	packTag      = 4
	packOfsDelta = 6
	packRefDelta = 7
)

const (
	// maxDeltaDepth bounds a delta chain; a longer one is taken for a
	// cycle (git's own packs stay far below: --depth is at most 4095).
	maxDeltaDepth = 10000
	// deltaBaseCacheLimit is the default budget, in bytes, of the cache
	// of resolved delta bases (git's core.deltaBaseCacheLimit is 96 MB).
	deltaBaseCacheLimit = 32 << 20
	// idxHeaderSize is the magic, the version and the fanout table.
	idxHeaderSize = 8 + 256*4
	// packHeaderSize is "PACK", the version and the object count;
	// packTrailerSize is the SHA-1 of everything before it.
	packHeaderSize  = 12
	packTrailerSize = 20
	// firstRead is how much is read at an object's offset at first: the
	// header and, for most trees, commits and deltas, the whole zlib stream.
	firstRead = 4 << 10
	// maxRead caps the size of one read from a pack file.
	maxRead = 1 << 20
)

// idxMagic starts a pack index of version 2 or later.
var idxMagic = []byte{0xff, 't', 'O', 'c'}

// Packs reads objects from the packfiles of one objects folder
// ($GIT_DIR/objects/pack/*.pack with their .idx v2 files).
//
// It only reads: it never writes, and it does not see packs added after
// OpenPacks. It does not re-hash what it reads (neither does git when it
// reads an object); it checks the sizes the pack states, the zlib
// checksums, and that each pack's trailer matches its index. A Packs is
// safe for concurrent use by several goroutines, except Close.
type Packs struct {
	dir   string  // the objects folder, for loose delta bases
	packs []*pack // newest first, as git searches them
	cache *baseCache
	// closed is set by Close: reads then fail and lookups find nothing.
	closed bool
	// release, for a Packs from a PackCache, gives its packs back to the
	// cache instead of closing them.
	release func() error
	// fresh is what freshen found for each pack, in this Packs (one
	// batch): the packs of a PackCache outlive it.
	freshMu sync.Mutex
	fresh   map[*pack]*freshness
}

// freshness is what freshen did with one pack (see freshenFile).
type freshness struct {
	once      sync.Once
	cruft     bool // a cruft pack
	freshened bool // touched
}

// pack is one packfile and its index. The index bytes are kept as read
// and binary-searched in place; the pack is read with ReadAt.
type pack struct {
	name string // file name of the .pack, for messages
	path string // path of the .pack
	idx  []byte // the whole .idx file, mapped (see readIndexFile) or read
	// mapped is set when idx is a mapping that Close must release.
	mapped bool
	count  int // number of objects
	// offsets in idx of the SHA-1 table, the 32-bit offset table, the
	// 64-bit offset table, and the number of 64-bit entries.
	shas, offs32, offs64, n64 int

	f    *os.File
	size int64 // size of the .pack file when opened

	once  sync.Once // checks the pack's header and trailer on first use
	ready error
}

// OpenPacks lists and opens the pack indexes under dir/pack (dir is the
// objects folder). No packs: an empty, usable Packs.
//
// Each index must be of version 2 and well formed, or OpenPacks fails with
// an error naming the file (callers fall back to another reader). An index
// without its .pack is skipped, as git skips it. The .pack files are
// opened here, but their header and trailer are checked on the first read
// from each, so a damaged pack makes Read fail, not OpenPacks.
func OpenPacks(dir string) (*Packs, error) {
	return openPacks(dir, listPackIndexes(filepath.Join(dir, "pack")))
}

// openPacks opens the packs of the pack indexes names (paths, as
// listPackIndexes lists them) in the objects folder dir; an index whose
// pack is gone is skipped.
func openPacks(dir string, names []string) (*Packs, error) {
	p := &Packs{dir: dir, cache: newBaseCache(deltaBaseCacheLimit)}
	type opened struct {
		pk    *pack
		mtime int64
	}
	var all []opened
	fail := func(err error) (*Packs, error) {
		for _, o := range all {
			o.pk.f.Close()
			if o.pk.mapped {
				_ = unmapIndex(o.pk.idx)
			}
		}
		return nil, err
	}
	for _, idxPath := range names {
		packPath := strings.TrimSuffix(idxPath, ".idx") + ".pack"
		f, err := wtfs.OpenFile(packPath, os.O_RDONLY, 0)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fail(fmt.Errorf("open pack %s: %w", packPath, err))
		}
		st, err := f.Stat()
		if err != nil {
			f.Close()
			return fail(fmt.Errorf("open pack %s: %w", packPath, err))
		}
		pk, err := openIndex(idxPath)
		if err != nil {
			f.Close()
			return fail(err)
		}
		pk.name, pk.path, pk.f, pk.size = filepath.Base(packPath), packPath, f, st.Size()
		all = append(all, opened{pk, st.ModTime().UnixNano()})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].mtime > all[j].mtime })
	for _, o := range all {
		p.packs = append(p.packs, o.pk)
	}
	return p, nil
}

// listPackIndexes lists the *.idx files of the pack folder, sorted, as
// filepath.Glob does (a folder that is missing or cannot be read lists
// nothing), through a descriptor that is not offered to the runtime's
// network poller (see wtfs.OpenFile): five system calls fewer per folder
// or file opened.
func listPackIndexes(packDir string) []string {
	d, err := wtfs.OpenFile(packDir, os.O_RDONLY, 0)
	if err != nil {
		return nil
	}
	defer d.Close()
	all, err := d.Readdirnames(-1)
	if err != nil {
		return nil
	}
	var names []string
	for _, name := range all {
		if strings.HasSuffix(name, ".idx") {
			names = append(names, filepath.Join(packDir, name))
		}
	}
	sort.Strings(names)
	return names
}

// openIndex reads the pack index at path and checks its layout: version
// 2, a non-decreasing fanout table, and a size that fits the object count.
func openIndex(path string) (*pack, error) {
	idx, mapped, err := readIndexFile(path)
	if err != nil {
		return nil, fmt.Errorf("open pack index %s: %w", path, err)
	}
	pk, err := parseIndex(idx)
	if err != nil {
		if mapped {
			_ = unmapIndex(idx)
		}
		return nil, fmt.Errorf("open pack index %s: %w", path, err)
	}
	pk.mapped = mapped
	return pk, nil
}

// parseIndex checks the layout of a version 2 pack index and returns a
// pack that searches it in place.
func parseIndex(idx []byte) (*pack, error) {
	if len(idx) < idxHeaderSize+2*20 {
		return nil, fmt.Errorf("index too small (%d bytes)", len(idx))
	}
	if !bytes.Equal(idx[:4], idxMagic) {
		return nil, errors.New("not a version 2 pack index (version 1 or corrupt)")
	}
	if v := binary.BigEndian.Uint32(idx[4:]); v != 2 {
		return nil, fmt.Errorf("unsupported pack index version %d", v)
	}
	prev := uint32(0)
	for i := range 256 {
		n := binary.BigEndian.Uint32(idx[8+4*i:])
		if n < prev {
			return nil, fmt.Errorf("fanout table is not sorted at entry %d", i)
		}
		prev = n
	}
	n := int64(prev)
	// Per object: SHA-1, CRC-32, 32-bit offset; then 64-bit offsets for
	// those with the top bit set, the pack's checksum and the index's.
	minSize := idxHeaderSize + n*(20+4+4) + 2*20
	rest := int64(len(idx)) - minSize
	if rest < 0 || rest%8 != 0 || (n > 0 && rest/8 > n-1) || (n == 0 && rest != 0) {
		return nil, fmt.Errorf("index size %d does not fit %d objects", len(idx), n)
	}
	pk := &pack{idx: idx, count: int(n)}
	pk.shas = idxHeaderSize
	pk.offs32 = pk.shas + int(n)*(20+4)
	pk.offs64 = pk.offs32 + int(n)*4
	pk.n64 = int(rest / 8)
	return pk, nil
}

// fanout returns entry i of the fanout table: how many objects have a
// first byte at most i.
func (pk *pack) fanout(i int) int {
	return int(binary.BigEndian.Uint32(pk.idx[8+4*i:]))
}

// sha returns the id of the i-th object in the index, in sorted order.
func (pk *pack) sha(i int) []byte {
	return pk.idx[pk.shas+20*i : pk.shas+20*i+20]
}

// position returns the index position of h, with the fanout table and a
// binary search of the SHA-1 table; ok is false when the pack lacks h.
func (pk *pack) position(h plumbing.Hash) (int, bool) {
	if pk.idx == nil { // closed
		return 0, false
	}
	lo := 0
	if h[0] > 0 {
		lo = pk.fanout(int(h[0]) - 1)
	}
	hi := pk.fanout(int(h[0]))
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		switch c := bytes.Compare(pk.sha(mid), h[:]); {
		case c == 0:
			return mid, true
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false
}

// offset returns the pack offset of the object at index position i,
// following the 64-bit offset table when the 32-bit entry's top bit is
// set.
func (pk *pack) offset(i int) (int64, error) {
	v := binary.BigEndian.Uint32(pk.idx[pk.offs32+4*i:])
	if v&0x80000000 == 0 {
		return int64(v), nil
	}
	j := int(v & 0x7fffffff)
	if j >= pk.n64 {
		return 0, fmt.Errorf("index entry %d points past the 64-bit offset table", i)
	}
	off := binary.BigEndian.Uint64(pk.idx[pk.offs64+8*j:])
	if off > 1<<62 {
		return 0, fmt.Errorf("index entry %d has offset %d", i, off)
	}
	return int64(off), nil
}

// lookup returns the pack offset of h; ok is false when the pack lacks h.
func (pk *pack) lookup(h plumbing.Hash) (off int64, ok bool, err error) {
	i, ok := pk.position(h)
	if !ok {
		return 0, false, nil
	}
	off, err = pk.offset(i)
	return off, true, err
}

// check verifies, once, the pack's header (signature, version 2 or 3, the
// index's object count) and that its trailing checksum is the one the
// index records, as git does before using a pack; a truncated or replaced
// pack fails here.
func (pk *pack) check() error {
	pk.once.Do(func() {
		pk.ready = pk.checkOnce()
	})
	return pk.ready
}

// checkOnce does check's work; check runs it at most once per pack.
func (pk *pack) checkOnce() error {
	if pk.size < packHeaderSize+packTrailerSize {
		return fmt.Errorf("pack too small (%d bytes)", pk.size)
	}
	var hdr [packHeaderSize]byte
	if _, err := pk.f.ReadAt(hdr[:], 0); err != nil {
		return fmt.Errorf("read pack header: %w", err)
	}
	if string(hdr[:4]) != "PACK" {
		return errors.New("not a pack file")
	}
	if v := binary.BigEndian.Uint32(hdr[4:]); v != 2 && v != 3 {
		return fmt.Errorf("unsupported pack version %d", v)
	}
	if n := binary.BigEndian.Uint32(hdr[8:]); int64(n) != int64(pk.count) {
		return fmt.Errorf("pack holds %d objects, its index %d", n, pk.count)
	}
	var sum [packTrailerSize]byte
	if _, err := pk.f.ReadAt(sum[:], pk.size-packTrailerSize); err != nil {
		return fmt.Errorf("read pack trailer: %w", err)
	}
	want := pk.idx[len(pk.idx)-40 : len(pk.idx)-20]
	if !bytes.Equal(sum[:], want) {
		return errors.New("pack checksum does not match its index (truncated or replaced pack)")
	}
	return nil
}

// find returns the pack holding h and the object's offset in it, trying
// first first (when not nil), then the packs newest first.
func (p *Packs) find(h plumbing.Hash, first *pack) (*pack, int64, bool, error) {
	if first != nil {
		if off, ok, err := first.lookup(h); ok {
			return first, off, true, err
		}
	}
	for _, pk := range p.packs {
		if pk == first {
			continue
		}
		if off, ok, err := pk.lookup(h); ok {
			return pk, off, true, err
		}
	}
	return nil, 0, false, nil
}

// freshen touches the first pack that holds h and is not a cruft pack
// (git's freshen_packed_object), once per pack, and reports success.
func (p *Packs) freshen(h plumbing.Hash) bool {
	for _, pk := range p.packs {
		if _, ok := pk.position(h); !ok || p.closed {
			continue
		}
		f := p.freshness(pk)
		f.once.Do(func() { f.cruft, f.freshened = pk.freshenFile() })
		if !f.cruft {
			return f.freshened
		}
	}
	return false
}

// freshness returns what freshen did with pk in p.
func (p *Packs) freshness(pk *pack) *freshness {
	p.freshMu.Lock()
	defer p.freshMu.Unlock()
	if p.fresh == nil {
		p.fresh = map[*pack]*freshness{}
	}
	if p.fresh[pk] == nil {
		p.fresh[pk] = &freshness{}
	}
	return p.fresh[pk]
}

// freshenFile reports whether the pack is a cruft pack (it has a .mtimes
// file) and, when it is not, touches it and reports whether that worked.
// It runs once per pack and batch (see freshness): a pack does not change
// its kind, and one touch lasts the whole batch.
func (pk *pack) freshenFile() (cruft, freshened bool) {
	_, err := os.Stat(strings.TrimSuffix(pk.path, ".pack") + ".mtimes")
	cruft = err == nil
	return cruft, !cruft && touch(pk.path)
}

// Has reports whether some pack holds h. It only searches the indexes.
func (p *Packs) Has(h plumbing.Hash) bool {
	if p.closed {
		return false
	}
	for _, pk := range p.packs {
		if _, ok := pk.position(h); ok {
			return true
		}
	}
	return false
}

// Read returns the content of object h (without the "<type> <size>\x00"
// header) and its type; ok is false when no pack holds h. It resolves
// delta chains through the same pack, other packs, or a loose base in the
// objects folder. The returned slice is the caller's to keep or modify.
// An error (damaged pack or index, missing delta base, I/O) names h and
// the pack.
func (p *Packs) Read(h plumbing.Hash) (data []byte, t plumbing.ObjectType, ok bool, err error) {
	if p.closed {
		return nil, plumbing.InvalidObject, false, fmt.Errorf("read %s: %w", h, os.ErrClosed)
	}
	pk, off, ok, err := p.find(h, nil)
	if !ok {
		return nil, plumbing.InvalidObject, false, nil
	}
	if err == nil {
		data, t, err = p.readAt(pk, off)
	}
	if err != nil {
		return nil, plumbing.InvalidObject, false, fmt.Errorf("read %s from %s: %w", h, pk.name, err)
	}
	return data, t, true, nil
}

// Close releases the files (and mappings: there are none, the indexes
// are read into memory) and empties the delta base cache; a Packs from a
// PackCache gives them back to the cache instead. The Packs must not be
// used afterwards: reads then fail and lookups find nothing.
func (p *Packs) Close() error {
	p.closed = true
	if release := p.release; release != nil {
		p.release = nil
		return release()
	}
	return closePacks(p.packs, p.cache)
}

// closePacks closes the files of packs, releases their index mappings and
// empties cache.
func closePacks(packs []*pack, cache *baseCache) error {
	var errs []error
	for _, pk := range packs {
		if err := pk.f.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
			errs = append(errs, fmt.Errorf("close %s: %w", pk.path, err))
		}
		if pk.mapped {
			pk.mapped = false
			if err := unmapIndex(pk.idx); err != nil {
				errs = append(errs, fmt.Errorf("unmap %s: %w", pk.path, err))
			}
			pk.idx = nil // a use after Close fails plainly, never reads unmapped memory
		}
	}
	cache.clear()
	return errors.Join(errs...)
}

// deltaLink is one delta met while walking down a chain: the delta object's
// place (for the base cache) and its inflated instructions.
type deltaLink struct {
	pk    *pack
	off   int64
	delta []byte
}

// readAt returns the content and type of the object at offset off of pk.
// It walks down the delta chain until a whole object or a cached base,
// then applies the deltas back up, caching each intermediate base.
func (p *Packs) readAt(pk *pack, off int64) ([]byte, plumbing.ObjectType, error) {
	pr := getPackReader()
	defer putPackReader(pr)
	var chain []deltaLink
	var base []byte
	var t plumbing.ObjectType
walk:
	for {
		if len(chain) > maxDeltaDepth {
			return nil, 0, fmt.Errorf("delta chain longer than %d (a cycle?)", maxDeltaDepth)
		}
		if data, ct, ok := p.cache.get(pk, off); ok {
			if len(chain) == 0 {
				return bytes.Clone(data), ct, nil
			}
			base, t = data, ct
			break
		}
		if err := pk.check(); err != nil {
			return nil, 0, wrapBase(chain, pk, err)
		}
		if off < packHeaderSize || off >= pk.size-packTrailerSize {
			return nil, 0, wrapBase(chain, pk, fmt.Errorf("offset %d outside the pack", off))
		}
		pr.reset(pk, off)
		typ, size, err := readObjectHeader(pr)
		if err != nil {
			return nil, 0, wrapBase(chain, pk, fmt.Errorf("object at offset %d: %w", off, err))
		}
		switch typ {
		case packCommit, packTree, packBlob, packTag:
			data, err := pr.inflate(size)
			if err != nil {
				return nil, 0, wrapBase(chain, pk, fmt.Errorf("object at offset %d: %w", off, err))
			}
			t = plumbing.ObjectType(typ)
			if len(chain) == 0 {
				return data, t, nil
			}
			base = data
			p.cache.add(pk, off, data, t)
			break walk
		case packOfsDelta:
			baseOff, delta, err := readOfsDelta(pr, off, size)
			if err != nil {
				return nil, 0, wrapBase(chain, pk, err)
			}
			chain = append(chain, deltaLink{pk, off, delta})
			off = baseOff
		case packRefDelta:
			id, delta, err := readRefDelta(pr, off, size)
			if err != nil {
				return nil, 0, wrapBase(chain, pk, err)
			}
			chain = append(chain, deltaLink{pk, off, delta})
			bpk, boff, ok, err := p.find(id, pk)
			if err != nil {
				return nil, 0, wrapBase(chain, bpk, fmt.Errorf("delta base %s: %w", id, err))
			}
			if ok {
				pk, off = bpk, boff
				continue
			}
			data, lt, ok, err := readLooseAny(p.dir, id)
			if err != nil {
				return nil, 0, fmt.Errorf("delta base %s: %w", id, err)
			}
			if !ok {
				return nil, 0, fmt.Errorf("delta base %s not found", id)
			}
			base, t = data, lt
			break walk
		default:
			return nil, 0, wrapBase(chain, pk, fmt.Errorf("object at offset %d has unknown type %d", off, typ))
		}
	}
	data, err := p.applyChain(chain, base, t)
	return data, t, err
}

// applyChain applies the deltas of chain, last link first, to base (of
// type t), caching each intermediate result, and returns the object of
// the first link.
func (p *Packs) applyChain(chain []deltaLink, base []byte, t plumbing.ObjectType) ([]byte, error) {
	for i := len(chain) - 1; i >= 0; i-- {
		out, err := applyDelta(base, chain[i].delta)
		if err != nil {
			return nil, wrapBase(chain[:i], chain[i].pk, fmt.Errorf("delta at offset %d: %w", chain[i].off, err))
		}
		if i > 0 {
			p.cache.add(chain[i].pk, chain[i].off, out, t)
		}
		base = out
	}
	return base, nil
}

// readOfsDelta reads the offset delta at off of size bytes (its header
// read by pr) and returns its base's offset and the inflated delta.
func readOfsDelta(pr *packReader, off int64, size uint64) (int64, []byte, error) {
	rel, err := readBaseOffset(pr)
	if err != nil {
		return 0, nil, fmt.Errorf("delta at offset %d: %w", off, err)
	}
	if rel <= 0 || rel > off-packHeaderSize {
		return 0, nil, fmt.Errorf("delta at offset %d: base offset -%d outside the pack", off, rel)
	}
	delta, err := pr.inflate(size)
	if err != nil {
		return 0, nil, fmt.Errorf("delta at offset %d: %w", off, err)
	}
	return off - rel, delta, nil
}

// readRefDelta reads the reference delta at off of size bytes (its header
// read by pr) and returns its base's id and the inflated delta.
func readRefDelta(pr *packReader, off int64, size uint64) (plumbing.Hash, []byte, error) {
	var id plumbing.Hash
	if _, err := io.ReadFull(pr, id[:]); err != nil {
		return id, nil, fmt.Errorf("delta at offset %d: base id: %w", off, noEOF(err))
	}
	delta, err := pr.inflate(size)
	if err != nil {
		return id, nil, fmt.Errorf("delta at offset %d: %w", off, err)
	}
	return id, delta, nil
}

// wrapBase names the pack of a failing delta base when it differs from the
// pack of the object asked for (the first link of chain).
func wrapBase(chain []deltaLink, pk *pack, err error) error {
	if len(chain) > 0 && pk != nil && chain[0].pk != pk {
		return fmt.Errorf("in %s: %w", pk.name, err)
	}
	return err
}

// noEOF turns io.EOF, which means a premature end here, into
// io.ErrUnexpectedEOF.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// readObjectHeader reads a packed object's type and size: 3 type bits and
// 4 size bits in the first byte, then 7 size bits per byte while the top
// bit is set.
func readObjectHeader(r io.ByteReader) (typ int, size uint64, err error) {
	c, err := r.ReadByte()
	if err != nil {
		return 0, 0, noEOF(err)
	}
	typ = int(c>>4) & 7
	size = uint64(c & 15)
	for shift := 4; c&0x80 != 0; shift += 7 {
		if shift > 57 {
			return 0, 0, errors.New("object header too long")
		}
		if c, err = r.ReadByte(); err != nil {
			return 0, 0, noEOF(err)
		}
		size |= uint64(c&0x7f) << shift
	}
	return typ, size, nil
}

// readBaseOffset reads the distance back to an OFS_DELTA's base, in git's
// encoding: 7 bits per byte, most significant first, adding one before
// each shift so that every length has its own range.
func readBaseOffset(r io.ByteReader) (int64, error) {
	c, err := r.ReadByte()
	if err != nil {
		return 0, noEOF(err)
	}
	off := int64(c & 127)
	for c&128 != 0 {
		if off+1 > (1<<62)>>7 {
			return 0, errors.New("base offset overflows")
		}
		if c, err = r.ReadByte(); err != nil {
			return 0, noEOF(err)
		}
		off = ((off + 1) << 7) | int64(c&127)
	}
	return off, nil
}

// readLooseAny reads loose object h of any type from the objects folder
// dir (a REF_DELTA's base, which a thin pack completed by hand may leave
// loose); ok is false when it is not there. It is readLoose without a
// known type: the type comes from the object's own header.
func readLooseAny(dir string, h plumbing.Hash) (data []byte, t plumbing.ObjectType, ok bool, err error) {
	hex := h.String()
	raw, err := wtfs.ReadFile(filepath.Join(dir, hex[:2], hex[2:]))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, plumbing.InvalidObject, false, nil
	}
	if err != nil {
		return nil, plumbing.InvalidObject, false, fmt.Errorf("read %s: %w", h, err)
	}
	body, err := inflate(raw)
	if err != nil {
		return nil, plumbing.InvalidObject, false, fmt.Errorf("read %s: %w", h, err)
	}
	kind, _, _ := bytes.Cut(body, []byte{' '})
	t, err = plumbing.ParseObjectType(string(kind))
	if err != nil || !t.Valid() || t > plumbing.TagObject {
		return nil, plumbing.InvalidObject, false, fmt.Errorf("read %s: unknown object type %.20q", h, kind)
	}
	data, err = stripHeader(body, t)
	if err != nil {
		return nil, plumbing.InvalidObject, false, fmt.Errorf("read %s: %w", h, err)
	}
	return data, t, true, nil
}

// applyDelta applies git's delta format to base: the source and target
// sizes as little-endian base-128 varints, then instructions that copy a
// range of base (top bit set; the low bits say which offset and size
// bytes follow, a size of 0 meaning 0x10000) or insert the next 1 to 127
// bytes. Instruction 0, a copy outside base, a source size other than
// len(base) and a result of another size than announced are errors.
func applyDelta(base, delta []byte) ([]byte, error) {
	src, delta, err := deltaVarint(delta)
	if err != nil {
		return nil, err
	}
	if src != uint64(len(base)) {
		return nil, fmt.Errorf("delta is for a base of %d bytes, not %d", src, len(base))
	}
	dst, delta, err := deltaVarint(delta)
	if err != nil {
		return nil, err
	}
	// Each instruction byte yields at most a copy of all of base (or
	// 0x10000 bytes) or one inserted byte: a larger size is corrupt, and
	// allocating it could exhaust memory.
	if limit := uint64(len(delta)) * uint64(max(len(base), 0x10000, 1)); dst > limit {
		return nil, fmt.Errorf("delta target size %d is impossible", dst)
	}
	out := make([]byte, dst)
	w := 0
	for len(delta) > 0 {
		cmd := delta[0]
		delta = delta[1:]
		switch {
		case cmd&0x80 != 0:
			var off, size uint64
			for i, bit := range [7]byte{0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40} {
				if cmd&bit == 0 {
					continue
				}
				if len(delta) == 0 {
					return nil, errors.New("delta copy instruction truncated")
				}
				if i < 4 {
					off |= uint64(delta[0]) << (8 * i)
				} else {
					size |= uint64(delta[0]) << (8 * (i - 4))
				}
				delta = delta[1:]
			}
			if size == 0 {
				size = 0x10000
			}
			if off+size > uint64(len(base)) || size > uint64(len(out)-w) {
				return nil, fmt.Errorf("delta copies %d bytes at %d from a base of %d bytes into %d of %d", size, off, len(base), w, len(out))
			}
			w += copy(out[w:], base[off:off+size])
		case cmd != 0:
			n := int(cmd)
			if n > len(delta) || n > len(out)-w {
				return nil, errors.New("delta insert instruction out of range")
			}
			w += copy(out[w:], delta[:n])
			delta = delta[n:]
		default:
			return nil, errors.New("delta has instruction 0")
		}
	}
	if w != len(out) {
		return nil, fmt.Errorf("delta result has %d bytes, not %d", w, len(out))
	}
	return out, nil
}

// deltaVarint reads one of a delta's two size fields: 7 bits per byte,
// least significant first, while the top bit is set.
func deltaVarint(b []byte) (uint64, []byte, error) {
	var v uint64
	for i, shift := 0, 0; i < len(b); i, shift = i+1, shift+7 {
		if shift > 63 {
			break
		}
		v |= uint64(b[i]&0x7f) << shift
		if b[i]&0x80 == 0 {
			return v, b[i+1:], nil
		}
	}
	return 0, nil, errors.New("delta header truncated or too long")
}

// packReader reads a pack file forward from an offset through a buffer,
// for the object header parser and the zlib reader (it is a flate.Reader,
// so zlib reads it directly, without a bufio.Reader of its own). It never
// reads past the pack's size as opened.
type packReader struct {
	f    *os.File
	end  int64 // size of the pack
	pos  int64 // file offset just after buf[:w]
	buf  []byte
	r, w int
	next int // how much the next fill reads
}

// packReaders keeps packReaders and their buffers for reuse.
var packReaders = sync.Pool{New: func() any { return &packReader{buf: make([]byte, firstRead)} }}

// getPackReader returns a packReader from the pool; reset it before use.
func getPackReader() *packReader { return packReaders.Get().(*packReader) }

// putPackReader returns pr to the pool, dropping its file.
func putPackReader(pr *packReader) {
	pr.f = nil
	packReaders.Put(pr)
}

// reset positions pr at offset off of pk, with nothing buffered.
func (pr *packReader) reset(pk *pack, off int64) {
	pr.f, pr.end, pr.pos = pk.f, pk.size, off
	pr.r, pr.w = 0, 0
	pr.next = firstRead
}

// fill reads the next chunk; io.EOF at the end of the pack (or of the
// file, should it have shrunk).
func (pr *packReader) fill() error {
	n := int64(pr.next)
	if rest := pr.end - pr.pos; rest < n {
		n = rest
	}
	if n <= 0 {
		return io.EOF
	}
	if int64(cap(pr.buf)) < n {
		pr.buf = make([]byte, n)
	}
	k, err := pr.f.ReadAt(pr.buf[:n], pr.pos)
	if k > 0 {
		pr.pos += int64(k)
		pr.r, pr.w = 0, k
		return nil
	}
	if err == nil || err == io.EOF {
		return io.EOF
	}
	return err
}

// ReadByte returns the next byte of the pack.
func (pr *packReader) ReadByte() (byte, error) {
	if pr.r == pr.w {
		if err := pr.fill(); err != nil {
			return 0, err
		}
	}
	c := pr.buf[pr.r]
	pr.r++
	return c, nil
}

// Read reads the next bytes of the pack.
func (pr *packReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if pr.r == pr.w {
		if err := pr.fill(); err != nil {
			return 0, err
		}
	}
	n := copy(p, pr.buf[pr.r:pr.w])
	pr.r += n
	return n, nil
}

// inflate decompresses the zlib stream at pr's position, which must
// inflate to exactly size bytes and end with a valid checksum. It reuses
// loose.go's pool of zlib readers. Later fills are sized for the stream
// so that a large object takes few reads.
func (pr *packReader) inflate(size uint64) ([]byte, error) {
	// Deflate expands at most 1032 times: a larger size cannot come from
	// what is left of the pack, and must not be allocated.
	if avail := pr.end - pr.pos + int64(pr.w-pr.r); size > uint64(avail)*1032 {
		return nil, fmt.Errorf("object size %d is more than the rest of the pack can hold", size)
	}
	pr.next = int(min(max(size+64, firstRead), maxRead))
	zr, err := resetZlib(pr)
	if err != nil {
		return nil, fmt.Errorf("inflate: %w", noEOF(err))
	}
	defer zlibReaders.Put(zr) // Reset clears any error state
	out := make([]byte, size)
	if _, err := io.ReadFull(zr, out); err != nil {
		return nil, fmt.Errorf("inflate: %w", noEOF(err))
	}
	// Read on to the end of the stream, which checks the checksum.
	var one [1]byte
	for {
		n, err := zr.Read(one[:])
		if n > 0 {
			return nil, fmt.Errorf("inflate: object is larger than its header's %d bytes", size)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("inflate: %w", err)
		}
	}
	return out, nil
}

// resetZlib returns a zlib reader from loose.go's pool, reset to read src.
func resetZlib(src io.Reader) (io.ReadCloser, error) {
	zr, _ := zlibReaders.Get().(io.ReadCloser)
	if zr == nil {
		return zlib.NewReader(src)
	}
	if err := zr.(zlib.Resetter).Reset(src, nil); err != nil {
		zlibReaders.Put(zr)
		return nil, err
	}
	return zr, nil
}

// baseKey is a delta base's place: its pack and offset.
type baseKey struct {
	pk  *pack
	off int64
}

// baseEntry is a resolved delta base in the cache.
type baseEntry struct {
	key  baseKey
	data []byte
	t    plumbing.ObjectType
}

// baseCache keeps recently resolved delta bases, least recently used out
// first, within a budget of bytes, as git's delta_base_cache does, so that
// reading objects that share bases does not resolve each chain from its
// start. Entries are shared and must not be modified. It is safe for
// concurrent use.
type baseCache struct {
	mu    sync.Mutex
	limit int // bytes; larger objects are not kept
	used  int
	lru   list.List // of *baseEntry, most recent first
	items map[baseKey]*list.Element
}

// baseOverhead is what an entry costs beyond its data, roughly.
const baseOverhead = 128

// newBaseCache returns an empty cache holding at most limit bytes.
func newBaseCache(limit int) *baseCache {
	return &baseCache{limit: limit, items: map[baseKey]*list.Element{}}
}

// get returns the cached base at (pk, off), which the caller must not
// modify.
func (c *baseCache) get(pk *pack, off int64) ([]byte, plumbing.ObjectType, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[baseKey{pk, off}]
	if !ok {
		return nil, 0, false
	}
	c.lru.MoveToFront(el)
	e := el.Value.(*baseEntry)
	return e.data, e.t, true
}

// add caches data, the object of type t at (pk, off), evicting the least
// recently used entries to stay within the limit. An object over a quarter
// of the limit is not cached.
func (c *baseCache) add(pk *pack, off int64, data []byte, t plumbing.ObjectType) {
	cost := len(data) + baseOverhead
	if cost > c.limit/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	key := baseKey{pk, off}
	if el, ok := c.items[key]; ok {
		c.lru.MoveToFront(el)
		return
	}
	for c.used+cost > c.limit && c.lru.Len() > 0 {
		old := c.lru.Remove(c.lru.Back()).(*baseEntry)
		delete(c.items, old.key)
		c.used -= len(old.data) + baseOverhead
	}
	c.items[key] = c.lru.PushFront(&baseEntry{key, data, t})
	c.used += cost
}

// clear empties the cache.
func (c *baseCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lru.Init()
	clear(c.items)
	c.used = 0
}
