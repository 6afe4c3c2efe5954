// Package wtfs writes below a working tree without ever following a
// symbolic link on the way: every folder is opened from the tree's top
// with openat(O_NOFOLLOW|O_DIRECTORY), one component at a time, and files
// are created, renamed and removed relative to the folder descriptor so
// opened. A folder swapped for a symlink between a check and a write makes
// the write fail (ELOOP, ENOTDIR or a moved folder); it never lands
// outside the tree. Folder descriptors are kept for the life of a Root, so
// a batch pays one openat per distinct folder. It is a leaf package: it
// returns plain errors.
package wtfs

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strconv"
	"strings"
)

// ErrMoved is returned by Recheck when a folder the Root opened is no
// longer reachable at its path from the top without a symlink.
var ErrMoved = errors.New("a folder on the path was moved or replaced (by a symlink?) during the write")

// maxCached bounds the folder descriptors a Root keeps open; folders past
// it are opened for each use and closed after.
const maxCached = 1024

// split returns the folder and the base name of a slash path.
func split(rel string) (dir, base string) {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[:i], rel[i+1:]
	}
	return "", rel
}

// checkRel refuses what is not a clean relative slash path below the top.
func checkRel(rel string) error {
	if rel == "" {
		return nil
	}
	if strings.HasPrefix(rel, "/") || strings.HasSuffix(rel, "/") {
		return fmt.Errorf("%q is not a relative path", rel)
	}
	for _, part := range strings.Split(rel, "/") {
		if part == "" || part == "." || part == ".." {
			return fmt.Errorf("%q is not a clean relative path", rel)
		}
	}
	return nil
}

// join joins slash paths, "" being the top.
func join(dir, name string) string {
	if dir == "" {
		return name
	}
	return dir + "/" + name
}

// tempName calls create with new names, prefix + random digits + suffix,
// while the name it tried already exists (up to 100 more tries), and
// returns the last name tried and create's error for it.
func tempName(prefix, suffix string, create func(name string) error) (string, error) {
	for try := 0; ; try++ {
		name := prefix + strconv.FormatUint(uint64(rand.Uint32()), 10) + suffix
		if err := create(name); !errors.Is(err, fs.ErrExist) || try >= 100 {
			return name, err
		}
	}
}

// isPlain reports whether a folder entry of type t is a regular file or a
// symbolic link: what a temporary file of a batch may be.
func isPlain(t fs.FileMode) bool { return t.IsRegular() || t&fs.ModeSymlink != 0 }
