package batch

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/gitedit/internal/objects"
)

// TestRollbackRecordReadsBackWhatItWrote encodes entries of every shape
// (created, deleted, changed, a link, a path with spaces and a newline)
// into a journal with its folders and a ref move, and reads them back,
// up to the end item (what follows is an older journal's rest); the
// folders read are the folders alone.
func TestRollbackRecordReadsBackWhatItWrote(t *testing.T) {
	a, b := objects.HashBlob([]byte("a")), objects.HashBlob([]byte("b"))
	entries := []undoEntry{
		{rel: "new/c.txt", wtAfter: wtSide{exists: true, perm: 0o666, id: b}, idxAfter: idxSide{exists: true, mode: 0o100644, id: b}},
		{rel: "gone.txt", wtBefore: wtSide{exists: true, perm: 0o644, id: a}, idxBefore: idxSide{exists: true, mode: 0o100644, id: a}},
		{rel: "dirty.txt", wtBefore: wtSide{exists: true, perm: 0o600, id: a, inSide: true, off: 12, n: 1}, wtAfter: wtSide{exists: true, perm: 0o600, id: b},
			idxBefore: idxSide{exists: true, mode: 0o100644, id: b}, idxAfter: idxSide{exists: true, mode: 0o100644, id: b}},
		{rel: "a dir/x y\nz", wtBefore: wtSide{exists: true, perm: 0o755, id: a}, wtAfter: wtSide{exists: true, perm: 0o755, id: b},
			idxBefore: idxSide{exists: true, mode: 0o100755, id: b}, idxAfter: idxSide{exists: true, mode: 0o100755, id: b}},
		{rel: "l", wtBefore: wtSide{exists: true, link: true, perm: 0o777, id: a}, wtAfter: wtSide{exists: true, link: true, perm: 0o777, id: b},
			idxBefore: idxSide{exists: true, mode: 0o120000, id: a}, idxAfter: idxSide{exists: true, mode: 0o120000, id: b}},
	}
	record := itemNoStage + "\x00"
	for _, e := range entries {
		record += e.encode()
	}
	data := []byte(journalText(journalPending, "new\x00\x00a dir\x00"+record+itemRef+"refs/heads/main "+a.String()+"\x00/e\x00"+
		"/f - f644,"+a.String()+" - - stale\x00/r refs/heads/main "+b.String()+"\x00"))
	require.Equal(t, []string{"new", "", "a dir"}, onlyFolders(pendingDirs(data)))
	rec, ok := parseRecord(recordItems(data))
	require.True(t, ok)
	require.Equal(t, entries, rec.entries)
	require.True(t, rec.noStage)
	require.Equal(t, "refs/heads/main", rec.ref)
	require.Equal(t, a, rec.refID)
}

// onlyFolders keeps the journal lines removeStaleTemps cleans.
func onlyFolders(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		if isJournalDir(d) {
			out = append(out, d)
		}
	}
	return out
}

// TestRollbackRecordRefusesWhatItCannotRead: a damaged item makes the
// whole record unread (the files are then left as they are).
func TestRollbackRecordRefusesWhatItCannotRead(t *testing.T) {
	_, ok := parseRecord([]string{"/f - f644," + objects.HashBlob(nil).String() + " - - torn"})
	require.False(t, ok, "a record without its end item")
	for _, item := range []string{"/f - - - -", "/f x - - - p", "/f - f644,zz - - p", "/f - f644,=,1 - - p", "/f f644," + objects.HashBlob(nil).String() + "@1 - - - p", "/f f644," + objects.HashBlob(nil).String() + "@-1+2 - - - p", "/r refs/heads/main nothex", "/f - - - - ../up"} {
		_, ok := parseRecord([]string{item, itemEnd})
		require.False(t, ok, item)
	}
}

// TestRollbackRecordRefusesPathsNoBatchWrites: a record naming a path in
// the git directory (any spelling git's verify_path refuses) or a
// malformed one is not read: a forged journal cannot make a rollback
// remove or rewrite .git/config or a hook.
func TestRollbackRecordRefusesPathsNoBatchWrites(t *testing.T) {
	id := objects.HashBlob([]byte("x")).String()
	for _, rel := range []string{".git/config", ".GIT/hooks/pre-commit", "sub/.git/config", "git~1/config", ".git", "a//b", "a/./b", "a/", ".gitmodules"} {
		item := "/f - f644," + id + " - - " + rel
		if rel == ".gitmodules" {
			item = "/f - l777," + id + " - - " + rel // a symbolic link named .gitmodules
		}
		_, ok := parseRecord([]string{item, itemEnd})
		require.False(t, ok, item)
	}
	_, ok := parseRecord([]string{"/f - f644," + id + " - - .gitmodules", itemEnd})
	require.True(t, ok, "a regular .gitmodules is a batch's")
}

// TestWorkingTreeSideMatchesKindContentAndExecutableBit: a state
// matches when it is the same kind with the same bytes and, for a file,
// the same executable bit (other permission bits may differ: the umask).
func TestWorkingTreeSideMatchesKindContentAndExecutableBit(t *testing.T) {
	a, b := objects.HashBlob([]byte("a")), objects.HashBlob([]byte("b"))
	file := wtSide{exists: true, perm: 0o666, id: a}
	require.True(t, file.matches(wtSide{exists: true, perm: 0o644, id: a}))
	require.False(t, file.matches(wtSide{exists: true, perm: 0o755, id: a}))
	require.False(t, file.matches(wtSide{exists: true, perm: 0o644, id: b}))
	require.False(t, file.matches(wtSide{exists: true, link: true, perm: 0o777, id: a}))
	require.False(t, file.matches(wtSide{}))
	require.True(t, wtSide{}.matches(wtSide{}))
}

// TestOldBytesAreCheckedAgainstTheirID: bytes kept in the side file are
// used only when they are the ones recorded, and never read past its
// end.
func TestOldBytesAreCheckedAgainstTheirID(t *testing.T) {
	side := filepath.Join(t.TempDir(), "temp-folders.old")
	require.NoError(t, os.WriteFile(side, []byte("xxold\n"), 0o644))
	id := objects.HashBlob([]byte("old\n"))
	got, err := oldBytes(nil, side, wtSide{exists: true, id: id, inSide: true, off: 2, n: 4})
	require.NoError(t, err)
	require.Equal(t, "old\n", string(got))
	_, err = oldBytes(nil, side, wtSide{exists: true, id: id, inSide: true, off: 1, n: 4})
	require.ErrorContains(t, err, "not the ones recorded")
	_, err = oldBytes(nil, side, wtSide{exists: true, id: id, inSide: true, off: 4, n: 1 << 40})
	require.ErrorContains(t, err, "missing")
}
