package objects

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/adler32"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/zlib"

	"github.com/gitedit/gitedit/gitedit/internal/sharedperm"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// DB is a repository's object database as a batch uses it: objects are
// read loose or from the packs directly, in the repository's own objects
// folder and then in its alternates (objects/info/alternates, as git
// follows them), and new objects are written loose, as git writes them.
// Its methods are safe to call from several goroutines.
type DB struct {
	dir string // the objects folder

	// SyncFile, when set, makes each new loose object durable before it
	// is renamed into place (core.fsync's loose-object component, synced
	// one by one); nil leaves that to the caller, as git leaves loose
	// objects unsynced by default.
	SyncFile func(*os.File) error
	// PackCache, when set, gives the packs (the repository's, kept from one
	// batch to the next); nil opens them for this DB alone.
	PackCache *PackCache
	// Shared gives new loose objects and objects/xx/ folders the
	// permissions core.sharedRepository asks for (zero: the umask's).
	Shared sharedperm.Mode

	once     sync.Once
	packs    *Packs // nil when the packs could not be opened
	packsErr error  // why they could not

	altOnce sync.Once
	alts    []*alternate // see alternateDirs
}

// NewDB returns the database of the objects folder dir.
func NewDB(dir string) *DB {
	return &DB{dir: dir}
}

// open opens the packs on first use: a batch that reads nothing packed
// does not pay for their indexes.
func (db *DB) open() {
	db.once.Do(func() {
		if db.PackCache != nil {
			db.packs, db.packsErr = db.PackCache.Open()
		} else {
			db.packs, db.packsErr = OpenPacks(db.dir)
		}
	})
}

// alternates returns the alternate object folders, read on first use.
func (db *DB) alternates() []*alternate {
	db.altOnce.Do(func() {
		for _, dir := range alternateDirs(db.dir) {
			db.alts = append(db.alts, &alternate{dir: dir})
		}
	})
	return db.alts
}

// Read returns the content of object h, which must have type t: loose,
// then packed, here and then in each alternate object folder in turn.
func (db *DB) Read(t plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	data, ok, err := readLoose(db.dir, t, h)
	if ok || err != nil {
		return data, err
	}
	db.open()
	if data, ok, err := readPacked(db.packs, t, h); ok || err != nil {
		return data, err
	}
	for _, alt := range db.alternates() {
		if data, ok, err := readLoose(alt.dir, t, h); ok || err != nil {
			return data, err
		}
		packs, _ := alt.openPacks()
		if data, ok, err := readPacked(packs, t, h); ok || err != nil {
			return data, err
		}
	}
	if db.packsErr != nil {
		return nil, fmt.Errorf("read %s %s: %w", t, h, db.packsErr)
	}
	return nil, fmt.Errorf("read %s %s: %w", t, h, plumbing.ErrObjectNotFound)
}

// readPacked reads object h of type t from packs (nil: none); ok is
// false when no pack holds it.
func readPacked(packs *Packs, t plumbing.ObjectType, h plumbing.Hash) ([]byte, bool, error) {
	if packs == nil {
		return nil, false, nil
	}
	data, got, ok, err := packs.Read(h)
	switch {
	case err != nil:
		return nil, false, err
	case ok && got != t:
		return nil, false, fmt.Errorf("read %s %s: object is a %s", t, h, got)
	}
	return data, ok, nil
}

// Has reports whether the database holds object h, here or in an
// alternate object folder.
func (db *DB) Has(h plumbing.Hash) bool {
	if _, err := os.Lstat(db.loosePath(h)); err == nil {
		return true
	}
	db.open()
	if db.packs != nil && db.packs.Has(h) {
		return true
	}
	for _, alt := range db.alternates() {
		if _, err := os.Lstat(looseIn(alt.dir, h)); err == nil {
			return true
		}
		if packs, _ := alt.openPacks(); packs != nil && packs.Has(h) {
			return true
		}
	}
	return false
}

