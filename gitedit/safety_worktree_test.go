package gitedit

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestJournalledStaleTempsAreRemoved plays a writer killed between its
// temporary files and their renames: the journal it left names the folder,
// and the next batch removes the stale file and empties the journal.
func TestJournalledStaleTempsAreRemoved(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.go": "A\n", "sub/b.go": "b\n"})
	stale, journal := plantTemp(t, dir, "sub\x00../outside\x00")

	_, err := openRepo(t, dir).Edit(context.Background(), EditRequest{FilePath: "a.go", OldString: "A", NewString: "B"}, Options{})
	require.NoError(t, err)
	require.NoFileExists(t, stale)
	data, err := os.ReadFile(journal)
	require.NoError(t, err)
	require.Equal(t, "gitedit-temps D\n\x00", foldersOf(data), "a finished batch leaves a journal marked done (naming the top folder, where it wrote)")
	require.FileExists(t, filepath.Join(dir, "sub", "b.go"))
}

// TestJournalledStaleSymlinkTempsAreRemoved plays a writer killed
// between the temporary symbolic link of a link it wrote (a patch adding
// one, say) and its rename: the next batch removes it, as it removes a
// temporary file, and leaves a folder of that name alone.
func TestJournalledStaleSymlinkTempsAreRemoved(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.go": "A\n", "sub/b.go": "b\n"})
	stale, _ := plantTemp(t, dir, "gitedit-temps A\nsub\x00")
	link := filepath.Join(dir, "sub", ".gitedit-77.tmp")
	require.NoError(t, os.Symlink("b.go", link))
	folder := filepath.Join(dir, "sub", ".gitedit-78.tmp")
	require.NoError(t, os.Mkdir(folder, 0o755))

	_, err := openRepo(t, dir).Edit(context.Background(), EditRequest{FilePath: "a.go", OldString: "A", NewString: "B"}, Options{})
	require.NoError(t, err)
	require.NoFileExists(t, stale)
	_, err = os.Lstat(link)
	require.True(t, os.IsNotExist(err), "the stale temporary link is removed: %v", err)
	require.DirExists(t, folder)
	require.FileExists(t, filepath.Join(dir, "sub", "b.go"))
}

// TestWriterOfAnotherIndexKeepsTheDefaultWritersTemps plays a writer of
// the default index still at work (its journal pending, its temporary file
// present) while a batch with GIT_INDEX_FILE, which holds another lock,
// runs in the same working tree: that batch keeps its own journal and
// leaves the live writer's file and journal alone.
func TestWriterOfAnotherIndexKeepsTheDefaultWritersTemps(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.go": "A\n", "sub/b.go": "b\n"})
	live, journal := plantTemp(t, dir, "gitedit-temps A\nsub\x00")
	alt := altIndex(t, dir)

	_, err := openTest(t, dir, dir, "GIT_INDEX_FILE="+alt).Edit(context.Background(), EditRequest{FilePath: "sub/b.go", OldString: "b", NewString: "c"}, Options{})
	require.NoError(t, err)
	require.FileExists(t, live)
	got, err := os.ReadFile(journal)
	require.NoError(t, err)
	require.Equal(t, "gitedit-temps A\nsub\x00", string(got))
	own, err := filepath.Glob(journal + "-*")
	require.NoError(t, err)
	require.Len(t, own, 1, "the other index's writer keeps a journal of its own")
}

