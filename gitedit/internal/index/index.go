// Package index reads and writes git's index file (the dircache) faithfully:
// versions 2 to 4, every extension git writes (kept byte for byte unless an
// edit invalidates it), split index and skipped checksums.
//
// What an edit invalidates, and how it is brought back in line when the
// index is encoded:
//   - TREE (cache-tree): the root and every directory along a changed path
//     lose their tree id (entry count -1); a subtree replaced by a file is
//     dropped. This is git's cache_tree_invalidate_path.
//   - UNTR (untracked cache): a path that enters or leaves the index
//     invalidates its directory (and, when the cache was built with
//     "show other directories", every ancestor), as git's
//     untracked_cache_invalidate_path does.
//   - FSMN (fsmonitor): the dirty bitmap is rebuilt from the entries'
//     positions; changed entries are marked dirty, as git marks them.
//   - link (split index): the delete and replace bitmaps and the split
//     entries are recomputed against the same shared index, which is never
//     rewritten.
//   - IEOT and EOIE (offset tables): recomputed for the bytes written.
//
// Every other extension, known or not, is written back byte for byte.
package index

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// Mode values of index entries.
const (
	ModeRegular    = 0o100644
	ModeExecutable = 0o100755
	ModeSymlink    = 0o120000
	ModeGitlink    = 0o160000
	// ModeSparseDir marks a sparse-index directory entry: its Name ends in
	// "/" and its Hash is a tree.
	ModeSparseDir = 0o040000
)

// Entry is one index entry.
type Entry struct {
	CtimeSec, CtimeNsec uint32
	MtimeSec, MtimeNsec uint32
	Dev, Ino            uint32
	Mode                uint32 // 0100644, 0100755, 0120000, 0160000
	UID, GID            uint32
	Size                uint32
	Hash                plumbing.Hash
	Name                string // slash-separated, repository-relative
	Stage               int    // 0 normally; 1-3 for an unresolved conflict
	AssumeValid         bool
	SkipWorktree        bool
	IntentToAdd         bool

	base     uint32 // 1-based position in the shared index; 0 if none
	inSplit  bool   // stored in the split index as a replacement of base
	fsmValid bool   // fsmonitor reported it clean (bit clear in FSMN)
	// raw is 1 + the offset of the entry's bytes in the file it was read
	// from, when Encode may copy them (0 otherwise, and past 4 GB; see
	// Index.raw). 32 bits fit in the struct's padding.
	raw uint32
}

// Index is a parsed index file. It is not safe for concurrent use, not
// even for lookups alone: looking an entry up may decode it (see lazy.go).
type Index struct {
	Version uint32
	// Missing is set when Read found no index file and returned an empty
	// index (the caller chooses the version of the file it creates).
	Missing bool
	// ents are the entries, sorted by Name, then Stage, as git sorts
	// them; nil where an entry of the file read is not decoded yet (see
	// lazy.go): offs holds where it is.
	ents []*Entry
	// offs is nil when every entry is decoded, else, for each nil entry
	// of ents, 1 + the offset of its bytes in raw.
	offs []uint32
	// pos is nil unless the index is split, then, for each nil entry of
	// ents, 1 + its position in the shared index (see resolveSplit).
	pos []uint32
	// str is raw as a string, for the names of the entries decoded from
	// it (see rawString).
	str string
	// lazyNewest holds, for each block of 1 << newestShift bytes of raw,
	// the newest modification time (seconds) of the entries scanEntries
	// left undecoded that start in it, and lazyExtended whether any of
	// them has extended flags: ModifiedSince and headerVersion look at
	// those entries only when it matters.
	lazyNewest   []uint32
	lazyExtended bool

	exts       []extension // in file order
	skipHash   bool        // the file ended in a zero hash (index.skipHash)
	changed    bool        // entries added, replaced or removed since Read
	touched    []string    // paths to invalidate in the cache-tree
	enterLeft  []string    // paths that entered or left the index
	split      *splitState // non-nil for a split index
	ieotBlocks int         // IEOT blocks in the file read; 0 when there is no IEOT
	file       fileID      // size and trailing checksum of the file read
	tree       *treeNode   // the parsed TREE extension, for CachedTree
	treeOf     *extension  // the extension tree was parsed from
	// revalidate holds the folders (and their new tree ids) whose
	// cache-tree nodes Encode makes valid again (see Revalidate).
	revalidate map[string][hashLen]byte
	// raw is the file read (without its checksum): Encode copies from
	// it the entries still as read. It is never written to. rawV4 is set
	// when it is of version 4 (see lazyv4.go).
	raw   []byte
	rawV4 bool
	// names holds the names of a version 4 table read, one after the
	// other, and nstart, for each nil entry of ents, where its name
	// starts in it (nil unless version 4; see lazyv4.go).
	names  string
	nstart []uint32
	// plain caches plainEntries: 0 not yet known, 1 true, 2 false.
	plain uint8
}

