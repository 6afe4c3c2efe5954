package refs

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
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
	f, err := wtfs.OpenFile(filepath.Join(s.CommonDir, "packed-refs"), os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read packed-refs: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if len(line) < 42 || line[0] == '#' || line[0] == '^' {
			continue
		}
		if name := line[41:]; strings.HasPrefix(ref, name+"/") || strings.HasPrefix(name, ref+"/") {
			return conflictError(name, ref)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read packed-refs: %w", err)
	}
	return nil
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