// TestDeadWriterOfAnotherIndexKeepsTheLiveWritersTemps plays a writer of
// the default index at work (its journal pending, its temporary file
// present) while a batch with GIT_INDEX_FILE, whose own journal a killed
// writer of that index left pending on the same folder, runs in the same
// working tree: it cleans its dead predecessor's temporary file, never
// the live writer's, which holds another lock (that writer's rename would
// fail, and its batch with it).
func TestDeadWriterOfAnotherIndexKeepsTheLiveWritersTemps(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.go": "A\n", "sub/b.go": "b\n"})
	live, journal := plantTemp(t, dir, "gitedit-temps A\nsub\x00")
	alt := altIndex(t, dir)
	sum := sha1.Sum([]byte(alt))
	tag := hex.EncodeToString(sum[:6])
	require.NoError(t, os.WriteFile(journal+"-"+tag, []byte("gitedit-temps A\nsub\x00"), 0o644))
	dead := filepath.Join(dir, "sub", ".gitedit-"+tag+"-77.tmp")
	require.NoError(t, os.WriteFile(dead, []byte("half"), 0o600))

	_, err := openTest(t, dir, dir, "GIT_INDEX_FILE="+alt).Edit(context.Background(), EditRequest{FilePath: "sub/b.go", OldString: "b", NewString: "c"}, Options{})
	require.NoError(t, err)
	require.FileExists(t, live, "the live writer's temporary file")
	require.NoFileExists(t, dead, "the dead writer's temporary file")
}

// altIndex returns a copy of dir's index in a folder of its own, for a
// writer with GIT_INDEX_FILE.
func altIndex(t *testing.T, dir string) string {
	t.Helper()
	alt := filepath.Join(t.TempDir(), "alt-index")
	data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(alt, data, 0o644))
	return alt
}

// plantTemp plays a writer's leftovers in dir: the temporary file
// sub/.gitedit-4242.tmp and the default index's journal holding text.
// It returns both paths.
func plantTemp(t *testing.T, dir, text string) (temp, journal string) {
	t.Helper()
	temp = filepath.Join(dir, "sub", ".gitedit-4242.tmp")
	require.NoError(t, os.WriteFile(temp, []byte("half"), 0o600))
	journal = filepath.Join(dir, ".git", "gitedit", "temp-folders")
	require.NoError(t, os.MkdirAll(filepath.Dir(journal), 0o755))
	require.NoError(t, os.WriteFile(journal, []byte(text), 0o644))
	return temp, journal
}

// TestJournalAndItsFolderAreCreatedByTheFirstBatch: a repository gitedit
// never wrote to has no .git/gitedit; the first batch creates the folder
// and the journal (opened first, the folder made only when missing) and
// leaves the journal marked done.
func TestJournalAndItsFolderAreCreatedByTheFirstBatch(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"sub/a.go": "A\n"})
	require.NoDirExists(t, filepath.Join(dir, ".git", "gitedit"))
	_, err := openRepo(t, dir).Edit(context.Background(), EditRequest{FilePath: "sub/a.go", OldString: "A", NewString: "B"}, Options{})
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(dir, ".git", "gitedit", "temp-folders"))
	require.NoError(t, err)
	require.Equal(t, "gitedit-temps D\nsub\x00", foldersOf(data))
	got, err := os.ReadFile(filepath.Join(dir, "sub", "a.go"))
	require.NoError(t, err)
	require.Equal(t, "B\n", string(got))
}

// TestJournalIsMarkedDoneAndRewrittenInPlace: the journal of a finished
// batch names its folders and is marked done (its state byte), not
// emptied; a pending journal in that format (a writer killed between its
// temporary files and their renames) has its folders cleaned; a done one
// names nothing (a file shaped like a temporary file in its folder is not
// touched); a batch on fewer folders rewrites the journal to its own.
func TestJournalIsMarkedDoneAndRewrittenInPlace(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a/x.go": "X\n", "b/y.go": "Y\n", "c/z.go": "Z\n"})
	journal := filepath.Join(dir, ".git", "gitedit", "temp-folders")
	edit := func(path, old, new string) {
		t.Helper()
		_, err := openRepo(t, dir).Edit(context.Background(), EditRequest{FilePath: path, OldString: old, NewString: new}, Options{})
		require.NoError(t, err)
	}
	read := func() string {
		t.Helper()
		data, err := os.ReadFile(journal)
		require.NoError(t, err)
		return string(data)
	}
	edit("a/x.go", "X", "X1")
	require.Equal(t, "gitedit-temps D\na\x00", foldersOf([]byte(read())))

	staleA := filepath.Join(dir, "a", ".gitedit-4242.tmp")
	keptC := filepath.Join(dir, "c", ".gitedit-77.tmp")
	require.NoError(t, os.WriteFile(staleA, []byte("half"), 0o600))
	require.NoError(t, os.WriteFile(keptC, []byte("not a journalled folder"), 0o600))
	require.NoError(t, os.WriteFile(journal, []byte("gitedit-temps A\na\x00"), 0o644))
	edit("b/y.go", "Y", "Y1")
	require.NoFileExists(t, staleA, "a pending journal's folder is cleaned")
	require.FileExists(t, keptC, "a folder no pending journal names is not listed")
	require.Equal(t, "gitedit-temps D\nb\x00", foldersOf([]byte(read())), "rewritten to the batch's folders, shorter")

	require.NoError(t, os.WriteFile(journal, []byte("gitedit-temps D\nc\x00"), 0o644))
	edit("a/x.go", "X1", "X2")
	require.FileExists(t, keptC, "a done journal names nothing")
	require.Equal(t, "gitedit-temps D\na\x00", foldersOf([]byte(read())))
}