// fileID identifies the bytes of an index file: its size and trailing
// SHA-1 (which covers all the rest).
type fileID struct {
	size int64
	sum  [hashLen]byte
}

// extension is one index extension as read: signature and payload.
type extension struct {
	sig  string
	data []byte
}

// Extensions lists the signatures of the extensions the index carries, in
// file order (for example "TREE", "UNTR", "link", "EOIE").
func (ix *Index) Extensions() []string {
	sigs := make([]string, len(ix.exts))
	for i, x := range ix.exts {
		sigs[i] = x.sig
	}
	return sigs
}

// Sparse reports whether the index is a sparse index (has the "sdir"
// extension and may hold directory entries).
func (ix *Index) Sparse() bool { return ix.ext("sdir") != nil }

// Unchanged reports whether the index file at path still holds the bytes
// ix was parsed from, reading only its size and trailing checksum (the
// SHA-1 of everything before it). It reports false when ix was not read
// from a file, or the file has no checksum (index.skipHash).
func (ix *Index) Unchanged(path string) bool {
	if ix.skipHash || ix.file.size == 0 {
		return false
	}
	id, err := readFileID(path)
	return err == nil && id == ix.file
}

// readFileID reads the size and trailing checksum of the file at path.
func readFileID(path string) (fileID, error) {
	f, err := os.Open(path)
	if err != nil {
		return fileID{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() < hashLen {
		return fileID{}, fmt.Errorf("index %s: no checksum", path)
	}
	id := fileID{size: fi.Size()}
	_, err = f.ReadAt(id.sum[:], fi.Size()-hashLen)
	return id, err
}

// SkipHash reports whether the file had a zero trailing checksum
// (index.skipHash); Encode writes it back the same way.
func (ix *Index) SkipHash() bool { return ix.skipHash }

// SharedIndex returns the file name ("sharedindex.<hex>") of the shared
// index a split index is based on, or "" when the index is not split.
func (ix *Index) SharedIndex() string {
	if ix.split == nil {
		return ""
	}
	return sharedIndexName(ix.split.baseHash)
}

func (ix *Index) ext(sig string) *extension {
	for i := range ix.exts {
		if ix.exts[i].sig == sig {
			return &ix.exts[i]
		}
	}
	return nil
}

// search returns the position of (name, stage) in Entries and whether it
// is there; when absent, the position is where it would be inserted.
func (ix *Index) search(name string, stage int) (int, bool) {
	i := sort.Search(len(ix.ents), func(i int) bool {
		n := ix.nameAt(i)
		return n > name || (n == name && ix.stageAt(i) >= stage)
	})
	return i, i < len(ix.ents) && ix.nameAt(i) == name && ix.stageAt(i) == stage
}

// Entry returns the stage-0 entry for name, or nil.
func (ix *Index) Entry(name string) *Entry {
	if i, ok := ix.search(name, 0); ok {
		return ix.At(i)
	}
	return nil
}

// Conflicted reports whether name has entries at stages 1-3.
func (ix *Index) Conflicted(name string) bool {
	i, _ := ix.search(name, 1)
	return i < len(ix.ents) && ix.nameAt(i) == name
}

// Unmerged returns the first path with entries at stages 1-3, or "".
func (ix *Index) Unmerged() string {
	for i := range ix.ents {
		if ix.stageAt(i) != 0 {
			return ix.nameAt(i)
		}
	}
	return ""
}

// SparseDirFor returns the sparse-directory entry that covers name (an
// entry "dir/" of mode ModeSparseDir with name under "dir/"), or nil. A
// path under a sparse directory has no entry of its own; callers must not
// Add one (git would first expand the sparse index).
func (ix *Index) SparseDirFor(name string) *Entry {
	for i := strings.IndexByte(name, '/'); i >= 0; i = nextSlash(name, i) {
		if e := ix.Entry(name[:i+1]); e != nil && e.Mode == ModeSparseDir {
			return e
		}
	}
	return nil
}

// GitlinkFor returns the gitlink (submodule) entry, at any stage, of a
// parent folder of name, or nil: git tracks nothing inside a submodule in
// the superproject, whether it is checked out or not. It costs one lookup
// per parent folder.
func (ix *Index) GitlinkFor(name string) *Entry {
	for i := strings.IndexByte(name, '/'); i >= 0; i = nextSlash(name, i) {
		for j, _ := ix.search(name[:i], 0); j < len(ix.ents) && ix.nameAt(j) == name[:i]; j++ {
			if e := ix.At(j); e.Mode == ModeGitlink {
				return e
			}
		}
	}
	return nil
}

func nextSlash(s string, i int) int {
	j := strings.IndexByte(s[i+1:], '/')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// Add inserts e (stage 0) or replaces the existing stage-0 entry of the same
// name, and invalidates the cache-tree along its path. As in git, adding a
// stage-0 entry removes the name's conflict stages (1-3). The index keeps
// e itself; change it later only through another Add. An entry is never
// changed in place: Encode writes the entries no Add replaced as they were
// read.
func (ix *Index) Add(e *Entry) {
	e.Stage = 0
	e.fsmValid = false
	e.raw = 0
	ix.changed = true
	ix.touched = append(ix.touched, e.Name)
	i, ok := ix.search(e.Name, 0)
	if ok {
		if old := ix.ents[i]; old != nil {
			e.base, e.inSplit = old.base, old.base != 0
		} else if ix.pos != nil { // a shared entry not decoded
			e.base, e.inSplit = ix.pos[i], ix.pos[i] != 0
		} else {
			e.base, e.inSplit = 0, false
		}
		ix.ents[i] = e
		return
	}
	e.base, e.inSplit = 0, false
	ix.enterLeft = append(ix.enterLeft, e.Name)
	j := i
	for j < len(ix.ents) && ix.nameAt(j) == e.Name {
		j++
	}
	ix.splice(i, j, e)
}

// Remove deletes every entry of name and invalidates the cache-tree along
// its path; it reports whether anything was removed.
func (ix *Index) Remove(name string) bool {
	i, _ := ix.search(name, 0)
	j := i
	for j < len(ix.ents) && ix.nameAt(j) == name {
		j++
	}
	if i == j {
		return false
	}
	ix.splice(i, j, nil)
	ix.changed = true
	ix.touched = append(ix.touched, name)
	ix.enterLeft = append(ix.enterLeft, name)
	return true
}

// SetStat fills e's stat fields (times, dev, ino, mode, uid, gid, size)
// from fi as git would, so that git sees the entry as clean. fi must come
// from os.Lstat (a symlink is recorded as a link, a directory as a
// gitlink). Fields are truncated to 32 bits exactly as git truncates them.
func (e *Entry) SetStat(fi os.FileInfo) {
	e.Mode = modeOf(fi.Mode())
	e.Size = uint32(fi.Size())
	e.MtimeSec, e.MtimeNsec = uint32(fi.ModTime().Unix()), uint32(fi.ModTime().Nanosecond())
	e.CtimeSec, e.CtimeNsec = e.MtimeSec, e.MtimeNsec
	e.Dev, e.Ino, e.UID, e.GID = 0, 0, 0, 0
	fillSys(e, fi)
}

// modeOf normalises a file mode the way git's ce_mode_from_stat does.
func modeOf(m os.FileMode) uint32 {
	switch {
	case m&os.ModeSymlink != 0:
		return ModeSymlink
	case m.IsDir():
		return ModeGitlink
	case m&0o100 != 0:
		return ModeExecutable
	default:
		return ModeRegular
	}
}

// SameContent reports whether two entry lists (sorted, as Index.Entries)
// stage the same thing: the same paths at the same stages, with the same
// modes, object ids and intent-to-add flags. They may differ in stat data
// (what git status, git diff or git update-index --refresh rewrite) and in
// the flags that say how to look at the working tree (assume-valid,
// skip-worktree, fsmonitor-valid), none of which changes a commit of them.
func SameContent(a, b []*Entry) bool {
	if len(a) != len(b) {
		return false
	}
	for i, x := range a {
		y := b[i]
		if x.Name != y.Name || x.Stage != y.Stage || x.Mode != y.Mode || x.Hash != y.Hash || x.IntentToAdd != y.IntentToAdd {
			return false
		}
	}
	return true
}
