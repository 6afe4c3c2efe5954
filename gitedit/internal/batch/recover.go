package batch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/journal"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// recoverFiles puts back the files of a batch killed before its point of
// no return, from the rollback record its journal holds (see
// rollback.go), and returns its notes; it must be called with r's
// index.lock held. A journal that is done, or holds no record, costs one
// read. The journal is marked done once the files are settled, after the
// killed batch's temporary files are removed; when it cannot be, it
// stays for the next writer.
func recoverFiles(r *repo.Repo) ([]string, error) {
	notes, _, err := recoverFilesBack(r)
	return notes, err
}

// recoverFilesBack is recoverFiles that also returns the files the
// rollback put back (or removed, for those the batch created).
func recoverFilesBack(r *repo.Repo) (notes, back []string, err error) {
	data, err := journal.Read(tempJournalPath(r))
	if err != nil || len(journal.PendingDirs(data)) == 0 {
		return nil, nil, nil
	}
	rec, ok := journal.ParseRecord(journal.Items(data))
	if !ok {
		return nil, nil, nil // an older journal: the batch's writeFiles cleans its folders
	}
	root, err := wtfs.Open(r.WorkTree())
	if err != nil {
		return nil, nil, err
	}
	defer root.Close()
	journal.RemoveStaleTemps(root, data, tempPrefixOf(r))
	db := objects.NewDB(r.ObjectsDir())
	db.PackCache = r.Packs()
	defer db.Close()
	rec.Side = journal.OldBytesPath(tempJournalPath(r))
	if notes, err = settle(rec, r, root, db, &back); err != nil {
		return notes, back, err
	}
	j := &journal.File{Path: tempJournalPath(r)}
	if _, err := j.Open(); err != nil {
		return notes, back, err
	}
	j.Done()
	return notes, back, nil
}

