package history

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
// one the undo deletes, and no folder in it is empty (see
// repo.Repo.Emptied).
func (m *merger) emptied(dir string) bool {
	return m.r.Emptied(dir, func(rel string) bool {
		f, ok := m.files[rel]
		return ok && !f.now.exists
	})
}
