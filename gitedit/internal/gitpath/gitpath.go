// Package gitpath holds git's rules for the paths an index entry or a tree
// may hold: verify_path from read-cache.c, with the NTFS rules of path.c
// (is_ntfs_dotgit, is_ntfs_dotgitmodules) and the HFS+ rules of utf8.c
// (is_hfs_dotgit, is_hfs_dotgitmodules) both applied, as git fsck and
// hosting servers apply them whatever the local file system. It is a leaf
// package: plain errors, no other gitedit import.
package gitpath

import (
	"errors"
	"fmt"
	"strings"
)

// Git's file modes that change what a path may be.
const (
	ModeMask    = 0o170000
	ModeDir     = 0o040000
	ModeRegular = 0o100644
	ModeSymlink = 0o120000
)

// ErrDotGit is a path that names the git directory in some spelling a
// file system maps to ".git"; ErrSymlinkGitmodules is a symlink named
// ".gitmodules" (in such a spelling); ErrMalformed is a path with an empty,
// "." or ".." component, or a trailing slash.
var (
	ErrDotGit            = errors.New("names the git directory (.git in a spelling NTFS or HFS+ maps to it)")
	ErrSymlinkGitmodules = errors.New(".gitmodules may not be a symlink")
	ErrMalformed         = errors.New("has an empty, \".\" or \"..\" component")
)

// Verify reports why git's verify_path (with core.protectNTFS and
// core.protectHFS on) refuses path, a slash-separated repository-relative
// path, for an index entry of the given git mode; nil means git accepts
// it. It costs one pass over the path.
func Verify(path string, mode uint32) error {
	link := mode&ModeMask == ModeSymlink
	for start := 0; ; {
		if err := verifyComponent(path[start:], mode, link); err != nil {
			return wrap(path, err)
		}
		end := start + 1
		for ; end < len(path) && path[end] != '/'; end++ {
			if path[end] == '\\' && hostile(path[end+1:], link, false) {
				return wrap(path, dotGitError(path[end+1:], link))
			}
		}
		if end >= len(path) {
			return nil
		}
		start = end + 1
	}
}

// wrap names the path in an error.
func wrap(path string, err error) error {
	return fmt.Errorf("path %q %w", path, err)
}

// verifyComponent applies verify_path's checks at the start of a
// component: rest runs from there to the end of the path.
func verifyComponent(rest string, mode uint32, link bool) error {
	if hostile(rest, link, true) {
		return dotGitError(rest, link)
	}
	switch {
	case rest == "":
		if mode&ModeMask == ModeDir {
			return nil // a sparse directory entry ends with a slash
		}
		return ErrMalformed
	case rest[0] == '/':
		return ErrMalformed
	case rest[0] == '.':
		return verifyDotfile(rest[1:], link)
	}
	return nil
}

// hostile reports whether rest starts with a component git refuses by its
// NTFS rules (and by its HFS+ rules when hfs is set: verify_path applies
// those at component starts only).
func hostile(rest string, link, hfs bool) bool {
	if IsNTFSDotGit(rest) || link && IsNTFSDotGitmodules(rest) {
		return true
	}
	return hfs && (IsHFSDotGit(rest) || link && IsHFSDotGitmodules(rest))
}

// dotGitError tells which rule refused rest.
func dotGitError(rest string, link bool) error {
	if IsNTFSDotGit(rest) || IsHFSDotGit(rest) || !link {
		return ErrDotGit
	}
	return ErrSymlinkGitmodules
}

// verifyDotfile is git's verify_dotfile: rest follows a component's
// leading ".".
func verifyDotfile(rest string, link bool) error {
	if rest == "" || rest[0] == '/' {
		return ErrMalformed // "."
	}
	switch rest[0] {
	case 'g', 'G':
		if len(rest) < 3 || lower(rest[1]) != 'i' || lower(rest[2]) != 't' {
			return nil
		}
		if endOfComponent(rest, 3) {
			return ErrDotGit
		}
		if link && len(rest) >= 10 && strings.EqualFold(rest[3:10], "modules") && endOfComponent(rest, 10) {
			return ErrSymlinkGitmodules
		}
	case '.':
		if endOfComponent(rest, 1) {
			return ErrMalformed // ".."
		}
	}
	return nil
}

// endOfComponent reports whether s ends at i or has a slash there.
func endOfComponent(s string, i int) bool { return i >= len(s) || s[i] == '/' }

// lower is ASCII tolower.
func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// at returns s[i], or 0 past the end (as reading a C string would).
func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// IsNTFSDotGit is git's is_ntfs_dotgit: name starts with ".git" or
// "git~1" (any case) followed by dots and spaces only, up to the end, a
// slash, a backslash or a colon (an NTFS stream, "::$INDEX_ALLOCATION").
func IsNTFSDotGit(name string) bool {
	var i int
	switch {
	case at(name, 0) == '.' && lower(at(name, 1)) == 'g' && lower(at(name, 2)) == 'i' && lower(at(name, 3)) == 't':
		i = 4
	case lower(at(name, 0)) == 'g' && lower(at(name, 1)) == 'i' && lower(at(name, 2)) == 't' && at(name, 3) == '~' && at(name, 4) == '1':
		i = 5
	default:
		return false
	}
	for ; ; i++ {
		switch c := at(name, i); c {
		case 0, '/', '\\', ':':
			return true
		case '.', ' ':
		default:
			return false
		}
	}
}

