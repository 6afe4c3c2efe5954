package batch

import (
	"errors"
	"fmt"
	"os"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A patch can turn a file into a folder (delete a, create a/b) or a
// folder into a file (delete d/x and d/y, create d), in either order of
// its files: git apply accepts both, since it deletes every file before
// it creates any (write_out_results), and the batch writer does the same
// (placeFiles). So a path the batch creates may, while the batch is
// planned, still be a folder, or lie below a file or symbolic link: it
// reads as no file, and the thing in the way is noted (an obstacle).
// When the plan is complete, checkObstacles refuses the batch, with the
// error the read would have given, unless the batch deletes every file
// of the folder (nothing else, tracked or not, ignored or not, is in it)
// or deletes the file or link in the way.

// obstacle is what stood in the way of a path the batch creates.
type obstacle struct {
	// rel is the path created; blocker is the file or link at one of its
	// folders ("" when rel itself is a folder).
	rel, blocker string
	// err is the error reading rel gave.
	err error
}

// ReadEntryToCreate is ReadEntry for a path the batch means to create (a
// patch's new file, a rename's destination): a folder at the path, or a
// file or symbolic link at one of its folders, reads as no file, and the
// batch is refused when its plan is complete unless it deletes that
// folder's files or that file (see checkObstacles).
func (t *Txn) ReadEntryToCreate(p string) (*repo.FileState, error) {
	st, err := t.ReadEntry(p)
	return t.orObstacle(p, st, err)
}

// ReadToCreate is Read for a path the batch means to create (an
// envelope's added file), as ReadEntryToCreate.
func (t *Txn) ReadToCreate(p string) (*repo.FileState, error) {
	st, err := t.Read(p)
	return t.orObstacle(p, st, err)
}

// ReadRelEntryToCreate is ReadRelEntry for a path the batch means to
// create (an undo bringing back a file where a folder now is), as
// ReadEntryToCreate.
func (t *Txn) ReadRelEntryToCreate(rel string) (*repo.FileState, error) {
	st, err := t.ReadRelEntry(rel)
	return t.orObstacle(t.r.Abs(rel), st, err)
}

// orObstacle returns st, or, when err says that a folder is at p or a
// file or link is at one of its folders, p as no file, noting the
// obstacle.
func (t *Txn) orObstacle(p string, st *repo.FileState, err error) (*repo.FileState, error) {
	if err == nil {
		return st, nil
	}
	o := obstacle{err: err}
	var se *spec.Error
	switch {
	case errors.As(err, &se) && se.Code == spec.CodeIsDirectory && se.FilePath != "" && isFolder(t.r.Abs(se.FilePath)):
		o.rel = se.FilePath
	case spec.CodeOf(err) == spec.CodeInvalidInput || spec.CodeOf(err) == spec.CodeUnsupported:
		rel, blocker, ok := t.r.ResolveBelowFile(p)
		if !ok {
			return nil, err
		}
		o.rel, o.blocker = rel, blocker
	default:
		return nil, err
	}
	if cur, ok := t.cur[o.rel]; ok {
		return cur.Clone(), nil
	}
	if err := t.checkReadable(o.rel); err != nil {
		return nil, err
	}
	none := &repo.FileState{Rel: o.rel}
	t.orig[o.rel], t.cur[o.rel] = none, none.Clone()
	t.order = append(t.order, o.rel)
	t.obstacles = append(t.obstacles, o)
	return none.Clone(), nil
}

// isFolder reports whether abs is a folder (not a link to one).
func isFolder(abs string) bool {
	fi, err := os.Lstat(abs)
	return err == nil && fi.IsDir()
}

// checkObstacles refuses the batch when something still stands in the
// way of a path it creates: a folder with a file the batch does not
// delete, or a file or link at one of its folders that it does not
// delete (see ReadEntryToCreate). It also refuses a plan that leaves a
// file at a folder of another file it leaves, which no working tree can
// hold.
func (t *Txn) checkObstacles() error {
	for _, o := range t.obstacles {
		if !t.cur[o.rel].Exists {
			continue
		}
		if o.blocker != "" && !t.deletes(o.blocker) || o.blocker == "" && !t.empties(o.rel) {
			return o.err
		}
	}
	return t.checkNesting()
}

// deletes reports whether the batch deletes rel, which exists.
func (t *Txn) deletes(rel string) bool {
	st, ok := t.cur[rel]
	return ok && !st.Exists && t.orig[rel].Exists
}

// empties reports whether the batch deletes every file and link in the
// working-tree folder dir (see repo.Repo.Emptied).
func (t *Txn) empties(dir string) bool { return t.r.Emptied(dir, t.deletes) }

// checkNesting refuses a plan that creates a path below a file or link
// it leaves (new files a and a/b): no working tree can hold both, and
// writing them failed half-way (io_error, files put back), as git apply
// fails after it wrote a ("unable to write file 'a/b'"). file_exists,
// and nothing is written.
func (t *Txn) checkNesting() error {
	for _, rel := range t.order {
		if !t.cur[rel].Exists || t.orig[rel].Exists {
			continue
		}
		for dir := repo.ParentOf(rel); dir != ""; dir = repo.ParentOf(dir) {
			if st, ok := t.cur[dir]; ok && st.Exists {
				return &spec.Error{Code: spec.CodeFileExists, FilePath: rel, Message: fmt.Sprintf("the batch creates %s below %s, a file it keeps or creates", quote.QuotePath(rel), quote.QuotePath(dir))}
			}
		}
	}
	return nil
}