// Write stores data as an object of type t and returns its id. When the
// database already holds the object, its file is freshened instead (see
// Freshen), so that a concurrent git gc or git prune, which removes
// unreachable objects older than its expiry, keeps what the batch is about
// to reference. A new object (or one that could not be freshened) is
// written loose, as git writes it:
// zlib-compressed (at git's default level for loose objects, the fastest)
// into a temporary file in its objects/xx/ folder, made
// read-only and renamed into place (so a reader never sees it half
// written; a racing writer of the same object writes the same bytes).
// It is synced only when SyncFile is set: the caller follows core.fsync.
func (db *DB) Write(t plumbing.ObjectType, data []byte) (plumbing.Hash, error) {
	h := plumbing.ComputeHash(t, data)
	if err := db.writeAs(h, t, data); err != nil {
		return plumbing.ZeroHash, err
	}
	return h, nil
}

// writeAs is Write for an object whose id h the caller computed from
// these very bytes.
func (db *DB) writeAs(h plumbing.Hash, t plumbing.ObjectType, data []byte) error {
	if db.Freshen(h) {
		return nil
	}
	if err := db.writeLoose(h, t, data); err != nil {
		return fmt.Errorf("write %s %s: %w", t, h, err)
	}
	return nil
}

// Freshen reports whether the database holds object h in a file it could
// set the modification time of to now, as git's check_and_freshen does
// before it skips writing an object: the loose file (here, then in the
// alternate object folders), else the pack holding it, here or in an
// alternate (touched once per DB; a cruft pack does not count, its
// objects' times live in its .mtimes file). False means the caller must
// write the object anew: it is missing, or only in a file that cannot be
// touched (read-only, or gone in a concurrent repack).
func (db *DB) Freshen(h plumbing.Hash) bool {
	if touch(db.loosePath(h)) {
		return true
	}
	db.open()
	if db.packs != nil && db.packs.freshen(h) {
		return true
	}
	for _, alt := range db.alternates() {
		if touch(looseIn(alt.dir, h)) {
			return true
		}
	}
	for _, alt := range db.alternates() {
		if packs, _ := alt.openPacks(); packs != nil && packs.freshen(h) {
			return true
		}
	}
	return false
}

// touch sets the access and modification times of path to now, as git's
// freshen_file does (utime with a null time), and reports success.
func touch(path string) bool {
	now := time.Now()
	return os.Chtimes(path, now, now) == nil
}

// zlibWriters keeps compressors for reuse: a new one allocates and clears
// close to a megabyte of tables, more than compressing a small object
// costs.
var zlibWriters = sync.Pool{New: func() any {
	zw, _ := zlib.NewWriterLevel(nil, zlib.BestSpeed) // git's core.looseCompression default
	return zw
}}

// writeLoose writes the loose file of object h.
func (db *DB) writeLoose(h plumbing.Hash, t plumbing.ObjectType, data []byte) error {
	z, err := deflateObject(t, data)
	if err != nil {
		return err
	}
	return db.writeFile(h, z)
}

// deflateObject returns the loose-object encoding of data as type t: its
// "<type> <size>\x00" header and data, zlib-compressed at git's default
// level for loose objects (core.looseCompression, the fastest), except a
// large tree, which is stored (see storeObject).
func deflateObject(t plumbing.ObjectType, data []byte) ([]byte, error) {
	header := t.String() + " " + strconv.Itoa(len(data)) + "\x00"
	switch {
	case len(header)+len(data) <= smallObject:
		return deflateSmall(header, data)
	case t == plumbing.TreeObject:
		return storeObject(header, data), nil
	}
	var z bytes.Buffer
	z.Grow(len(data)/2 + 64)
	zw := zlibWriters.Get().(*zlib.Writer)
	defer zlibWriters.Put(zw)
	zw.Reset(&z)
	if _, err := zw.Write([]byte(header)); err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	err := zw.Close()
	return z.Bytes(), err
}

// smallObject is the largest object (header included) deflateObject
// compresses in one stateless pass (flate.StatelessDeflate, the same
// fastest level): its hash table lives on the stack. The pooled
// compressor's first use in a process faults in 128 KB of fresh hash
// table, which took longer than compressing a commit or a small tree
// (0.2 ms of an edit + commit); it stays faster on long input.
const smallObject = 8 << 10

// zlibFastest is the zlib header of a deflate stream with a 32 KB window
// compressed at the fastest level, as zlib and git write it.
var zlibFastest = []byte{0x78, 0x01}