// TestJournalThatIsASymlinkIsNotWrittenThrough replaces the temp-folder
// journal with a symbolic link to a file outside the repository (a
// hostile or copied .git): the batch fails with io_error before any
// change, the link's target keeps its content (it used to be overwritten
// with the journal and cut), and the files, index and HEAD are as they
// were.
func TestJournalThatIsASymlinkIsNotWrittenThrough(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	outside := filepath.Join(t.TempDir(), "precious")
	precious := "precious content, longer than the journal\n"
	require.NoError(t, os.WriteFile(outside, []byte(precious), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".git", "gitedit"), 0o777))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, ".git", "gitedit", "temp-folders")))
	head := fixtures.Git(t, dir, "rev-parse", "HEAD")
	index, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	_, err = openTest(t, dir, dir).Edit(context.Background(), EditRequest{FilePath: "a.txt", OldString: "one", NewString: "two"}, Options{Commit: true})
	var e *Error
	require.True(t, errors.As(err, &e), "error %v", err)
	require.Equal(t, CodeIOError, e.Code, "error %v", err)
	got, err := os.ReadFile(outside)
	require.NoError(t, err)
	require.Equal(t, precious, string(got), "the link's target was written")
	require.Equal(t, head, fixtures.Git(t, dir, "rev-parse", "HEAD"))
	idx, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	require.Equal(t, index, idx, "index changed")
	a, err := os.ReadFile(filepath.Join(dir, "a.txt"))
	require.NoError(t, err)
	require.Equal(t, "one\n", string(a))
	require.Empty(t, fixtures.Git(t, dir, "status", "--porcelain"))
}

// TestJournalThatIsASymlinkNamesNoFolderToClean: a journal that is a
// symbolic link to a pending journal's text elsewhere is not read
// either: the batch fails before it lists any folder, and a file shaped
// like a temporary file in the folder the text names stays (the journal
// was read through the link, and that folder cleaned, before the batch
// failed on writing it).
func TestJournalThatIsASymlinkNamesNoFolderToClean(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "keep/b.txt": "bee\n"})
	outside := filepath.Join(t.TempDir(), "journal")
	require.NoError(t, os.WriteFile(outside, []byte("gitedit-temps A\nkeep\x00"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".git", "gitedit"), 0o777))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, ".git", "gitedit", "temp-folders")))
	kept := filepath.Join(dir, "keep", ".gitedit-123.tmp")
	require.NoError(t, os.WriteFile(kept, []byte("not gitedit's"), 0o600))
	_, err := openTest(t, dir, dir).Edit(context.Background(), EditRequest{FilePath: "a.txt", OldString: "one", NewString: "two"}, Options{})
	var e *Error
	require.True(t, errors.As(err, &e), "error %v", err)
	require.Equal(t, CodeIOError, e.Code, "error %v", err)
	require.FileExists(t, kept)
}

// foldersOf is a journal's content up to its folders: what follows, the
// batch's rollback record, starts with "/" (no folder line does).
func foldersOf(data []byte) string {
	s := string(data)
	if i := strings.Index(s, "\x00/"); i >= 0 {
		return s[:i+1]
	}
	return s
}
