package index

import (
	"sort"
	"strings"
)

// FoldCase returns name spelled as the index already spells it, as git's
// add_to_index does under core.ignorecase: each folder of name takes the
// spelling of a folder of the index that differs from it only in ASCII
// case (adjust_dirname_case), then the whole name that of an entry that
// differs only in case (index_file_exists with icase, create_alias_ce:
// the entry is added under the existing name). A name the index has no
// such folder or entry for is returned as it is. It costs a binary
// search when name is in the index, else one per child of each folder
// on the way (no map of the whole index is built).
func (ix *Index) FoldCase(name string) string {
	if ix.hasPrefix(name, true) {
		return name
	}
	dir := "" // the folded folder so far, with its trailing slash
	rest := name
	for {
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			break
		}
		part := rest[:i]
		if !ix.hasPrefix(dir+part+"/", false) {
			if found, ok := ix.childFold(dir, part, true); ok {
				part = found
			}
		}
		dir, rest = dir+part+"/", rest[i+1:]
	}
	if ix.hasPrefix(dir+rest, true) {
		return dir + rest
	}
	if found, ok := ix.childFold(dir, rest, false); ok {
		return dir + found
	}
	return dir + rest
}

// hasPrefix reports whether an entry is named p (exact) or starts with p.
func (ix *Index) hasPrefix(p string, exact bool) bool {
	i := ix.lowerBound(p)
	if i >= ix.Len() {
		return false
	}
	if exact {
		return ix.nameAt(i) == p
	}
	return strings.HasPrefix(ix.nameAt(i), p)
}

// lowerBound is the position of the first entry whose name is >= p.
func (ix *Index) lowerBound(p string) int {
	return sort.Search(ix.Len(), func(i int) bool { return ix.nameAt(i) >= p })
}

// childFold looks among the children of the folder dir ("" or "a/b/")
// for a folder (asDir) or an entry whose name equals part in ASCII case
// only; the first in index order wins. Each child folder is skipped in
// one binary search.
func (ix *Index) childFold(dir, part string, asDir bool) (string, bool) {
	i := ix.lowerBound(dir)
	for i < ix.Len() && strings.HasPrefix(ix.nameAt(i), dir) {
		child := ix.nameAt(i)[len(dir):]
		j := strings.IndexByte(child, '/')
		isDir := j >= 0
		if isDir {
			child = child[:j]
		}
		if isDir == asDir && asciiEqualFold(child, part) {
			return child, true
		}
		if !isDir {
			i++
			continue
		}
		i = ix.lowerBound(dir + child + "0") // '0' follows '/': past the folder
	}
	return "", false
}

// asciiEqualFold compares ASCII letters case-insensitively and every
// other byte exactly, as git's case-insensitive name hash does.
func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
