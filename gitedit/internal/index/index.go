// Package index reads and writes git's index file (the dircache) faithfully:
// versions 2 to 4, every extension git writes (kept byte for byte unless an
// edit invalidates it), split index and skipped checksums.
package index

import (
	"os"

	"github.com/go-git/go-git/v5/plumbing"
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
}

// Index is a parsed index file.
type Index struct {
	Version uint32
	// Entries are sorted by Name, then Stage, as git sorts them.
	Entries []*Entry
}

// Read parses the index file at path (resolving a split index through the
// sharedindex file beside it). A missing file is an empty version-2 index.
func Read(path string) (*Index, error) { panic("unimplemented") }

// Encode serialises the index as git would write it, keeping the
// extensions that were read (the cache-tree invalidated along the paths
// changed through Add and Remove).
func (ix *Index) Encode() ([]byte, error) { panic("unimplemented") }

// Entry returns the stage-0 entry for name, or nil.
func (ix *Index) Entry(name string) *Entry { panic("unimplemented") }

// Conflicted reports whether name has entries at stages 1-3.
func (ix *Index) Conflicted(name string) bool { panic("unimplemented") }

// Add inserts e (stage 0) or replaces the existing stage-0 entry of the same
// name, and invalidates the cache-tree along its path.
func (ix *Index) Add(e *Entry) { panic("unimplemented") }

// Remove deletes every entry of name and invalidates the cache-tree along
// its path; it reports whether anything was removed.
func (ix *Index) Remove(name string) bool { panic("unimplemented") }

// SetStat fills e's stat fields (times, dev, ino, mode, uid, gid, size)
// from fi as git would, so that git sees the entry as clean.
func (e *Entry) SetStat(fi os.FileInfo) { panic("unimplemented") }