// settle decides whether the killed batch completed and, when it did
// not, puts back each of its files that holds exactly its new state,
// adding each to back.
func settle(rec *journal.Record, r *repo.Repo, root *wtfs.Root, db *objects.DB, back *[]string) ([]string, error) {
	cur := make([]journal.Side, len(rec.Entries))
	for i, e := range rec.Entries {
		var err error
		if cur[i], err = e.State(r.Abs(e.Rel), root.Lstat); err != nil {
			cur[i] = unreadable // matches no state: left, with a note
		}
	}
	rollBack, notes, err := decide(rec, r, db, cur)
	if err != nil || !rollBack {
		return notes, err
	}
	for i := len(rec.Entries) - 1; i >= 0; i-- { // what the batch created goes first: it may stand where an old file's folder was
		if e := rec.Entries[i]; !e.WTBefore.Exists && e.WTAfter.Exists && e.WTAfter.Matches(cur[i]) {
			if err := commitState(r, root, &repo.FileState{Rel: e.Rel}, ""); err != nil {
				if cannotWrite(err) {
					return notes, err
				}
				notes = append(notes, noteLeft(e.Rel, err))
				continue
			}
			*back = append(*back, e.Rel)
		}
	}
	for i := len(rec.Entries) - 1; i >= 0; i-- {
		e := rec.Entries[i]
		switch {
		case e.WTBefore.Matches(cur[i]) || !e.WTBefore.Exists && e.WTAfter.Matches(cur[i]):
		case !e.WTAfter.Matches(cur[i]):
			notes = append(notes, fmt.Sprintf("%s was changed since a killed gitedit batch wrote it; left as it is (the batch was rolled back)", quote.QuotePath(e.Rel)))
		default:
			if err := putBack(r, root, db, rec.Side, e); err != nil {
				if cannotWrite(err) {
					return notes, err
				}
				notes = append(notes, noteLeft(e.Rel, err))
				continue
			}
			*back = append(*back, e.Rel)
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

// writeBack writes a file's old state in a rollback (a variable for
// tests, which make it fail as a read-only file system would).
var writeBack = writeState

// unreadable stands for a file that cannot be read (a folder on its
// path made a symbolic link, say): it matches no state of a record.
var unreadable = journal.Side{Exists: true, Link: true}

// noteLeft is the note of a file a rollback could not put back.
func noteLeft(rel string, err error) string {
	return fmt.Sprintf("%s could not be put back as it was before a killed gitedit batch: %v", quote.QuotePath(rel), err)
}

// putBack writes e's old state from its bytes in the side file at
// side, or from its blob.
func putBack(r *repo.Repo, root *wtfs.Root, db *objects.DB, side string, e journal.Entry) error {
	content, err := journal.OldBytes(db, side, e.WTBefore)
	if err != nil {
		return err
	}
	st := &repo.FileState{Rel: e.Rel, Exists: true, Content: content, Mode: repo.PermOf(e.WTBefore.Perm), Perm: e.WTBefore.Perm}
	if e.WTBefore.Link {
		st.Mode, st.Perm = os.ModeSymlink|0o777, 0
	}
	removeEmptyFolders(root, e.Rel)
	return writeBack(r, root, st)
}

// removeEmptyFolders removes the folder rel when it holds nothing but
// empty folders, and reports whether it did (nothing when rel is no
// folder, or a file or link is in it). A batch that turns a file into a
// folder makes the folder just before it renames the new file into it: a
// kill between the two leaves the folder empty where the old file is to
// be put back, and losing it loses nothing.
func removeEmptyFolders(root *wtfs.Root, rel string) bool {
	names, plain, err := root.List(rel)
	if err != nil {
		return false
	}
	for i, name := range names {
		if plain[i] || !removeEmptyFolders(root, rel+"/"+name) {
			return false
		}
	}
	return root.Remove(rel, true) == nil
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
func decide(rec *journal.Record, r *repo.Repo, db *objects.DB, cur []journal.Side) (bool, []string, error) {
	if rec.Ref != "" {
		return !ledger.Holds(db, r.Refs(), rec.Ref, rec.RefID), nil, nil
	}
	var telling []journal.Entry
	for _, e := range rec.Entries {
		if !rec.NoStage && e.IdxBefore != e.IdxAfter {
			telling = append(telling, e)
		}
	}
	if len(telling) == 0 {
		for i, e := range rec.Entries {
			if e.WTBefore != e.WTAfter && e.WTBefore.Matches(cur[i]) {
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
		ie := stageZero(idx, e.Rel)
		if e.IdxAfter.Matches(ie) {
			neu++
		} else if e.IdxBefore.Matches(ie) {
			old++
		}
	}
	switch {
	case neu == len(telling):
		return false, nil, nil
	case old == len(telling):
		return true, nil, nil
	}
	return false, []string{fmt.Sprintf("a killed gitedit batch left its files (%s…) beside an index written since: they are left as they are", quote.QuotePath(telling[0].Rel))}, nil
}

// stageZero is the index entry of rel (nil: none).
func stageZero(idx *index.Index, rel string) *index.Entry {
	if idx == nil {
		return nil
	}
	return idx.Entry(rel)
}

// killedRecord reports whether r's index's journal holds the rollback
// record of a batch that did not end (a live one's, or a killed one's).
func killedRecord(r *repo.Repo) bool {
	data, err := journal.Read(tempJournalPath(r))
	return err == nil && len(journal.PendingDirs(data)) > 0 && strings.Contains(string(data), "\x00"+journal.ItemFile)
}

// recoverFilesAtOnce runs recoverFiles for a reader, under r's
// index.lock taken at once (nothing when it cannot be); best effort. It
// returns one note saying what the rollback did, if it did anything: a
// reader has no result of its own to say it in, and files changed
// under the user would go unsaid.
func recoverFilesAtOnce(ctx context.Context, r *repo.Repo) []string {
	lock, err := lockfile.Acquire(ctx, r.IndexFile(), 0)
	if err != nil {
		return nil
	}
	defer lock.Rollback()
	notes, back, _ := recoverFilesBack(r)
	if len(back) > 0 {
		quoted := make([]string, len(back))
		for i, rel := range back {
			quoted[i] = quote.QuotePath(rel)
		}
		notes = append([]string{"a killed gitedit batch was rolled back: " + strings.Join(quoted, ", ") + " put back as before it"}, notes...)
	}
	if len(notes) == 0 {
		return nil
	}
	return []string{strings.Join(notes, "; ")}
}
