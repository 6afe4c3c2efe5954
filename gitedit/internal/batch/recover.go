package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// readRegular reads a regular file's bytes (a variable for tests).
var readRegular = wtfs.ReadRegular

// writeBack writes a file's old state in a rollback (a variable for
// tests, which make it fail as a read-only file system would).
var writeBack = writeState

// isNotDir reports whether err says a folder on the path is a file.
func isNotDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }

// recoverFiles puts back the files of a batch killed before its point of
// no return, from the rollback record its journal holds (see
// rollback.go), and returns its notes; it must be called with r's
// index.lock held. A journal that is done, or holds no record, costs one
// read. The journal is marked done once the files are settled, after the
// killed batch's temporary files are removed; when it cannot be, it
// stays for the next writer.
func recoverFiles(r *repo.Repo) ([]string, error) {
	data, err := readJournal(tempJournalPath(r))
	if err != nil || len(pendingDirs(data)) == 0 {
		return nil, nil
	}
	rec, ok := parseRecord(recordItems(data))
	if !ok {
		return nil, nil // an older journal: the batch's writeFiles cleans its folders
	}
	root, err := wtfs.Open(r.WorkTree())
	if err != nil {
		return nil, err
	}
	defer root.Close()
	removeStaleTemps(root, data, tempPrefixOf(r))
	db := objects.NewDB(r.ObjectsDir())
	db.PackCache = r.Packs()
	defer db.Close()
	rec.side = oldBytesPath(tempJournalPath(r))
	notes, err := rec.settle(r, root, db)
	if err != nil {
		return notes, err
	}
	j := &tempJournal{path: tempJournalPath(r)}
	if _, err := j.open(); err != nil {
		return notes, err
	}
	j.forget()
	return notes, nil
}

