package refs

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// ErrNameConflict is wrapped when a new ref's name conflicts with an
// existing ref: one of its folders is a ref, or refs lie below it (git:
// "'refs/x' exists; cannot create 'refs/x/y'").
var ErrNameConflict = errors.New("the ref name conflicts with an existing ref")

// checkAvailable refuses to create ref when another ref, loose or packed,
// is one of its folders or lies below it, as git's
// refs_verify_refname_available does. (A loose ref in a folder's place
// already fails the lock; a loose folder in the ref's place, or a packed
// ref either way, would not.) It runs only when the ref is created.
func (s *Store) checkAvailable(ref string) error {
	if other := s.looseBelow(ref); other != "" {
		return conflictError(other, ref)
	}
	other := ""
	err := s.eachPacked(func(line []byte) bool {
		name := packedName(line)
		if name != "" && (strings.HasPrefix(ref, name+"/") || strings.HasPrefix(name, ref+"/")) {
			other = name
		}
		return other != ""
	})
	if err == nil && other != "" {
		err = conflictError(other, ref)
	}
	return err
}

// looseBelow returns a loose ref below ref's own path ("" for none): a
// folder there with refs in it keeps ref from being created.
func (s *Store) looseBelow(ref string) string {
	found := ""
	root := s.refPath(ref)
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || found != "" {
			return filepath.SkipAll
		}
		if !d.IsDir() && !strings.HasSuffix(p, ".lock") {
			if rel, err := filepath.Rel(root, p); err == nil {
				found = ref + "/" + filepath.ToSlash(rel)
			}
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// conflictError is git's message for a ref that cannot be created.
func conflictError(other, ref string) error {
	return fmt.Errorf("'%s' exists; cannot create '%s': %w", other, ref, ErrNameConflict)
}
