package history

import (
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// merger takes back ledger entries, newest first, from the files'
// current content, in memory: each file's state after the entries taken
// back so far, in git form. plan then writes the end states into the
// transaction.
type merger struct {
	r     *repo.Repo
	t     *batch.Txn
	h     *history
	files map[string]*mergedFile
	order []string
	// conflicts describes each conflicting file; first is the first one.
	conflicts []string
	first     string
}

// mergedFile is one file's state: as found (orig) and now. folder is
// the is_directory error of a path found to be a folder (orig then
// says no file): see swaps.
type mergedFile struct {
	orig, now treeSide
	text      string
	folder    error
}

// newMerger starts taking back entries in t.
func newMerger(r *repo.Repo, t *batch.Txn, h *history) *merger {
	return &merger{r: r, t: t, h: h, files: map[string]*mergedFile{}}
}

// takeBack takes back entry e's changes (git diff --raw E^ E) from the
// files' states.
func (m *merger) takeBack(l *ledger.Store, e *ledger.Entry) error {
	changes, err := l.Files(e)
	if err != nil {
		return err
	}
	for _, c := range changes {
		if err := m.takeBackFile(c); err != nil {
			return err
		}
	}
	return nil
}

// takeBackFile takes back one file's change: the before side where the
// file still holds the after side, else a three-way merge.
func (m *merger) takeBackFile(c ledger.Change) error {
	f, err := m.file(c.Path)
	if err != nil {
		return err
	}
	s := revertSide{rel: c.Path, theirs: sideOfLedger(c.Before), base: sideOfLedger(c.After), ours: f.now}
	switch {
	case s.ours.same(s.theirs):
		return nil
	case s.ours.same(s.base):
		return m.set(f, s.theirs)
	}
	merged, mode, msg, err := mergeRevert(s, func() ([]string, error) {
		tx, err := m.h.blobTexts(s.base.hash, s.theirs.hash)
		if err != nil {
			return nil, err
		}
		return []string{tx[0], f.text, tx[1]}, nil
	})
	if err != nil || msg != "" {
		m.addConflict(c.Path, msg)
		return err
	}
	f.text = merged
	f.now = treeSide{exists: true, hash: hashOf([]byte(merged)), mode: mode}
	return nil
}

// set makes a file's state side, reading its content.
func (m *merger) set(f *mergedFile, side treeSide) error {
	f.now, f.text = side, ""
	if !side.exists {
		return nil
	}
	tx, err := m.h.blobTexts(side.hash)
	if err == nil {
		f.text = tx[0]
	}
	return err
}

// addConflict records a conflicting file ("" for none).
func (m *merger) addConflict(rel, msg string) {
	if msg == "" {
		return
	}
	if m.first == "" {
		m.first = rel
	}
	m.conflicts = append(m.conflicts, msg)
}

// conflict returns the conflict error, if any file conflicted.
func (m *merger) conflict(what string) error {
	if len(m.conflicts) == 0 {
		return nil
	}
	return &spec.Error{Code: spec.CodeConflict, FilePath: m.first,
		Message: what + ": later changes touch the same lines:\n" + strings.Join(m.conflicts, "\n")}
}

// file returns rel's state, reading the working-tree file (as git would
// store it) the first time.
func (m *merger) file(rel string) (*mergedFile, error) {
	if f, ok := m.files[rel]; ok {
		return f, nil
	}
	prev := m.t.AllowBinary
	m.t.AllowBinary = true
	f := &mergedFile{}
	st, err := m.t.ReadRelEntry(rel)
	if spec.CodeOf(err) == spec.CodeIsDirectory { // no file, for the transaction too (see swaps)
		f.folder, m.t.FolderIsGone = err, true
		st, err = m.t.ReadRelEntry(rel)
		m.t.FolderIsGone = false
	}
	m.t.AllowBinary = prev
	if err != nil {
		return nil, err
	}
	if st.Exists {
		content := st.Content
		if !st.IsLink() {
			if content, err = m.r.ToGitForIndex(rel, st.Content, m.indexBlob(rel)); err != nil {
				return nil, err
			}
		}
		f.orig = treeSide{exists: true, hash: hashOf(content), mode: repo.EntryMode(st)}
		f.text = string(content)
	}
	f.now = f.orig
	m.files[rel] = f
	m.order = append(m.order, rel)
	return f, nil
}

// plan writes each file's end state into the transaction and returns the
// files that changed, in the order they were first met.
func (m *merger) plan() ([]string, error) {
	var changed []string
	for _, rel := range m.order {
		f := m.files[rel]
		if f.now.same(f.orig) {
			continue
		}
		changed = append(changed, rel)
		if !f.now.exists { // its content is the after side of an entry
			m.t.RemoveKept(rel)
			continue
		}
		if err := writeReverted(m.r, m.t, rel, []byte(f.text), f.now.mode); err != nil {
			return nil, err
		}
	}
	return changed, nil
}

// sideOfLedger is a ledger side as a tree side.
func sideOfLedger(s ledger.Side) treeSide {
	return treeSide{exists: s.Exists(), hash: s.Hash, mode: filemode.FileMode(s.Mode)}
}

// indexBlob is rel's index blob (zero when it has no entry).
func (m *merger) indexBlob(rel string) plumbing.Hash {
	if e := m.t.Idx.Entry(rel); e != nil {
		return e.Hash
	}
	return plumbing.ZeroHash
}