// readJournal reads the journal at path, never through a symbolic link
// (nothing when it does not exist).
func readJournal(path string) ([]byte, error) {
	f, err := wtfs.OpenFile(path, os.O_RDONLY|wtfs.NoFollow, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAt(f)
}

// settle decides whether the killed batch completed and, when it did
// not, puts back each of its files that holds exactly its new state.
func (rec *undoRecord) settle(r *repo.Repo, root *wtfs.Root, db *objects.DB) ([]string, error) {
	cur := make([]wtSide, len(rec.entries))
	for i, e := range rec.entries {
		var err error
		if cur[i], err = e.state(r, root.Lstat); err != nil {
			cur[i] = unreadable // matches no state: left, with a note
		}
	}
	rollBack, notes, err := rec.decide(r, db, cur)
	if err != nil || !rollBack {
		return notes, err
	}
	for i := len(rec.entries) - 1; i >= 0; i-- { // what the batch created goes first: it may stand where an old file's folder was
		if e := rec.entries[i]; !e.wtBefore.exists && e.wtAfter.exists && e.wtAfter.matches(cur[i]) {
			if err := commitState(r, root, &repo.FileState{Rel: e.rel}, ""); err != nil {
				if cannotWrite(err) {
					return notes, err
				}
				notes = append(notes, noteLeft(e.rel, err))
			}
		}
	}
	for i := len(rec.entries) - 1; i >= 0; i-- {
		e := rec.entries[i]
		switch {
		case e.wtBefore.matches(cur[i]) || !e.wtBefore.exists && e.wtAfter.matches(cur[i]):
		case !e.wtAfter.matches(cur[i]):
			notes = append(notes, fmt.Sprintf("%s was changed since a killed gitedit batch wrote it; left as it is (the batch was rolled back)", quote.QuotePath(e.rel)))
		default:
			if err := putBack(r, root, db, rec.side, e); err != nil {
				if cannotWrite(err) {
					return notes, err
				}
				notes = append(notes, noteLeft(e.rel, err))
			}
		}
	}
	return notes, nil
}

// cannotWrite reports whether err says the working tree cannot be
// written now (no permission, a read-only file system, a full disk, an
// I/O error), as opposed to something standing in the way (a file where
// a folder was, left as someone made it). A rollback that meets it is
// not finished: it fails, and its record stays for the next run, instead
// of leaving some of the batch's files in the working tree for good.
func cannotWrite(err error) bool {
	for _, target := range []error{fs.ErrPermission, syscall.EROFS, syscall.ENOSPC, syscall.EDQUOT, syscall.EIO} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}

// unreadable stands for a file that cannot be read (a folder on its
// path made a symbolic link, say): it matches no state of a record.
var unreadable = wtSide{exists: true, link: true}

// noteLeft is the note of a file a rollback could not put back.
func noteLeft(rel string, err error) string {
	return fmt.Sprintf("%s could not be put back as it was before a killed gitedit batch: %v", quote.QuotePath(rel), err)
}

// putBack writes e's old state from its bytes in the side file at
// side, or from its blob.
func putBack(r *repo.Repo, root *wtfs.Root, db *objects.DB, side string, e undoEntry) error {
	content, err := oldBytes(db, side, e.wtBefore)
	if err != nil {
		return err
	}
	st := &repo.FileState{Rel: e.rel, Exists: true, Content: content, Mode: repo.PermOf(e.wtBefore.perm), Perm: e.wtBefore.perm}
	if e.wtBefore.link {
		st.Mode, st.Perm = os.ModeSymlink|0o777, 0
	}
	return writeBack(r, root, st)
}

// decide reports whether the killed batch is to be rolled back, from git
// alone: with a ref move recorded, whether the ref holds its new id (a
// ledger or branch that moved on since holds it as a first-parent
// ancestor). Without one, the batch either never reached its point of no
// return, or that point was the rename of index.lock: it completed when
// every path whose index entry it changes holds its new entry, and
// did not when every one holds its old one; an index that holds neither
// was written by someone else since, and the files are left, with a
// note. A batch whose index entries tell nothing (--no-stage, or entries
// it keeps) completed when no file is left in its old state.
func (rec *undoRecord) decide(r *repo.Repo, db *objects.DB, cur []wtSide) (bool, []string, error) {
	if rec.ref != "" {
		return !ledger.Holds(db, r.Refs(), rec.ref, rec.refID), nil, nil
	}
	var telling []undoEntry
	for _, e := range rec.entries {
		if !rec.noStage && e.idxBefore != e.idxAfter {
			telling = append(telling, e)
		}
	}
	if len(telling) == 0 {
		for i, e := range rec.entries {
			if e.wtBefore != e.wtAfter && e.wtBefore.matches(cur[i]) {
				return true, nil, nil
			}
		}
		return false, nil, nil
	}
	idx, err := r.ReadIndex()
	if err != nil {
		return false, nil, err
	}
	old, neu := 0, 0
	for _, e := range telling {
		ie := stageZero(idx, e.rel)
		if e.idxAfter.matches(ie) {
			neu++
		} else if e.idxBefore.matches(ie) {
			old++
		}
	}
	switch {
	case neu == len(telling):
		return false, nil, nil
	case old == len(telling):
		return true, nil, nil
	}
	return false, []string{fmt.Sprintf("a killed gitedit batch left its files (%s…) beside an index written since: they are left as they are", quote.QuotePath(telling[0].rel))}, nil
}

// stageZero is the index entry of rel (nil: none).
func stageZero(idx *index.Index, rel string) *index.Entry {
	if idx == nil {
		return nil
	}
	return idx.Entry(rel)
}

// recordItems are the journal items of a rollback record (those starting
// with "/"), in order.
func recordItems(data []byte) []string {
	_, rest, ok := strings.Cut(string(data), "\n")
	if !ok {
		return nil
	}
	var out []string
	for _, it := range strings.Split(strings.TrimSuffix(rest, "\x00"), "\x00") {
		if strings.HasPrefix(it, "/") {
			out = append(out, it)
		}
	}
	return out
}

// killedRecord reports whether r's index's journal holds the rollback
// record of a batch that did not end (a live one's, or a killed one's).
func killedRecord(r *repo.Repo) bool {
	data, err := readJournal(tempJournalPath(r))
	return err == nil && len(pendingDirs(data)) > 0 && strings.Contains(string(data), "\x00"+itemFile)
}

// recoverFilesAtOnce runs recoverFiles for a reader, under r's
// index.lock taken at once (nothing when it cannot be); best effort.
func recoverFilesAtOnce(ctx context.Context, r *repo.Repo) {
	lock, err := lockfile.Acquire(ctx, r.IndexFile(), 0)
	if err != nil {
		return
	}
	defer lock.Rollback()
	_, _ = recoverFiles(r)
}

// oldBytes reads the bytes of the old state s: from the side file at
// side (checked against s's blob id), or its blob.
func oldBytes(db *objects.DB, side string, s wtSide) ([]byte, error) {
	if !s.inSide {
		return db.Read(plumbing.BlobObject, s.id)
	}
	f, err := wtfs.OpenFile(side, os.O_RDONLY|wtfs.NoFollow, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || s.off+s.n > fi.Size() || s.off+s.n < 0 {
		return nil, fmt.Errorf("%s: the old bytes kept are missing", side)
	}
	content := make([]byte, s.n)
	if _, err := f.ReadAt(content, s.off); err != nil && !(errors.Is(err, io.EOF) && s.n == 0) {
		return nil, err
	}
	if objects.HashBlob(content) != s.id {
		return nil, fmt.Errorf("%s: the old bytes kept are not the ones recorded", side)
	}
	return content, nil
}
