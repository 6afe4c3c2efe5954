package batch

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// A batch killed while it places its files, or after, before its point of
// no return, would leave new files beside the old index and no ledger
// entry. So the journal of its temporary folders (journal.go) also holds,
// written before the first file is placed, the batch's rollback record:
// for each changed path its working-tree state before and after (absent,
// or the kind, permissions and blob id of its exact working-tree bytes)
// and its index entry before and after; the old bytes are in the object
// database by then (a clean file's blob is there already, a dirty file's
// is written first, see saveBefore). Just before the ref move that is its
// point of no return (the ledger in staging mode, the branch in commit
// mode) the batch appends that ref and the id it moves to. The next
// writer of the index (recoverFiles, with index.lock held, so the
// journal's writer is dead) decides from git alone whether the batch
// completed (see decide) and, when it did not, puts back each file that
// still holds exactly the batch's new state; a file holding anything else
// was changed since, and is left, with a note.

// Items of the record in the journal: each NUL-ended, after the folders,
// starting with "/" (which no folder of the journal does).
const (
	itemFile    = "/f " // wtBefore wtAfter idxBefore idxAfter path
	itemRef     = "/r " // ref id: the move that is the point of no return
	itemNoStage = "/n"  // the batch leaves the index alone
	// itemEnd ends a record: one without it (torn by a kill) is not read,
	// nor what follows it (an older, longer journal's rest).
	itemEnd = "/e"
)

// wtSide is a path's working-tree state in a rollback record: absent, or
// a file (its permission bits) or a symbolic link, and the blob id of
// its exact bytes (a link's target).
type wtSide struct {
	exists, link bool
	perm         os.FileMode
	id           plumbing.Hash
}

// idxSide is a path's index entry in a rollback record (stage 0).
type idxSide struct {
	exists bool
	mode   uint32
	id     plumbing.Hash
}

// undoEntry is one changed path of a rollback record.
type undoEntry struct {
	rel                 string
	wtBefore, wtAfter   wtSide
	idxBefore, idxAfter idxSide
}

// undoRecord is a batch's rollback record.
type undoRecord struct {
	entries []undoEntry
	noStage bool
	ref     string
	refID   plumbing.Hash
}

// rawID is the blob id of st's exact working-tree bytes, given git's form
// of them (gitForm) and its id.
func rawID(st *repo.FileState, gitForm []byte, gitID plumbing.Hash) plumbing.Hash {
	if st.IsLink() || bytes.Equal(gitForm, st.Content) {
		return gitID
	}
	return objects.HashBlob(st.Content)
}

// sideOf is the working-tree side of st (id its rawID).
func sideOf(st *repo.FileState, id plumbing.Hash, before bool) wtSide {
	if !st.Exists {
		return wtSide{}
	}
	if st.IsLink() {
		return wtSide{exists: true, link: true, perm: 0o777, id: id}
	}
	perm := st.Perm
	if !before || perm == 0 {
		perm, _ = filePerm(st) // what writeTempOf gives the new file
	}
	return wtSide{exists: true, perm: perm.Perm(), id: id}
}

// undoRecord builds the batch's rollback record from its changes and its
// index as read, and lists the changes whose old bytes must be written as
// blobs before any file is placed (see saveBefore).
func (w *batchWriter) undoRecord(changes []*change) (string, []*change) {
	var b strings.Builder
	var save []*change
	if w.opt.NoStage {
		b.WriteString(itemNoStage + "\x00")
	}
	for _, c := range changes {
		e := undoEntry{rel: c.after.Rel}
		ie := w.Idx.Entry(c.after.Rel)
		if ie != nil {
			e.idxBefore = idxSide{exists: true, mode: ie.Mode, id: ie.Hash}
		}
		if c.before.Exists {
			id := rawID(c.before, c.gitBefore, c.blobBefore)
			e.wtBefore = sideOf(c.before, id, true)
			if ie == nil || ie.Hash != id || id == emptyBlob { // else the staged blob holds the bytes
				save = append(save, c)
			}
		}
		if c.after.Exists {
			e.wtAfter = sideOf(c.after, rawID(c.after, c.gitAfter, c.blobAfter), false)
			e.idxAfter = idxSide{exists: true, mode: uint32(c.modeAfter), id: c.blobAfter}
		}
		b.WriteString(e.encode())
	}
	b.WriteString(itemEnd + "\x00")
	return b.String(), save
}

// emptyBlob is the empty blob's id: an intent-to-add entry names it
// without the object database holding it.
var emptyBlob = objects.HashBlob(nil)

// saveBefore writes the old bytes of the changes as blobs (in parallel),
// so that a killed batch's files can be put back from them.
func (w *batchWriter) saveBefore(changes []*change) error {
	errs := make([]error, len(changes))
	parallel(len(changes), func(i int) {
		c := changes[i]
		errs[i] = objects.WriteBlobAs(w.db, c.before.Content, rawID(c.before, c.gitBefore, c.blobBefore))
	})
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("save the old content of %s: %w", changes[i].before.Rel, err)
		}
	}
	return nil
}