// deflateSmall is deflateObject for a small object: a zlib stream of one
// stateless deflate pass over header and data.
func deflateSmall(header string, data []byte) ([]byte, error) {
	obj := make([]byte, 0, len(header)+len(data))
	obj = append(append(obj, header...), data...)
	z := bytes.NewBuffer(make([]byte, 0, len(obj)/2+64))
	z.Write(zlibFastest)
	if err := flate.StatelessDeflate(z, obj, true, nil); err != nil {
		return nil, err
	}
	return binary.BigEndian.AppendUint32(z.Bytes(), adler32.Checksum(obj)), nil
}

// writeFile writes the compressed object z to the loose file of h: a
// temporary file in its objects/xx/ folder, renamed into place.
func (db *DB) writeFile(h plumbing.Hash, z []byte) error {
	final := db.loosePath(h)
	f, err := createLooseTemp(filepath.Dir(final), db.Shared)
	if err != nil {
		return err
	}
	if err := finishLoose(f, z, final, db.SyncFile); err != nil {
		return err
	}
	return db.Shared.Adjust(final)
}

// createLooseTemp creates a temporary object file in dir (an objects/xx/
// folder), creating dir as needed, with the permissions shared asks for.
// A concurrent git prune removes empty objects/xx/ folders, possibly
// between the mkdir and the create: that is retried a few times (git
// tries once).
func createLooseTemp(dir string, shared sharedperm.Mode) (*os.File, error) {
	f, err := createTemp(dir)
	for try := 0; try < 8 && errors.Is(err, fs.ErrNotExist); try++ {
		if err = mkdirLoose(dir, shared); err == nil {
			f, err = createTemp(dir)
		}
	}
	return f, err
}

// mkdirLoose makes the folder of loose objects dir (objects/xx) with the
// permissions shared asks for, as git's create_tmpfile does: one mkdir,
// the parents too only when it says they are missing (os.MkdirAll stats
// the folder and its parent first: two system calls for nothing in a
// repository, whose objects folder exists). A folder made meanwhile (by
// another writer) is fine.
func mkdirLoose(dir string, shared sharedperm.Mode) error {
	err := os.Mkdir(dir, 0o777)
	switch {
	case err == nil:
		return shared.Adjust(dir)
	case errors.Is(err, fs.ErrExist):
		return nil
	case errors.Is(err, fs.ErrNotExist):
		return shared.MkdirAll(dir)
	}
	return err
}

// createTemp creates a new file "tmp_obj_<random>" in dir for writing, as
// os.CreateTemp does (a new name when one exists), through wtfs.OpenFile,
// which spares the poller registration os.CreateTemp pays. It is created
// read-only (0444 less the umask, the mode git gives loose objects), which
// does not stop the descriptor that created it from writing it.
func createTemp(dir string) (*os.File, error) {
	for try := 0; try < 10000; try++ {
		name := filepath.Join(dir, "tmp_obj_"+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := wtfs.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o444)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "createtemp", Path: filepath.Join(dir, "tmp_obj_*"), Err: fs.ErrExist}
}

// finishLoose writes the compressed object to the temporary file f
// (created read-only), syncs it (when sync is set) and renames it to
// final in one system call (wtfs.RenamePath); on failure it removes f.
func finishLoose(f *os.File, z []byte, final string, sync func(*os.File) error) error {
	_, err := f.Write(z)
	if err == nil && sync != nil {
		err = sync(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = wtfs.RenamePath(f.Name(), final)
	}
	if err != nil {
		_ = os.Remove(f.Name())
	}
	return err
}

// loosePath is the file of loose object h.
func (db *DB) loosePath(h plumbing.Hash) string { return looseIn(db.dir, h) }

// looseIn is the file of loose object h in the objects folder dir.
func looseIn(dir string, h plumbing.Hash) string {
	hex := h.String()
	return filepath.Join(dir, hex[:2], hex[2:])
}

// Close releases the packs, the alternates' included.
func (db *DB) Close() error {
	var err error
	if db.packs != nil {
		err = db.packs.Close()
	}
	for _, alt := range db.alts {
		if alt.packs != nil {
			err = errors.Join(err, alt.packs.Close())
		}
	}
	return err
}
