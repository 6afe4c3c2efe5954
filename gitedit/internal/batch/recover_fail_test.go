package batch

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/journal"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// TestRollbackThatCannotWriteKeepsItsRecord: a rollback that cannot put
// a file back because the working tree cannot be written now (a
// read-only file system) fails and keeps its record, so the next run,
// once it can write, puts the file back; it does not mark the journal
// done with the batch's bytes left in the file for good.
func TestRollbackThatCannotWriteKeepsItsRecord(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "alpha\n", "b.txt": "beta\n"})
	r := openRepo(t, dir)
	alpha, neu := objects.HashBlob([]byte("alpha\n")), objects.HashBlob([]byte("ALPHA\n"))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("ALPHA\n"), 0o644))
	items := "/f f644," + alpha.String() + " f644," + neu.String() + " 100644,= 100644,= a.txt\x00"
	record := items + journal.End(items) + "\x00"
	jpath := tempJournalPath(r)
	require.NoError(t, os.MkdirAll(filepath.Dir(jpath), 0o755))
	require.NoError(t, os.WriteFile(jpath, []byte("gitedit-temps A\n\x00"+record), 0o644))

	writeBack = func(*repo.Repo, *wtfs.Root, *repo.FileState) error {
		return &os.PathError{Op: "open", Path: "a.txt", Err: syscall.EROFS}
	}
	_, err := recoverFiles(r)
	writeBack = writeState
	require.ErrorIs(t, err, syscall.EROFS)
	require.Equal(t, "ALPHA\n", string(readFile(t, filepath.Join(dir, "a.txt"))))
	require.NotEmpty(t, journal.PendingDirs(readFile(t, jpath)), "the record is kept for the next run")

	notes, err := recoverFiles(r)
	require.NoError(t, err)
	require.Empty(t, notes)
	require.Equal(t, "alpha\n", string(readFile(t, filepath.Join(dir, "a.txt"))), "the next run puts the file back")
	require.Empty(t, journal.PendingDirs(readFile(t, jpath)))
}

// readFile reads a file for a test.
func readFile(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	return data
}
