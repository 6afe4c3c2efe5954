// Package statproof decides when a stat taken before a read vouches for
// what was read, so that a later, unchanged stat spares reading again: the
// rule git applies to racily clean index entries. A file (or folder)
// changed within one tick of the file system's clock may keep its time
// and size, so a stat vouches only when its modification time was at
// least RacyWindow old when it was taken. It is a leaf: standard library
// only.
package statproof

import (
	"os"
	"time"
)

// RacyWindow is how old a modification time must be, when its stat is
// taken, for the stat to vouch for the content (a tick is a few
// milliseconds; two seconds on FAT and some network file systems). A
// variable for the tests.
var RacyWindow = 2 * time.Second

// Snapshot is a path's stat taken before the path was read (nil when it
// could not be taken) and whether it vouches for what was read.
type Snapshot struct {
	Stat    os.FileInfo
	Trusted bool
}

// Take stats path, before the caller reads it.
func Take(path string) Snapshot {
	now := time.Now()
	st, err := os.Stat(path)
	if err != nil {
		return Snapshot{}
	}
	return Snapshot{Stat: st, Trusted: now.Sub(st.ModTime()) >= RacyWindow}
}

// Vouches reports whether s, trusted, still describes the path whose
// stat is now cur (nil: none): the same file, with the same modification
// and change times, size and mode. Then what was read after s is still
// what the path holds.
func (s Snapshot) Vouches(cur Snapshot) bool {
	a, b := s.Stat, cur.Stat
	if !s.Trusted || a == nil || b == nil {
		return false
	}
	return os.SameFile(a, b) && a.ModTime().Equal(b.ModTime()) && a.Size() == b.Size() &&
		a.Mode() == b.Mode() && ctime(a) == ctime(b)
}
