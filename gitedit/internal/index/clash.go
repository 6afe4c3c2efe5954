package index

import (
	"sort"
	"strings"
)

// Clashes lists the entries that cannot stay beside a file named name: an
// entry for a parent folder of name ("a" for "a/b") and every entry under
// name as a folder ("a/b/c" for "a/b"). Git removes them when it adds name
// (check_file_directory_conflict); so must a caller before Add.
func (ix *Index) Clashes(name string) []string {
	var out []string
	for dir := parentDir(name); dir != ""; dir = parentDir(dir) {
		if _, ok := ix.search(dir, 0); ok || ix.Conflicted(dir) {
			out = append(out, dir)
		}
	}
	prefix := name + "/"
	i := sort.Search(ix.Len(), func(i int) bool { return ix.nameAt(i) >= prefix })
	for ; i < ix.Len() && strings.HasPrefix(ix.nameAt(i), prefix); i++ {
		if n := len(out); n == 0 || out[n-1] != ix.nameAt(i) {
			out = append(out, ix.nameAt(i))
		}
	}
	return out
}

// parentDir returns the folder part of a slash path ("" at the top).
func parentDir(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i]
	}
	return ""
}
