// Package journal is a batch's crash journal, one per index
// ($GIT_DIR/gitedit/temp-folders): the folders where the batch under way
// may hold temporary files, which the next writer of the index removes
// when the batch was killed, and its rollback record (record.go), from
// which that writer puts back the files of a batch killed before its
// point of no return (the decision and the writes are the batch
// package's: docs/reference.md, "What a crash can leave behind").
package journal

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

	"github.com/gitedit/gitedit/gitedit/internal/sharedperm"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// TempPrefix and TempSuffix frame the decimal digits of the temporary
// files' names (".gitedit-123.tmp"; see TempPrefixOf for another index's).
const (
	TempPrefix = ".gitedit-"
	TempSuffix = ".tmp"
)

// IndexTag names the index file index of the repository whose git dir
// is gitDir in its journal's and temporary files' names: "" for the
// repository's own index, else 12 hex digits of the SHA-1 of the index's
// path (GIT_INDEX_FILE).
func IndexTag(index, gitDir string) string {
	ix := filepath.Clean(index)
	if ix == filepath.Join(gitDir, "index") {
		return ""
	}
	sum := sha1.Sum([]byte(ix))
	return hex.EncodeToString(sum[:6])
}

// PathOf is the journal of the folders where a batch in
// progress may hold temporary files: $GIT_DIR/gitedit/temp-folders for
// the repository's own index, temp-folders-<its IndexTag> for another
// (GIT_INDEX_FILE). A journal is read and written only under its index's
// lock, and names the files of its own index's writers only (see
// TempPrefixOf), so a writer of another index, which holds another lock,
// never takes a live writer's temporary files for a dead one's.
func PathOf(index, gitDir string) string {
	name := "temp-folders"
	if tag := IndexTag(index, gitDir); tag != "" {
		name += "-" + tag
	}
	return filepath.Join(gitDir, "gitedit", name)
}

