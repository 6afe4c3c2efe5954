package batch

import (
	"os"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// prepareIndex updates the index entries of the touched paths, with the
// stat data of the files just written, and writes and fsyncs the new index
// into index.lock (without --no-stage).
func (w *batchWriter) prepareIndex(lock *lockfile.File) error {
	if w.opt.NoStage {
		return nil
	}
	for _, c := range w.changes {
		if err := w.stageOne(c); err != nil {
			return err
		}
	}
	if w.built != nil {
		// The index now holds exactly the new commit's tree, whose folders
		// along the changed paths were encoded from it: the cache-tree
		// stays valid, as after git commit, and the next batch skips
		// reading trees too.
		w.Idx.Revalidate(w.built)
	}
	w.smudgeRacy(lock.Path())
	if err := w.splitIndex(); err != nil {
		return spec.IOError("write shared index", err)
	}
	if err := w.Idx.EncodeTo(lock); err != nil {
		return spec.IOError("write index", err)
	}
	return wrapIO("write index", lock.Sync())
}

// commitIndex renames index.lock over the index (without --no-stage).
func (w *batchWriter) commitIndex(lock *lockfile.File) error {
	if w.opt.NoStage {
		return nil
	}
	if err := lock.Commit(); err != nil {
		return spec.IOError("commit index", err)
	}
	w.out.Staged = true
	return nil
}

// stageOne updates the index entry of one change, removing the entries a
// new file displaces (a file where its folder was, or the reverse), as git
// add does.
func (w *batchWriter) stageOne(c *change) error {
	rel := c.after.Rel
	if !c.after.Exists {
		w.Idx.Remove(rel)
		return nil
	}
	for _, clash := range w.Idx.Clashes(rel) {
		w.Idx.Remove(clash)
	}
	fi, err := w.root.Lstat(rel)
	if err != nil {
		return spec.IOError("stat "+rel, err)
	}
	e := &index.Entry{Name: rel, Hash: c.blobAfter}
	e.SetStat(fi)
	e.Mode = uint32(c.modeAfter)
	w.Idx.Add(e)
	return nil
}

// smudgeRacy does what git does when it writes the index: an entry whose
// file was modified no earlier than the index it was read from ("racily
// clean": its stat data cannot prove the file unchanged) and whose content
// now differs from its blob gets size 0, so that git looks at the file
// again instead of trusting stat data that a newer index would make look
// clean. The entries the batch staged are left alone: their content is
// their blob. lockPath is the index.lock this batch created: its stat
// data, taken before any file is read, dates the reads (see
// repo.CheckedFiles).
func (w *batchWriter) smudgeRacy(lockPath string) {
	if w.indexTime.IsZero() {
		return
	}
	touched := map[string]bool{}
	for _, c := range w.changes {
		touched[c.after.Rel] = true
	}
	var ref *index.Entry
	// ModifiedSince decodes only the candidates: the time rules out nearly
	// every entry of a large index.
	for _, e := range w.Idx.ModifiedSince(w.indexTime.Unix()) {
		if !touched[e.Name] {
			if ref == nil {
				ref = referenceStat(lockPath)
			}
			if racilyChanged(w.r, w.root, e, *ref) {
				smudged := *e
				smudged.Size = 0
				w.Idx.Add(&smudged)
			}
		}
	}
}

// referenceStat returns the stat data of the lock file at path (empty,
// which dates nothing, when it cannot be read).
func referenceStat(path string) *index.Entry {
	fi, err := os.Stat(path)
	if err != nil {
		return &index.Entry{}
	}
	st := repo.StatOf(fi)
	return &st
}

// racilyChanged reports whether the regular file of a racily clean entry
// now has content other than the entry's blob, while its size and
// modification second still match. As in git's
// ce_smudge_racily_clean_entry, a file whose stat data already differs is
// not read: git's stat check sees it changed anyway (size and mtime
// seconds are the fields git compares whatever core.checkStat,
// core.trustctime and its build's USE_NSEC say). A file whose stat data
// is the one recorded by an earlier batch's read is not read again
// (repo.CheckedFiles); ref dates this batch's reads. A file that cannot
// be read, or whose attributes ask for a conversion gitedit does not
// apply (filter, working-tree-encoding, ident: checked before the record,
// which such attributes set since make stale), counts as changed, as in
// git's ce_compare_data: smudging a clean entry only makes git look again,
// leaving it clean would hide the change from git. The file is looked up
// through root (the batch's open working tree, nil for none), which
// stats it in its folder's descriptor, kept open from the file writes,
// instead of walking the whole path again; where that fails (a symbolic
// link on the way, which root does not follow) the path is statted as git
// does, following it.
func racilyChanged(r *repo.Repo, root *wtfs.Root, e *index.Entry, ref index.Entry) bool {
	abs := r.Abs(e.Name)
	fi, err := lstatIn(root, e.Name, abs)
	if err != nil || !fi.Mode().IsRegular() || uint32(fi.Size()) != e.Size || uint32(fi.ModTime().Unix()) != e.MtimeSec {
		return false
	}
	if r.CheckConvertible(e.Name) != nil {
		return true
	}
	st := repo.StatOf(fi)
	if blob, ok := r.Checked().Lookup(e.Name, st); ok {
		return blob != e.Hash
	}
	content, err := wtfs.ReadRegular(abs, fi.Size())
	if err != nil {
		return true
	}
	blob, err := r.ToGitForIndex(e.Name, content, e.Hash)
	if err != nil {
		return true
	}
	id := objects.HashBlob(blob)
	r.Checked().Store(e.Name, st, ref, content, id)
	return id != e.Hash
}

// lstatIn returns the lstat of the working-tree file rel (abs is its
// path) through root, or os.Lstat(abs) when root is nil or fails.
func lstatIn(root *wtfs.Root, rel, abs string) (os.FileInfo, error) {
	if root != nil {
		if fi, err := root.Lstat(rel); err == nil {
			return fi, nil
		}
	}
	return os.Lstat(abs)
}
