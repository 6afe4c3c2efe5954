package index

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"

	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

const (
	hashLen       = 20
	headerLen     = 12
	fixedLen      = 62 // on-disk entry: stat data, mode, sizes, hash, flags
	flagAssume    = 0x8000
	flagExtended  = 0x4000
	flagNameMask  = 0x0fff
	xflagSkipWt   = 0x4000
	xflagIntent   = 0x2000
	knownXFlags   = xflagSkipWt | xflagIntent
	signatureDIRC = "DIRC"
)

var be = binary.BigEndian

// Read parses the index file at path (resolving a split index through the
// sharedindex file beside it). A missing file is an empty version-2 index
// marked Missing.
// Like git (which checks it only in fsck), Read does not verify the
// trailing checksum: the file is replaced by rename, so it is never seen
// half-written, and the structure checks catch a truncated file. Verify
// does the full check. (git's verify_hdr in read-cache.c hashes the file
// only when verify_index_checksum is set, which only fsck sets.)
// Like git, reading a split index refreshes the shared index's mtime so
// that git's sharedindex expiry does not delete it.
// The file is read into memory, not mapped: a version 2 or 3 index keeps
// its bytes and decodes its entries as they are asked for (see lazy.go),
// and a mapping could change under it (a file cut in place faults).
func Read(path string) (*Index, error) { return ReadIn(path, "") }

// ReadIn is Read of an index file of the repository whose git directory
// is gitDir: the shared index of a split index is looked for there first,
// then beside the index file, as git's read_index_from does (the two
// differ when GIT_INDEX_FILE names a file elsewhere). An empty gitDir
// looks beside the index file only.
func ReadIn(path, gitDir string) (*Index, error) {
	data, err := wtfs.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &Index{Version: 2, Missing: true}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read index %s: %w", path, err)
	}
	ix, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("parse index %s: %w", path, err)
	}
	ix.file.size = int64(len(data))
	copy(ix.file.sum[:], data[len(data)-hashLen:])
	if err := ix.resolveSplit(path, gitDir); err != nil {
		return nil, err
	}
	if err := ix.applyFSMonitor(); err != nil {
		return nil, fmt.Errorf("parse index %s: %w", path, err)
	}
	return ix, nil
}

// parse decodes one index file's bytes (without resolving a split index).
func parse(data []byte) (*Index, error) {
	if len(data) < headerLen+hashLen || string(data[:4]) != signatureDIRC {
		return nil, fmt.Errorf("not an index file (bad signature or too short)")
	}
	ix := &Index{Version: be.Uint32(data[4:])}
	if ix.Version < 2 || ix.Version > 4 {
		return nil, fmt.Errorf("unsupported index version %d", ix.Version)
	}
	body := data[:len(data)-hashLen]
	var zero [hashLen]byte
	ix.skipHash = bytes.Equal(data[len(body):], zero[:])
	off, plain, err := ix.parseTable(body, int(be.Uint32(data[8:])))
	if err != nil {
		return nil, err
	}
	ix.plain = 2
	if plain {
		ix.plain = 1
	}
	if ix.exts, err = parseExtensions(body[off:]); err != nil {
		return nil, err
	}
	return ix, ix.readIEOT()
}

// parseTable reads the table of n entries of body lazily (scanEntries,
// or scanV4 for version 4), keeping body. It
// returns the offset just past the table and whether every entry
// isPlain.
func (ix *Index) parseTable(body []byte, n int) (int, bool, error) {
	ix.raw, ix.str = body, rawString(body)
	if ix.Version == 4 {
		ix.rawV4 = true
		return ix.scanV4(headerLen, n)
	}
	return ix.scanEntries(headerLen, n)
}

// Verify checks the trailing SHA-1 of the index file at path (a zero
// checksum, index.skipHash, passes).
func Verify(path string) error {
	data, err := wtfs.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read index %s: %w", path, err)
	}
	if len(data) < headerLen+hashLen {
		return fmt.Errorf("index %s: too short", path)
	}
	body, sum := data[:len(data)-hashLen], data[len(data)-hashLen:]
	var zero [hashLen]byte
	if got := sha1.Sum(body); !bytes.Equal(sum, zero[:]) && !bytes.Equal(got[:], sum) {
		return fmt.Errorf("index %s: checksum mismatch", path)
	}
	return nil
}

// entryReader decodes the entry table into one backing array; the names
// are written one after the other in one builder, and each entry's Name
// is its part of the builder's string (no copy per name, none at the end).
type entryReader struct {
	b       []byte
	off     int
	version uint32
	names   strings.Builder
	prev    string // the previous name (version 4)
	second  bool   // an entry was read before (version 4)
	plain   bool   // every entry so far isPlain
}

// name appends the name made of prefix and suffix to the builder and
// returns it.
func (r *entryReader) name(prefix string, suffix []byte) string {
	start := r.names.Len()
	r.names.WriteString(prefix)
	r.names.Write(suffix)
	return r.names.String()[start:]
}

// entry decodes one entry at r.off, its name included. A
// version 2/3 entry that Encode would write back as the same bytes
// records where they are (Entry.raw).
func (r *entryReader) entry(e *Entry) error {
	start := r.off
	if start+fixedLen > len(r.b) {
		return fmt.Errorf("truncated entry")
	}
	flags := decodeFixed(e, r.b[start:start+fixedLen])
	r.off += fixedLen
	if flags&flagExtended != 0 {
		if err := r.extendedFlags(e); err != nil {
			return err
		}
	}
	if r.version == 4 {
		return r.nameV4(e, int(flags&flagNameMask))
	}
	nameStart := r.off
	n, err := r.namePadded(e, start, int(flags&flagNameMask))
	if err == nil && uint64(start) < math.MaxUint32 && canonical(e, flags, n, r.b[nameStart+n:r.off]) {
		e.raw = uint32(start) + 1
	}
	return err
}

