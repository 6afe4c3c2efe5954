package history

import (
	"io/fs"
	"path/filepath"
)

// swaps checks the folders the undo would replace by a file: a session
// that made the file d into the folder d/ (deleting d, then creating
// d/e, in separate batches) is undone by deleting d/e and bringing d
// back, in one batch, as git revert of both commits does (the batch
// writer deletes first, and a folder the deletions empty makes way). A
// folder that holds anything else in the working tree (someone else's
// file, or one the undo keeps) stays in the way: is_directory, as
// before, and nothing changes.
func (m *merger) swaps() error {
	for _, rel := range m.order {
		f := m.files[rel]
		if f.folder == nil || !f.now.exists || f.now.same(f.orig) {
			continue
		}
		if !m.emptied(rel) {
			return f.folder
		}
	}
	return nil
}

// emptied reports whether every file in the working-tree folder dir is
// one the undo deletes.
func (m *merger) emptied(dir string) bool {
	all := true
	err := filepath.WalkDir(m.r.Abs(dir), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(m.r.WorkTree(), p)
		if err != nil {
			return err
		}
		f, ok := m.files[filepath.ToSlash(rel)]
		if !ok || f.now.exists {
			all = false
			return filepath.SkipAll
		}
		return nil
	})
	return err == nil && all
}