// IsNTFSDotGitmodules is git's is_ntfs_dotgitmodules: ".gitmodules", its
// short names "gitmod~1".."gitmod~4", or the fallback short names
// "gi7eba~N", followed by dots and spaces only up to the end or a colon.
func IsNTFSDotGitmodules(name string) bool {
	return isNTFSDotGeneric(name, "gitmodules", "gi7eba")
}

// isNTFSDotGeneric is git's is_ntfs_dot_generic.
func isNTFSDotGeneric(name, dotgit, short string) bool {
	n := len(dotgit)
	if at(name, 0) == '.' && len(name) >= n+1 && strings.EqualFold(name[1:n+1], dotgit) {
		return onlySpacesAndPeriods(name, n+1)
	}
	if len(name) >= 8 && strings.EqualFold(name[:6], dotgit[:6]) && name[6] == '~' && name[7] >= '1' && name[7] <= '4' {
		return onlySpacesAndPeriods(name, 8)
	}
	return isFallbackShortName(name, short)
}

// isFallbackShortName is the last part of is_ntfs_dot_generic: an 8.3
// fallback short name, at most six characters of short, "~" and a digit
// 1-9, then digits, over the first eight bytes.
func isFallbackShortName(name, short string) bool {
	sawTilde := false
	for i := 0; i < 8; i++ {
		c := at(name, i)
		switch {
		case c == 0:
			return false
		case sawTilde:
			if c < '0' || c > '9' {
				return false
			}
		case c == '~':
			i++
			if d := at(name, i); d < '1' || d > '9' {
				return false
			}
			sawTilde = true
		case i >= 6, c&0x80 != 0, lower(c) != short[i]:
			return false
		}
	}
	return onlySpacesAndPeriods(name, 8)
}

// onlySpacesAndPeriods reports whether name holds only spaces and dots from
// i up to its end or a colon.
func onlySpacesAndPeriods(name string, i int) bool {
	for ; ; i++ {
		switch at(name, i) {
		case 0, ':':
			return true
		case ' ', '.':
		default:
			return false
		}
	}
}

// IsHFSDotGit is git's is_hfs_dotgit: name starts with ".git" (any case)
// up to the end or a slash, once the code points HFS+ ignores are dropped.
func IsHFSDotGit(name string) bool { return isHFSDot(name, "git") }

// IsHFSDotGitmodules is git's is_hfs_dotgitmodules.
func IsHFSDotGitmodules(name string) bool { return isHFSDot(name, "gitmodules") }

// isHFSDot is git's is_hfs_dot_generic.
func isHFSDot(path, needle string) bool {
	c, path := nextHFSChar(path)
	if c != '.' {
		return false
	}
	for i := 0; i < len(needle); i++ {
		c, path = nextHFSChar(path)
		if c > 127 || rune(lower(byte(c))) != rune(needle[i]) {
			return false
		}
	}
	c, _ = nextHFSChar(path)
	return c == 0 || c == '/'
}

// nextHFSChar is git's next_hfs_char: the next code point of s that HFS+
// does not ignore, and the rest of s; 0 at the end or at malformed UTF-8
// (which makes the rest empty).
func nextHFSChar(s string) (rune, string) {
	for {
		c, n := pickUTF8(s)
		if n == 0 {
			return 0, ""
		}
		s = s[n:]
		if !hfsIgnorable(c) {
			return c, s
		}
	}
}

// hfsIgnorable reports the code points HFS+ drops when comparing names.
func hfsIgnorable(c rune) bool {
	return c >= 0x200c && c <= 0x200f || c >= 0x202a && c <= 0x202e ||
		c >= 0x206a && c <= 0x206f || c == 0xfeff
}

// pickUTF8 is git's pick_one_utf8_char: the code point at the start of s
// and its length, or length 0 at the end of s and for what git deems
// malformed (overlong forms, surrogates, U+FFFE, U+FFFF, beyond U+10FFFF,
// a truncated sequence).
func pickUTF8(s string) (rune, int) {
	b0, b1, b2, b3 := at(s, 0), at(s, 1), at(s, 2), at(s, 3)
	cont := func(b byte) bool { return b&0xc0 == 0x80 }
	switch {
	case s == "":
		return 0, 0
	case b0 < 0x80:
		return rune(b0), 1
	case b0&0xe0 == 0xc0:
		if !cont(b1) || b0&0xfe == 0xc0 {
			return 0, 0
		}
		return rune(b0&0x1f)<<6 | rune(b1&0x3f), 2
	case b0&0xf0 == 0xe0:
		if !cont(b1) || !cont(b2) || b0 == 0xe0 && b1&0xe0 == 0x80 ||
			b0 == 0xed && b1&0xe0 == 0xa0 || b0 == 0xef && b1 == 0xbf && b2&0xfe == 0xbe {
			return 0, 0
		}
		return rune(b0&0x0f)<<12 | rune(b1&0x3f)<<6 | rune(b2&0x3f), 3
	case b0&0xf8 == 0xf0:
		if !cont(b1) || !cont(b2) || !cont(b3) || b0 == 0xf0 && b1&0xf0 == 0x80 || b0 == 0xf4 && b1 > 0x8f || b0 > 0xf4 {
			return 0, 0
		}
		return rune(b0&0x07)<<18 | rune(b1&0x3f)<<12 | rune(b2&0x3f)<<6 | rune(b3&0x3f), 4
	}
	return 0, 0
}
