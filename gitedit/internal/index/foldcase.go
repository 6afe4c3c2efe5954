package index

import "strings"

// foldMaps are the index's folder and entry names keyed by their ASCII
// lower case (git's name-hash under core.ignorecase), built on first use
// and dropped by Add and Remove.
type foldMaps struct {
	dirs, names map[string]string
}

// FoldCase returns name spelled as the index already spells it, as git's
// add_to_index does under core.ignorecase: each folder of name takes the
// spelling of a folder of the index that differs from it only in ASCII
// case (adjust_dirname_case), then the whole name that of an entry that
// differs only in case (index_file_exists with icase, create_alias_ce:
// the entry is added under the existing name). A name the index has no
// such folder or entry for is returned as it is.
func (ix *Index) FoldCase(name string) string {
	if ix.fold == nil {
		ix.fold = ix.buildFold()
	}
	lower := asciiLower(name)
	out := []byte(name)
	for i := strings.IndexByte(name, '/'); i >= 0; i = nextSlash(name, i) {
		if dir, ok := ix.fold.dirs[lower[:i]]; ok {
			copy(out, dir)
		}
	}
	if entry, ok := ix.fold.names[lower]; ok {
		return entry
	}
	return string(out)
}

// buildFold indexes every folder and entry name by its lower case; the
// first spelling in index order wins.
func (ix *Index) buildFold() *foldMaps {
	f := &foldMaps{dirs: map[string]string{}, names: map[string]string{}}
	for _, e := range ix.Entries {
		lower := asciiLower(e.Name)
		if _, ok := f.names[lower]; !ok {
			f.names[lower] = e.Name
		}
		for i := strings.IndexByte(e.Name, '/'); i >= 0; i = nextSlash(e.Name, i) {
			if _, ok := f.dirs[lower[:i]]; !ok {
				f.dirs[lower[:i]] = e.Name[:i]
			}
		}
	}
	return f
}

// asciiLower lowers ASCII letters only, as git's case-insensitive name
// hash and comparisons do.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
