package batch

import (
	"bytes"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/journal"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// A batch killed while it places its files, or after, before its point of
// no return, would leave new files beside the old index and no ledger
// entry. So the journal of its temporary folders (package journal) also holds,
// written before the first file is placed, the batch's rollback record:
// for each changed path its working-tree state before and after (absent,
// or the kind, permissions and blob id of its exact working-tree bytes)
// and its index entry before and after; the old bytes are kept by then:
// a clean file's are its staged blob, in the object database already, a
// dirty file's are written, uncompressed, into the journal's side file
// (see journal.OldBytesPath), its place recorded. Just before the ref
// move that is its point of no return (the ledger in staging mode, the
// branch in commit mode) the batch appends that ref and the id it moves
// to. The next
// writer of the index (recoverFiles, with index.lock held, so the
// journal's writer is dead) decides from git alone whether the batch
// completed (see decide) and, when it did not, puts back each file that
// still holds exactly the batch's new state; a file holding anything else
// was changed since, and is left, with a note.

// rawID is the blob id of st's exact working-tree bytes, given git's form
// of them (gitForm) and its id.
func rawID(st *repo.FileState, gitForm []byte, gitID plumbing.Hash) plumbing.Hash {
	if st.IsLink() || bytes.Equal(gitForm, st.Content) {
		return gitID
	}
	return objects.HashBlob(st.Content)
}

// sideOf is the working-tree side of st (id its rawID).
func sideOf(st *repo.FileState, id plumbing.Hash, before bool) journal.Side {
	if !st.Exists {
		return journal.Side{}
	}
	if st.IsLink() {
		return journal.Side{Exists: true, Link: true, Perm: 0o777, ID: id}
	}
	perm := st.Perm
	if !before || perm == 0 {
		perm, _ = filePerm(st) // what writeTempOf gives the new file
	}
	return journal.Side{Exists: true, Perm: perm.Perm(), ID: id}
}

// undoRecord builds the batch's rollback record from its changes and its
// index as read, and the side file's content: the old bytes of the files
// whose staged blob does not hold them (see journal.OldBytesPath).
func (w *batchWriter) undoRecord(changes []*change) (string, []byte) {
	var b strings.Builder
	var side []byte
	if w.opt.NoStage {
		b.WriteString(journal.ItemNoStage + "\x00")
	}
	for _, c := range changes {
		e := journal.Entry{Rel: c.after.Rel}
		ie := w.Idx.Entry(c.after.Rel)
		if ie != nil {
			e.IdxBefore = journal.IndexSide{Exists: true, Mode: ie.Mode, ID: ie.Hash}
		}
		if c.before.Exists {
			id := rawID(c.before, c.gitBefore, c.blobBefore)
			e.WTBefore = sideOf(c.before, id, true)
			if ie == nil || ie.Hash != id || id == emptyBlob { // else the staged blob holds the bytes
				e.WTBefore.InSide, e.WTBefore.Off, e.WTBefore.N = true, int64(len(side)), int64(len(c.before.Content))
				side = append(side, c.before.Content...)
			}
		}
		if c.after.Exists {
			e.WTAfter = sideOf(c.after, rawID(c.after, c.gitAfter, c.blobAfter), false)
			e.IdxAfter = journal.IndexSide{Exists: true, Mode: uint32(c.modeAfter), ID: c.blobAfter}
		}
		b.WriteString(e.Encode())
	}
	b.WriteString(journal.End(b.String()) + "\x00")
	return b.String(), side
}

// emptyBlob is the empty blob's id: an intent-to-add entry names it
// without the object database holding it.
var emptyBlob = objects.HashBlob(nil)

// indexTag names r's index in its journal's and temporary files' names
// (journal.IndexTag).
func indexTag(r *repo.Repo) string { return journal.IndexTag(r.IndexFile(), r.GitDir()) }

// tempJournalPath is the journal of r's index's batches (journal.PathOf).
func tempJournalPath(r *repo.Repo) string { return journal.PathOf(r.IndexFile(), r.GitDir()) }

// tempPrefixOf is the prefix of the temporary files of r's index's
// writers (journal.TempPrefixOf).
func tempPrefixOf(r *repo.Repo) string { return journal.TempPrefixOf(r.IndexFile(), r.GitDir()) }