// encode is the entry's journal item.
func (e undoEntry) encode() string {
	return itemFile + e.wtBefore.encode() + " " + e.wtAfter.encode() + " " +
		e.idxBefore.encode(e.wtBefore.id) + " " + e.idxAfter.encode(e.wtAfter.id) + " " + e.rel + "\x00"
}

// encode is "-" for absent, else "l" (link) or "f" and the octal
// permissions, a comma, and the id.
func (s wtSide) encode() string {
	if !s.exists {
		return "-"
	}
	kind := "f"
	if s.link {
		kind = "l"
	}
	return kind + strconv.FormatUint(uint64(s.perm), 8) + "," + s.id.String()
}

// encode is "-" for absent, else the octal mode, a comma, and the id
// ("=" when it is same, the working-tree side's).
func (s idxSide) encode(same plumbing.Hash) string {
	if !s.exists {
		return "-"
	}
	id := s.id.String()
	if s.id == same {
		id = "="
	}
	return strconv.FormatUint(uint64(s.mode), 8) + "," + id
}

// parseRecord reads the rollback record of a journal's items (false:
// none, or one this version cannot read, which is then ignored as an
// older journal would be).
func parseRecord(items []string) (*undoRecord, bool) {
	rec := &undoRecord{}
	for _, it := range items {
		switch {
		case it == itemEnd:
			return rec, len(rec.entries) > 0
		case it == itemNoStage:
			rec.noStage = true
		case strings.HasPrefix(it, itemRef):
			ref, id, ok := strings.Cut(strings.TrimPrefix(it, itemRef), " ")
			if !ok || !plumbing.IsHash(id) {
				return nil, false
			}
			rec.ref, rec.refID = ref, plumbing.NewHash(id)
		case strings.HasPrefix(it, itemFile):
			e, ok := parseEntry(strings.TrimPrefix(it, itemFile))
			if !ok {
				return nil, false
			}
			rec.entries = append(rec.entries, e)
		}
	}
	return nil, false // not ended
}

// parseEntry reads a file item (without its prefix).
func parseEntry(s string) (undoEntry, bool) {
	f := strings.SplitN(s, " ", 5)
	if len(f) != 5 || f[4] == "" {
		return undoEntry{}, false
	}
	e := undoEntry{rel: f[4]}
	var ok [4]bool
	e.wtBefore, ok[0] = parseWT(f[0])
	e.wtAfter, ok[1] = parseWT(f[1])
	e.idxBefore, ok[2] = parseIdx(f[2], e.wtBefore.id)
	e.idxAfter, ok[3] = parseIdx(f[3], e.wtAfter.id)
	return e, ok == [4]bool{true, true, true, true} && isJournalDir(e.rel)
}

// parseWT reads a working-tree side.
func parseWT(s string) (wtSide, bool) {
	if s == "-" {
		return wtSide{}, true
	}
	perm, id, ok := strings.Cut(s, ",")
	if !ok || len(perm) < 2 || (perm[0] != 'f' && perm[0] != 'l') || !plumbing.IsHash(id) {
		return wtSide{}, false
	}
	p, err := strconv.ParseUint(perm[1:], 8, 32)
	return wtSide{exists: true, link: perm[0] == 'l', perm: os.FileMode(p).Perm(), id: plumbing.NewHash(id)}, err == nil
}

// parseIdx reads an index side ("=": the id same).
func parseIdx(s string, same plumbing.Hash) (idxSide, bool) {
	if s == "-" {
		return idxSide{}, true
	}
	mode, id, ok := strings.Cut(s, ",")
	m, err := strconv.ParseUint(mode, 8, 32)
	if !ok || err != nil {
		return idxSide{}, false
	}
	side := idxSide{exists: true, mode: uint32(m), id: same}
	if id != "=" {
		if !plumbing.IsHash(id) {
			return idxSide{}, false
		}
		side.id = plumbing.NewHash(id)
	}
	return side, true
}

// matches reports whether the index entry e (nil: none) is s.
func (s idxSide) matches(e *index.Entry) bool {
	if e == nil {
		return !s.exists
	}
	return s.exists && e.Hash == s.id && e.Mode == s.mode
}

// matches reports whether the working tree's current state cur is s.
func (s wtSide) matches(cur wtSide) bool {
	if !s.exists || !cur.exists {
		return s.exists == cur.exists
	}
	return s.link == cur.link && s.id == cur.id && (s.link || s.perm&0o100 == cur.perm&0o100)
}

// state returns what the working tree holds at e's path: a folder, or
// nothing, is absent.
func (e undoEntry) state(r *repo.Repo, lstat func(string) (os.FileInfo, error)) (wtSide, error) {
	fi, err := lstat(e.rel)
	if err != nil {
		if os.IsNotExist(err) || isNotDir(err) {
			return wtSide{}, nil
		}
		return wtSide{}, err
	}
	abs := r.Abs(e.rel)
	switch {
	case fi.Mode()&os.ModeSymlink != 0:
		target, err := os.Readlink(abs)
		return wtSide{exists: true, link: true, perm: 0o777, id: objects.HashBlob([]byte(target))}, err
	case fi.Mode().IsRegular():
		data, err := readRegular(abs, fi.Size())
		return wtSide{exists: true, perm: fi.Mode().Perm(), id: objects.HashBlob(data)}, err
	}
	return wtSide{}, nil
}