// canonical reports whether a version 2/3 entry whose name is n bytes
// long and followed by pad is what Encode would write for e: the name
// length in flags as git stores it, extended flags present only when some
// are set, and only NULs after the name.
func canonical(e *Entry, flags uint16, n int, pad []byte) bool {
	if int(flags&flagNameMask) != min(n, flagNameMask) || (flags&flagExtended != 0) != (extendedFlags(e) != 0) {
		return false
	}
	for _, c := range pad {
		if c != 0 {
			return false
		}
	}
	return true
}

// decodeFixed fills e from the fixed part of an entry and returns flags.
func decodeFixed(e *Entry, f []byte) uint16 {
	e.CtimeSec, e.CtimeNsec = be.Uint32(f[0:]), be.Uint32(f[4:])
	e.MtimeSec, e.MtimeNsec = be.Uint32(f[8:]), be.Uint32(f[12:])
	e.Dev, e.Ino, e.Mode = be.Uint32(f[16:]), be.Uint32(f[20:]), be.Uint32(f[24:])
	e.UID, e.GID, e.Size = be.Uint32(f[28:]), be.Uint32(f[32:]), be.Uint32(f[36:])
	copy(e.Hash[:], f[40:60])
	flags := be.Uint16(f[60:])
	e.Stage = int(flags>>12) & 3
	e.AssumeValid = flags&flagAssume != 0
	return flags
}

func (r *entryReader) extendedFlags(e *Entry) error {
	if r.version < 3 {
		return fmt.Errorf("extended flags in a version-2 index")
	}
	if r.off+2 > len(r.b) {
		return fmt.Errorf("truncated entry")
	}
	x := be.Uint16(r.b[r.off:])
	r.off += 2
	if x&^knownXFlags != 0 {
		return fmt.Errorf("unknown extended flags %#04x", x)
	}
	e.SkipWorktree, e.IntentToAdd = x&xflagSkipWt != 0, x&xflagIntent != 0
	return nil
}

// namePadded reads a version 2/3 name: NUL-terminated and padded with
// NULs to a multiple of 8 bytes from the entry's start. It returns the
// name's length.
func (r *entryReader) namePadded(e *Entry, start, n int) (int, error) {
	if n == flagNameMask { // long name: the length does not fit in flags
		i := bytes.IndexByte(r.b[r.off:], 0)
		if i < 0 {
			return 0, fmt.Errorf("unterminated name")
		}
		n = i
	}
	end := start + ((r.off-start)+n+8)&^7
	if r.off+n >= len(r.b) || end > len(r.b) || r.b[r.off+n] != 0 {
		return 0, fmt.Errorf("truncated name")
	}
	e.Name = r.name("", r.b[r.off:r.off+n])
	r.off = end
	return n, nil
}

// nameV4 reads a prefix-compressed name: a varint count of bytes to drop
// from the previous name (ignored in the first entry, as git ignores it),
// then the NUL-terminated suffix to append. Its
// length must be n, the one in the entry's flags, unless that is
// flagNameMask (a name of 4,095 bytes or more): git reads that many
// bytes (read-cache.c create_from_disk), not up to the NUL, and refuses
// the entries after one whose length is not its name's.
func (r *entryReader) nameV4(e *Entry, n int) error {
	strip, k, err := decodeVarint(r.b[r.off:])
	if err != nil {
		return err
	}
	r.off += k
	if !r.second {
		strip = 0 // as git, which has no previous name to strip from
	}
	r.second = true
	if strip > uint64(len(r.prev)) {
		return fmt.Errorf("name strips %d bytes of a %d-byte name", strip, len(r.prev))
	}
	i := bytes.IndexByte(r.b[r.off:], 0)
	if i < 0 {
		return fmt.Errorf("unterminated name")
	}
	if keep := len(r.prev) - int(strip); n != flagNameMask && keep+i != n {
		return fmt.Errorf("name of %d bytes, %d in its flags", keep+i, n)
	}
	e.Name = r.name(r.prev[:len(r.prev)-int(strip)], r.b[r.off:r.off+i])
	r.prev = e.Name
	r.off += i + 1
	return nil
}

// parseExtensions splits the bytes after the entry table into extensions.
func parseExtensions(b []byte) ([]extension, error) {
	var exts []extension
	for len(b) > 0 {
		if len(b) < 8 {
			return nil, fmt.Errorf("%d stray bytes after the extensions", len(b))
		}
		size := int64(be.Uint32(b[4:]))
		if 8+size > int64(len(b)) {
			return nil, fmt.Errorf("extension %q: size %d past the end", b[:4], size)
		}
		// A copy: the file's bytes, which the entries not decoded yet
		// read, must never be written to (see rawString).
		exts = append(exts, extension{sig: string(b[:4]), data: bytes.Clone(b[8 : 8+size])})
		b = b[8+size:]
	}
	return exts, nil
}

// readIEOT records the number of blocks of an index entry offset table,
// git's index.threads when there are more entries than threads, so that
// Encode can lay out blocks as git does (see ieotPer).
func (ix *Index) readIEOT() error {
	x := ix.ext("IEOT")
	if x == nil {
		return nil
	}
	if len(x.data) < 4 || be.Uint32(x.data) != 1 || (len(x.data)-4)%8 != 0 {
		return fmt.Errorf("unsupported IEOT extension")
	}
	ix.ieotBlocks = (len(x.data) - 4) / 8
	return nil
}
