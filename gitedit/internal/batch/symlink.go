package batch

import (
	"fmt"
	"io/fs"
	"os"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A symbolic link is an entry of its own to git: its blob is the link's
// target text, its mode 120000, and git rm and git mv act on the link,
// never on what it points to. A patch's deletion or move of a link (a git
// diff's, or an envelope's *** Delete File and *** Move to) does the same;
// an edit through a link still edits its target (see resolvePath).

// ModeSymlink is the repo.FileState mode of a symbolic link.
const ModeSymlink = os.ModeSymlink

// ReadEntry returns the state of the entry p names (see resolveEntry): a
// symbolic link as a link (its target text as content), anything else as
// readAny reads it (from the path resolveEntry resolved, not resolved
// again).
func (t *Txn) ReadEntry(p string) (*repo.FileState, error) {
	if err := t.r.CheckBeyondLink(p); err != nil {
		return nil, err
	}
	rel, link, err := t.r.ResolveEntry(p)
	if err == nil {
		err = repo.CheckFileName(p)
	}
	if folded, ok := t.foldCase(rel); ok && err == nil {
		rel, link, err = t.r.ResolveEntry(t.r.Abs(folded))
	}
	if err != nil {
		return nil, err
	}
	if !link {
		return t.readAnyRel(rel)
	}
	return t.readLinkRel(rel)
}

// ReadRelEntry is readRel for a repository-relative path that may be a
// symbolic link, read as the link (undo restores entries, not targets).
func (t *Txn) ReadRelEntry(rel string) (*repo.FileState, error) {
	if _, ok := t.cur[rel]; !ok {
		if fi, err := os.Lstat(t.r.Abs(rel)); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return t.readLinkRel(rel)
		}
	}
	return t.ReadRel(rel)
}

// readLinkRel reads the symbolic link rel: its target text as content.
func (t *Txn) readLinkRel(rel string) (*repo.FileState, error) {
	if st, ok := t.cur[rel]; ok {
		return st.Clone(), nil
	}
	if err := t.checkReadable(rel); err != nil {
		return nil, err
	}
	target, err := os.Readlink(t.r.Abs(rel))
	if err != nil {
		return nil, &spec.Error{Code: spec.CodeIOError, FilePath: rel, Message: fmt.Sprintf("readlink: %v", err), Err: err}
	}
	st := &repo.FileState{Rel: rel, Exists: true, Content: []byte(target), Mode: ModeSymlink}
	t.orig[rel], t.cur[rel] = st, st.Clone()
	t.order = append(t.order, rel)
	return st.Clone(), nil
}

// checkLinkPrefixes refuses a batch that would leave a symbolic link at a
// folder of another path it writes: the file would be written through the
// link (git apply refuses paths beyond a symbolic link too).
func (t *Txn) checkLinkPrefixes() error {
	if !t.plansLink() {
		return nil
	}
	for _, rel := range t.order {
		st := t.cur[rel]
		if !st.Exists {
			continue
		}
		for dir := repo.ParentOf(rel); dir != ""; dir = repo.ParentOf(dir) {
			if l, ok := t.cur[dir]; ok && l.IsLink() {
				return &spec.Error{Code: spec.CodeUnsupported, FilePath: rel, Message: fmt.Sprintf("the batch writes %s beyond the symbolic link %s", quote.QuotePath(rel), quote.QuotePath(dir))}
			}
		}
	}
	return nil
}

// plansLink reports whether the batch leaves a symbolic link anywhere.
func (t *Txn) plansLink() bool {
	for _, st := range t.cur {
		if st.IsLink() {
			return true
		}
	}
	return false
}
