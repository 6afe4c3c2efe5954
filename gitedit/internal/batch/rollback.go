package batch

import (
	"bytes"
	"os"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/gitpath"
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
// and its index entry before and after; the old bytes are kept by then:
// a clean file's are its staged blob, in the object database already, a
// dirty file's are written, uncompressed, into the journal's side file
// (see oldBytesPath), its place recorded. Just before the ref move that is its
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
// its exact bytes (a link's target); an old state's bytes are at off, n
// long, in the side file when kept there (inSide), else in the blob.
type wtSide struct {
	exists, link bool
	perm         os.FileMode
	id           plumbing.Hash
	inSide       bool
	off, n       int64
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
	// side is the side file's path (see oldBytesPath).
	side string
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
// index as read, and the side file's content: the old bytes of the files
// whose staged blob does not hold them (see oldBytesPath).
func (w *batchWriter) undoRecord(changes []*change) (string, []byte) {
	var b strings.Builder
	var side []byte
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
				e.wtBefore.inSide, e.wtBefore.off, e.wtBefore.n = true, int64(len(side)), int64(len(c.before.Content))
				side = append(side, c.before.Content...)
			}
		}
		if c.after.Exists {
			e.wtAfter = sideOf(c.after, rawID(c.after, c.gitAfter, c.blobAfter), false)
			e.idxAfter = idxSide{exists: true, mode: uint32(c.modeAfter), id: c.blobAfter}
		}
		b.WriteString(e.encode())
	}
	b.WriteString(itemEnd + "\x00")
	return b.String(), side
}

// emptyBlob is the empty blob's id: an intent-to-add entry names it
// without the object database holding it.
var emptyBlob = objects.HashBlob(nil)

// encode is the entry's journal item.
func (e undoEntry) encode() string {
	return itemFile + e.wtBefore.encode() + " " + e.wtAfter.encode() + " " +
		e.idxBefore.encode(e.wtBefore.id) + " " + e.idxAfter.encode(e.wtAfter.id) + " " + e.rel + "\x00"
}

// encode is "-" for absent, else "l" (link) or "f" and the octal
// permissions, a comma, and the id, then, for bytes kept in the side
// file, "@" and their offset and length, decimal, joined by "+".
func (s wtSide) encode() string {
	if !s.exists {
		return "-"
	}
	kind := "f"
	if s.link {
		kind = "l"
	}
	text := kind + strconv.FormatUint(uint64(s.perm), 8) + "," + s.id.String()
	if s.inSide {
		text += "@" + strconv.FormatInt(s.off, 10) + "+" + strconv.FormatInt(s.n, 10)
	}
	return text
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
	return e, ok == [4]bool{true, true, true, true} && e.verified()
}

// verified reports whether e's path is one a batch can write: below the
// working tree (see isJournalDir) and a path git's verify_path takes for
// its kinds (so never in .git, in any spelling). A damaged or forged
// journal naming another (".git/config", ".git/hooks/pre-commit") is not
// read, so a rollback never removes or rewrites what no batch wrote.
func (e undoEntry) verified() bool {
	mode := uint32(gitpath.ModeRegular)
	if e.wtBefore.link || e.wtAfter.link {
		mode = gitpath.ModeSymlink
	}
	return isJournalDir(e.rel) && gitpath.Verify(e.rel, gitpath.ModeRegular) == nil && gitpath.Verify(e.rel, mode) == nil
}

// parseWT reads a working-tree side.
func parseWT(s string) (wtSide, bool) {
	if s == "-" {
		return wtSide{}, true
	}
	perm, id, ok := strings.Cut(s, ",")
	id, at, inSide := strings.Cut(id, "@")
	if !ok || len(perm) < 2 || (perm[0] != 'f' && perm[0] != 'l') || !plumbing.IsHash(id) {
		return wtSide{}, false
	}
	p, err := strconv.ParseUint(perm[1:], 8, 32)
	side := wtSide{exists: true, link: perm[0] == 'l', perm: os.FileMode(p).Perm(), id: plumbing.NewHash(id), inSide: inSide}
	if inSide {
		off, n, ok2 := strings.Cut(at, "+")
		var err1, err2 error
		side.off, err1 = strconv.ParseInt(off, 10, 64)
		side.n, err2 = strconv.ParseInt(n, 10, 64)
		ok = ok2 && err1 == nil && err2 == nil && side.off >= 0 && side.n >= 0
	}
	return side, err == nil && ok
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
