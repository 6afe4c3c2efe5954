package batch

import (
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/engine/diff"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A land (gitedit session land) commits files as they already are: the
// plan reads each file to land and leaves it unchanged, and Run, given
// WithLand in commit mode, makes the commit of HEAD's tree with those
// files set to their current content. Each file is also staged as it is
// (so the index matches the commit), none is written. The commit's
// per-file trailers, the result's files and its diff compare with HEAD;
// a file HEAD already holds as it is (a batch committed already) is left
// out, and with none left the land changes nothing. The dirty policy is
// the caller's (the files differ from HEAD by design).

// WithLand makes Run land the paths its plan read (see above).
func WithLand() Option { return func(c *config) { c.land = true } }

// landOnHead is the commit-mode check of a land: it keeps the changes
// HEAD does not already hold and describes them against HEAD.
func (w *batchWriter) landOnHead(each *Each) error {
	if err := w.readHeadTree(); err != nil {
		return err
	}
	if err := w.checkEach(each); err != nil {
		return err
	}
	kept := w.changes[:0]
	for _, c := range w.changes {
		h, mode, in := w.headTree.File(c.after.Rel)
		if in == c.after.Exists && (!in || h == c.blobAfter && mode == c.modeAfter) {
			continue
		}
		kept = append(kept, c)
	}
	w.changes = kept
	w.out.Files, w.out.Changed = fileResults(kept), len(kept) > 0
	w.meta.Count = len(kept) // Edit-Count: the files the land commits
	var d strings.Builder
	for i, c := range kept {
		h, _, in := w.headTree.File(c.after.Rel)
		w.out.Files[i].BlobBefore, w.out.Files[i].Created = blobString(h), !in
		w.out.Files[i].Deleted = in && !c.after.Exists
		if err := w.landDiff(&d, c.after.Rel, h, in, c.gitAfter, c.after.Exists); err != nil {
			return err
		}
	}
	w.out.Diff = d.String()
	return nil
}

// landDiff writes one landed file's diff from HEAD's blob h (in: HEAD
// has the file) to its git-form content after (exists: it has one).
func (w *batchWriter) landDiff(d *strings.Builder, rel string, h plumbing.Hash, in bool, after []byte, exists bool) error {
	oldPath, newPath, old := rel, rel, []byte(nil)
	if in {
		var err error
		if old, err = w.db.Read(plumbing.BlobObject, h); err != nil {
			return spec.IOError("read blob "+h.String(), err)
		}
	} else {
		oldPath = ""
	}
	if !exists {
		newPath = ""
	}
	d.WriteString(diff.UnifiedDiff(oldPath, newPath, string(old), string(after)))
	return nil
}

// worktreeChanges are the changes whose working-tree file changes (a
// land's files stay as they are).
func (w *batchWriter) worktreeChanges() []*change {
	out := make([]*change, 0, len(w.changes))
	for _, c := range w.changes {
		if !c.before.Same(c.after) {
			out = append(out, c)
		}
	}
	return out
}
