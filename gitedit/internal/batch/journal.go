package batch

import (
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/sharedperm"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// tempPrefix and tempSuffix frame the decimal digits of the temporary
// files' names (".gitedit-123.tmp"; see tempPrefixOf for another index's).
const (
	tempPrefix = ".gitedit-"
	tempSuffix = ".tmp"
)

// indexTag names the index a batch writes in its journal's and temporary
// files' names: "" for the repository's own index, else 12 hex digits of
// the SHA-1 of the index's path (GIT_INDEX_FILE).
func indexTag(r *repo.Repo) string {
	ix := filepath.Clean(r.IndexFile())
	if ix == filepath.Join(r.GitDir(), "index") {
		return ""
	}
	sum := sha1.Sum([]byte(ix))
	return hex.EncodeToString(sum[:6])
}

// tempJournalPath is the journal of the folders where a batch in
// progress may hold temporary files: $GIT_DIR/gitedit/temp-folders for
// the repository's own index, temp-folders-<its indexTag> for another
// (GIT_INDEX_FILE). A journal is read and written only under its index's
// lock, and names the files of its own index's writers only (see
// tempPrefixOf), so a writer of another index, which holds another lock,
// never takes a live writer's temporary files for a dead one's.
func tempJournalPath(r *repo.Repo) string {
	name := "temp-folders"
	if tag := indexTag(r); tag != "" {
		name += "-" + tag
	}
	return filepath.Join(r.GitDir(), "gitedit", name)
}

// tempPrefixOf is the prefix of the temporary files of r's index's
// writers: tempPrefix, then another index's tag and "-"
// (".gitedit-0123456789ab-123.tmp"). A writer cleaning what a killed one
// of its index left in a folder (removeStaleTempsIn) then leaves alone
// the files a live writer of another index has there.
func tempPrefixOf(r *repo.Repo) string {
	if tag := indexTag(r); tag != "" {
		return tempPrefix + tag + "-"
	}
	return tempPrefix
}

// The journal ($GIT_DIR/gitedit/temp-folders) is journalHeader, a state
// byte (journalPending while a batch may hold temporary files, journalDone
// once it holds none), a newline, then the folders, each ended by a NUL.
// A batch marks it done by rewriting the state byte: the file keeps its
// size and, when the next batch touches the same folders, its content but
// that byte. Truncating it instead (as before) costs, on ext4, a flush of
// the data just written (auto_da_alloc) and a wait for it: up to a
// millisecond on a slow disk. A journal without the header is the older
// format (folders only; empty when done), still read. After the folders
// come the items of the batch's rollback record (see rollback.go), each
// NUL-ended too and starting with "/", which no folder line does.
const (
	journalHeader  = "gitedit-temps "
	journalPending = 'A'
	journalDone    = 'D'
	journalState   = len(journalHeader) // offset of the state byte
)

// journalText is the journal in state for the folders dirs (each ended by
// a NUL).
func journalText(state byte, dirs string) string {
	return journalHeader + string(state) + "\n" + dirs
}

// pendingDirs returns the folders a journal's content names as possibly
// holding temporary files: none when it is done or empty.
func pendingDirs(data []byte) []string {
	text := string(data)
	if rest, ok := strings.CutPrefix(text, journalHeader); ok {
		if len(rest) < 2 || rest[0] != journalPending {
			return nil
		}
		text = rest[2:]
	}
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\x00"), "\x00")
}

// tempJournal is a batch's journal file, opened once (see open) and
// closed by forget.
type tempJournal struct {
	path string
	// shared gives the journal, and the folder made for it, the
	// permissions of core.sharedRepository, as git gives the files it
	// creates in the repository (another member of the group must be able
	// to open the journal for writing, or all its batches fail).
	shared sharedperm.Mode
	f      *os.File
	// record is the batch's rollback record (see rollback.go), written
	// after the folders; size is the journal's length as written.
	record string
	size   int64
	// side is the content of the side file (see oldBytesPath).
	side []byte
}

// open opens the journal for reading and writing, creating it (and its
// folder, only when missing) as needed, and returns its content. It is
// opened without the network poller (see wtfs.OpenFile), never with
// O_TRUNC (see the journal's format above), and never through a symbolic
// link: a journal that is a link (to a file outside the repository, say)
// makes the batch fail before any file is written, instead of naming
// folders to clean, then overwriting and cutting the link's target. It
// must be called with index.lock held: every gitedit writer holds that
// lock while its journal and temporary files exist.
func (j *tempJournal) open() ([]byte, error) {
	f, err := wtfs.OpenFile(j.path, os.O_RDWR|wtfs.NoFollow, 0)
	if errors.Is(err, fs.ErrNotExist) {
		f, err = j.create()
	}
	if err != nil {
		return nil, err
	}
	j.f = f
	return readAt(f)
}

// create creates the missing journal, and its folder when missing too,
// with the permissions of j.shared (git's adjust_shared_perm on what it
// creates).
func (j *tempJournal) create() (*os.File, error) {
	if err := j.shared.MkdirAll(filepath.Dir(j.path)); err != nil {
		return nil, err
	}
	flags := os.O_RDWR | os.O_CREATE | os.O_EXCL | wtfs.NoFollow
	f, err := wtfs.OpenFile(j.path, flags, 0o666)
	if err != nil {
		return nil, err
	}
	if err := j.shared.Adjust(j.path); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readAt reads the whole of f from its start.
func readAt(f *os.File) ([]byte, error) {
	buf := make([]byte, 512)
	n := 0
	for {
		m, err := f.ReadAt(buf[n:], int64(n))
		n += m
		switch {
		case err == io.EOF:
			return buf[:n], nil
		case err != nil:
			return nil, err
		case n == len(buf):
			buf = append(buf, make([]byte, len(buf))...)
		}
	}
}

// removeStaleTemps removes the temporary files a killed gitedit left
// behind, from the folders its journal (content data) names while
// pending: with index.lock held, any found now belong to a process that
// died. A journal costs no listing of the folders a batch touches (a
// tenth of a second for 1,000 files in folders of 1,000); a done or empty
// journal names nothing. Only the files named with prefix (see
// tempPrefixOf) are the journal's writers'.
func removeStaleTemps(root *wtfs.Root, data []byte, prefix string) {
	for _, dir := range pendingDirs(data) {
		if isJournalDir(dir) {
			removeStaleTempsIn(root, dir, prefix)
		}
	}
}

// note writes the journal of the folders the changes' temporary files go
// to, pending, before any is created; prev is its content as read (see
// open). When prev names the same folders, only the state byte is
// rewritten; a longer prev is cut. j.record, the rollback record, follows
// the folders. The folders alone need no fsync: the syncfs that makes the
// temporary files durable covers them (same file system), and losing them
// after a power cut costs at worst a stray temporary file; the record is
// made durable before any file is placed (see durable).
func (j *tempJournal) note(changes []*change, prev []byte) error {
	var b strings.Builder
	seen := map[string]bool{}
	removed := removedFiles(changes)
	for _, c := range changes {
		if dir := tempDir(c.after.Rel, removed); !seen[dir] {
			seen[dir] = true
			b.WriteString(dir)
			b.WriteByte(0)
		}
	}
	b.WriteString(j.record)
	text := journalText(journalPending, b.String())
	j.size = int64(len(text))
	if string(prev) == journalText(journalDone, b.String()) {
		_, err := j.f.WriteAt([]byte{journalPending}, int64(journalState))
		return err
	}
	_, err := j.f.WriteAt([]byte(text), 0)
	if err == nil && len(prev) > len(text) {
		err = j.f.Truncate(int64(len(text)))
	}
	return err
}

// point appends to the journal's rollback record the ref move that is
// the batch's point of no return (see rollback.go), made durable by sync
// when it is set, just before the ref's lock is renamed. Nothing without
// a record.
func (j *tempJournal) point(ref string, id plumbing.Hash, sync func(*os.File) error) error {
	if j == nil || j.f == nil || j.record == "" {
		return nil
	}
	end := int64(len(itemEnd) + 1)
	item := itemRef + ref + " " + id.String() + "\x00" + itemEnd + "\x00" // over the record's end item
	_, err := j.f.WriteAt([]byte(item), j.size-end)
	if err == nil && sync != nil {
		err = sync(j.f)
	}
	j.size += int64(len(item)) - end
	return err
}

// isJournalDir reports whether a journal line is a folder below the
// working tree ("" is its top): relative, without "..".
func isJournalDir(dir string) bool {
	return !strings.HasPrefix(dir, "/") && !slices.Contains(strings.Split(dir, "/"), "..")
}

// forget marks the journal done once no temporary file is left, by
// rewriting its state byte, and closes it (nothing when it was not
// opened). A journal this batch did not mark pending (an older format's)
// is left as it is: its folders are a dead writer's, which the next batch
// cleans.
func (j *tempJournal) forget() {
	if j.f == nil {
		return
	}
	defer j.f.Close()
	head := make([]byte, journalState+1)
	if n, _ := j.f.ReadAt(head, 0); n == len(head) && string(head) == journalHeader+string(rune(journalPending)) {
		_, _ = j.f.WriteAt([]byte{journalDone}, int64(journalState))
	}
}

// removeStaleTempsIn removes the stale temporary files named with prefix
// of the folder dir.
func removeStaleTempsIn(root *wtfs.Root, dir, prefix string) {
	names, plain, err := root.List(dir)
	if err != nil {
		return
	}
	for i, name := range names {
		if plain[i] && isTempName(name, prefix) { // a file or a link (writeTempOf)
			_ = root.Remove(path.Join(dir, name), false)
		}
	}
}

// isTempName reports whether name is a temporary file's: prefix (see
// tempPrefixOf), decimal digits, ".tmp".
func isTempName(name, prefix string) bool {
	digits, ok := strings.CutPrefix(name, prefix)
	digits, ok2 := strings.CutSuffix(digits, ".tmp")
	if !ok || !ok2 || digits == "" {
		return false
	}
	return strings.Trim(digits, "0123456789") == ""
}

// durable makes f (the journal, its side file) durable before any file
// is placed when core.fsync asks it of the index (working-tree files
// follow it, see repo.TempSyncer): by the syncfs that makes the
// temporary files durable, where there is one, else by an fsync.
func (j *tempJournal) durable(r *repo.Repo, f *os.File) error {
	if sync := r.TempSyncer(); sync != nil {
		return sync(f)
	}
	return nil
}

// oldBytesPath is the journal's side file, which holds, for a batch
// under way, the old bytes of the files it changes that no blob holds
// (files with unstaged changes), one after the other, uncompressed:
// writing them costs a copy, where a blob would cost compressing them.
func oldBytesPath(journal string) string { return journal + ".old" }

// writeSide writes j.side to the side file, before the record naming it
// (nothing when it is empty): from offset 0, the file cut when longer. It
// is never opened through a symbolic link.
func (j *tempJournal) writeSide(r *repo.Repo) error {
	if len(j.side) == 0 {
		return nil
	}
	p := oldBytesPath(j.path)
	f, err := wtfs.OpenFile(p, os.O_RDWR|os.O_CREATE|wtfs.NoFollow, 0o666)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := j.shared.Adjust(p); err != nil {
		return err
	}
	_, err = f.WriteAt(j.side, 0)
	if fi, serr := f.Stat(); err == nil && serr == nil && fi.Size() > int64(len(j.side)) {
		err = f.Truncate(int64(len(j.side)))
	}
	if err == nil {
		err = j.durable(r, f)
	}
	return err
}