// TempPrefixOf is the prefix of the temporary files of the writers of
// index (see IndexTag): TempPrefix, then another index's tag and "-"
// (".gitedit-0123456789ab-123.tmp"). A writer cleaning what a killed one
// of its index left in a folder (removeStaleTempsIn) then leaves alone
// the files a live writer of another index has there.
func TempPrefixOf(index, gitDir string) string {
	if tag := IndexTag(index, gitDir); tag != "" {
		return TempPrefix + tag + "-"
	}
	return TempPrefix
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
// come the items of the batch's rollback record (see record.go), each
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

// PendingDirs returns the folders a journal's content names as possibly
// holding temporary files: none when it is done or empty.
func PendingDirs(data []byte) []string {
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

// File is a batch's journal file, opened once (see Open) and
// closed by Done.
type File struct {
	// Path is the journal's file (see PathOf).
	Path string
	// Shared gives the journal, and the folder made for it, the
	// permissions of core.sharedRepository, as git gives the files it
	// creates in the repository (another member of the group must be able
	// to open the journal for writing, or all its batches fail).
	Shared sharedperm.Mode
	f      *os.File
	// Record is the batch's rollback record (see record.go), written
	// after the folders; size is the journal's length as written.
	Record string
	size   int64
	// Side is the content of the side file (see OldBytesPath).
	Side []byte
}

// Open opens the journal for reading and writing, creating it (and its
// folder, only when missing) as needed, and returns its content. It is
// opened without the network poller (see wtfs.OpenFile), never with
// O_TRUNC (see the journal's format above), and never through a symbolic
// link: a journal that is a link (to a file outside the repository, say)
// makes the batch fail before any file is written, instead of naming
// folders to clean, then overwriting and cutting the link's target. It
// must be called with index.lock held: every gitedit writer holds that
// lock while its journal and temporary files exist.
func (j *File) Open() ([]byte, error) {
	f, err := wtfs.OpenFile(j.Path, os.O_RDWR|wtfs.NoFollow, 0)
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
// with the permissions of j.Shared (git's adjust_shared_perm on what it
// creates).
func (j *File) create() (*os.File, error) {
	if err := j.Shared.MkdirAll(filepath.Dir(j.Path)); err != nil {
		return nil, err
	}
	flags := os.O_RDWR | os.O_CREATE | os.O_EXCL | wtfs.NoFollow
	f, err := wtfs.OpenFile(j.Path, flags, 0o666)
	if err != nil {
		return nil, err
	}
	if err := j.Shared.Adjust(j.Path); err != nil {
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

// RemoveStaleTemps removes the temporary files a killed gitedit left
// behind, from the folders its journal (content data) names while
// pending: with index.lock held, any found now belong to a process that
// died. A journal costs no listing of the folders a batch touches (a
// tenth of a second for 1,000 files in folders of 1,000); a done or empty
// journal names nothing. Only the files named with prefix (see
// TempPrefixOf) are the journal's writers'.
func RemoveStaleTemps(root *wtfs.Root, data []byte, prefix string) {
	for _, dir := range PendingDirs(data) {
		if isJournalDir(dir) {
			removeStaleTempsIn(root, dir, prefix)
		}
	}
}

// Note writes the journal of dirs, the distinct folders a batch's
// temporary files go to, pending, before any is created; prev is its
// content as read (see Open). When prev names the same folders, only the state byte is
// rewritten; a longer prev is cut. j.Record, the rollback record, follows
// the folders. The folders alone need no fsync: the syncfs that makes the
// temporary files durable covers them (same file system), and losing them
// after a power cut costs at worst a stray temporary file; the record is
// made durable before any file is placed (see Durable).
func (j *File) Note(dirs []string, prev []byte) error {
	var b strings.Builder
	for _, dir := range dirs {
		b.WriteString(dir)
		b.WriteByte(0)
	}
	b.WriteString(j.Record)
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

// Point appends to the journal's rollback record the ref move that is
// the batch's point of no return (see record.go), made durable by sync
// when it is set, just before the ref's lock is renamed. Nothing without
// a record.
func (j *File) Point(ref string, id plumbing.Hash, sync func(*os.File) error) error {
	if j == nil || j.f == nil || j.Record == "" {
		return nil
	}
	cut := strings.LastIndex("\x00"+j.Record, "\x00"+ItemEnd) // where the end item starts
	if cut < 0 {
		return nil
	}
	item := ItemRef + ref + " " + id.String() + "\x00"
	items := j.Record[:cut] + item
	record := items + End(items) + "\x00"
	_, err := j.f.WriteAt([]byte(record[cut:]), j.size-int64(len(j.Record)-cut)) // over the record's end item
	if err == nil && sync != nil {
		err = sync(j.f)
	}
	j.size += int64(len(record) - len(j.Record))
	j.Record = record
	return err
}

// isJournalDir reports whether a journal line is a folder below the
// working tree ("" is its top): relative, without "..".
func isJournalDir(dir string) bool {
	return !strings.HasPrefix(dir, "/") && !slices.Contains(strings.Split(dir, "/"), "..")
}

// Done marks the journal done once no temporary file is left, by
// rewriting its state byte, and closes it (nothing when it was not
// opened). A journal this batch did not mark pending (an older format's)
// is left as it is: its folders are a dead writer's, which the next batch
// cleans.
func (j *File) Done() {
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
// TempPrefixOf), decimal digits, ".tmp".
func isTempName(name, prefix string) bool {
	digits, ok := strings.CutPrefix(name, prefix)
	digits, ok2 := strings.CutSuffix(digits, ".tmp")
	if !ok || !ok2 || digits == "" {
		return false
	}
	return strings.Trim(digits, "0123456789") == ""
}

// Durable makes the journal's rollback record (nothing without one)
// durable before any file is placed, with sync: the working-tree files'
// syncer (nil where one syncfs makes the batch's temporary files durable,
// the journal with them, or where core.fsync asks nothing of the index,
// which the working-tree files follow).
func (j *File) Durable(sync func(*os.File) error) error {
	if j.Record == "" || sync == nil {
		return nil
	}
	return sync(j.f)
}

// OldBytesPath is the journal's side file, which holds, for a batch
// under way, the old bytes of the files it changes that no blob holds
// (files with unstaged changes), one after the other, uncompressed:
// writing them costs a copy, where a blob would cost compressing them.
func OldBytesPath(journal string) string { return journal + ".old" }

// WriteSide writes j.Side to the side file, before the record naming it
// (nothing when it is empty): from offset 0, the file cut when longer,
// made durable by sync when it is set (see Durable). It is never opened
// through a symbolic link.
func (j *File) WriteSide(sync func(*os.File) error) error {
	if len(j.Side) == 0 {
		return nil
	}
	p := OldBytesPath(j.Path)
	f, err := wtfs.OpenFile(p, os.O_RDWR|os.O_CREATE|wtfs.NoFollow, 0o666)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := j.Shared.Adjust(p); err != nil {
		return err
	}
	_, err = f.WriteAt(j.Side, 0)
	if fi, serr := f.Stat(); err == nil && serr == nil && fi.Size() > int64(len(j.Side)) {
		err = f.Truncate(int64(len(j.Side)))
	}
	if err == nil && sync != nil {
		err = sync(f)
	}
	return err
}
