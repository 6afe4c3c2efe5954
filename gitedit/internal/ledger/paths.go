package ledger

import (
	"strings"
	"unicode"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/engine/quote"
)

// The per-file trailers of a batch's message (commitmsg.Meta.Trailers).
const (
	trailerFile       = "Edit-File"
	trailerFiles      = "Edit-Files"
	trailerBlobBefore = "Edit-Blob-Before"
	trailerBlobAfter  = "Edit-Blob-After"
)

// Paths returns the paths entry e changed: those of Files(e), in no
// particular order. A batch entry's message names them (an Edit-File,
// Edit-Blob-Before and Edit-Blob-After trailer per file, and git diff
// --raw E^ E is exactly those files with those blobs), so they are read
// from its trailers, without reading a tree, whenever that is exact:
// every file is listed, with a path its trailer holds as written and a
// blob after that differs from its blob before. A land (whose files are
// unchanged), an entry listing its files as a count (Edit-Files), or
// anything else is diffed (Files).
func (s *Store) Paths(e *Entry) ([]string, error) {
	if paths, ok := trailerPaths(e); ok {
		return paths, nil
	}
	files, err := s.Files(e)
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	return paths, err
}

// trailerPaths reads the paths of a batch entry from its trailers; false
// when they may not be exactly those of its diff.
func trailerPaths(e *Entry) ([]string, bool) {
	if e.Kind != Batch || e.Tool == ToolLand {
		return nil, false
	}
	var files, before, after []string
	for _, t := range e.Trailers {
		switch t.Key {
		case trailerFile:
			files = append(files, t.Value)
		case trailerBlobBefore:
			before = append(before, t.Value)
		case trailerBlobAfter:
			after = append(after, t.Value)
		default:
			if perFileKey(t.Key) {
				return nil, false // Edit-Files, or a key spelt otherwise
			}
		}
	}
	if len(files) == 0 || len(before) != len(files) || len(after) != len(files) {
		return nil, false
	}
	paths := make([]string, len(files))
	seen := make(map[string]bool, len(files))
	for i, v := range files {
		p, ok := trailerPath(v)
		b, okB := blobOf(before[i], v)
		a, okA := blobOf(after[i], v)
		if !ok || !okB || !okA || a == b || seen[p] {
			return nil, false
		}
		paths[i], seen[p] = p, true
	}
	return paths, true
}

// perFileKey reports a trailer key that names a batch's files, in any
// spelling.
func perFileKey(key string) bool {
	for _, k := range []string{trailerFile, trailerFiles, trailerBlobBefore, trailerBlobAfter} {
		if strings.EqualFold(key, k) {
			return true
		}
	}
	return false
}

// trailerPath is the path an Edit-File value names (commitmsg.Path);
// false when the trailer may have changed it (a trailer folds white
// space) or it does not read back.
func trailerPath(v string) (string, bool) {
	if v == "" || strings.IndexFunc(v, unicode.IsSpace) >= 0 {
		return "", false
	}
	if v[0] != '"' {
		return v, true
	}
	raw, n, ok := quote.UnquoteC(v)
	return raw, ok && n == len(v) && raw != ""
}

// blobOf is the blob of an Edit-Blob-Before/After value "<path> <blob>"
// for the path written as path (the zero id for a missing side).
func blobOf(v, path string) (plumbing.Hash, bool) {
	h, ok := strings.CutPrefix(v, path+" ")
	if !ok || !plumbing.IsHash(h) {
		return plumbing.ZeroHash, false
	}
	return plumbing.NewHash(h), true
}
