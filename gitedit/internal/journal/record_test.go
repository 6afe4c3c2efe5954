package journal

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
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
	entries := []Entry{
		{Rel: "new/c.txt", WTAfter: Side{Exists: true, Perm: 0o666, ID: b}, IdxAfter: IndexSide{Exists: true, Mode: 0o100644, ID: b}},
		{Rel: "gone.txt", WTBefore: Side{Exists: true, Perm: 0o644, ID: a}, IdxBefore: IndexSide{Exists: true, Mode: 0o100644, ID: a}},
		{Rel: "dirty.txt", WTBefore: Side{Exists: true, Perm: 0o600, ID: a, InSide: true, Off: 12, N: 1}, WTAfter: Side{Exists: true, Perm: 0o600, ID: b},
			IdxBefore: IndexSide{Exists: true, Mode: 0o100644, ID: b}, IdxAfter: IndexSide{Exists: true, Mode: 0o100644, ID: b}},
		{Rel: "a dir/x y\nz", WTBefore: Side{Exists: true, Perm: 0o755, ID: a}, WTAfter: Side{Exists: true, Perm: 0o755, ID: b},
			IdxBefore: IndexSide{Exists: true, Mode: 0o100755, ID: b}, IdxAfter: IndexSide{Exists: true, Mode: 0o100755, ID: b}},
		{Rel: "l", WTBefore: Side{Exists: true, Link: true, Perm: 0o777, ID: a}, WTAfter: Side{Exists: true, Link: true, Perm: 0o777, ID: b},
			IdxBefore: IndexSide{Exists: true, Mode: 0o120000, ID: a}, IdxAfter: IndexSide{Exists: true, Mode: 0o120000, ID: b}},
	}
	record := ItemNoStage + "\x00"
	for _, e := range entries {
		record += e.Encode()
	}
	record += ItemRef + "refs/heads/main " + a.String() + "\x00"
	data := []byte(journalText(journalPending, "new\x00\x00a dir\x00"+record+End(record)+"\x00"+
		"/f - f644,"+a.String()+" - - stale\x00/r refs/heads/main "+b.String()+"\x00"))
	require.Equal(t, []string{"new", "", "a dir"}, onlyFolders(PendingDirs(data)))
	rec, ok := ParseRecord(Items(data))
	require.True(t, ok)
	require.Equal(t, entries, rec.Entries)
	require.True(t, rec.NoStage)
	require.Equal(t, "refs/heads/main", rec.Ref)
	require.Equal(t, a, rec.RefID)
}

// onlyFolders keeps the journal lines RemoveStaleTemps cleans.
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
	_, ok := ParseRecord([]string{"/f - f644," + objects.HashBlob(nil).String() + " - - torn"})
	require.False(t, ok, "a record without its end item")
	for _, item := range []string{"/f - - - -", "/f x - - - p", "/f - f644,zz - - p", "/f - f644,=,1 - - p", "/f f644," + objects.HashBlob(nil).String() + "@1 - - - p", "/f f644," + objects.HashBlob(nil).String() + "@-1+2 - - - p", "/r refs/heads/main nothex", "/f - - - - ../up"} {
		_, ok := ParseRecord([]string{item, ItemEnd})
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
		_, ok := ParseRecord([]string{item, ItemEnd})
		require.False(t, ok, item)
	}
	item := "/f - f644," + id + " - - .gitmodules"
	_, ok := ParseRecord([]string{item, End(item + "\x00")})
	require.True(t, ok, "a regular .gitmodules is a batch's")
}

// TestWorkingTreeSideMatchesKindContentAndExecutableBit: a state
// matches when it is the same kind with the same bytes and, for a file,
// the same executable bit (other permission bits may differ: the umask).
func TestWorkingTreeSideMatchesKindContentAndExecutableBit(t *testing.T) {
	a, b := objects.HashBlob([]byte("a")), objects.HashBlob([]byte("b"))
	file := Side{Exists: true, Perm: 0o666, ID: a}
	require.True(t, file.Matches(Side{Exists: true, Perm: 0o644, ID: a}))
	require.False(t, file.Matches(Side{Exists: true, Perm: 0o755, ID: a}))
	require.False(t, file.Matches(Side{Exists: true, Perm: 0o644, ID: b}))
	require.False(t, file.Matches(Side{Exists: true, Link: true, Perm: 0o777, ID: a}))
	require.False(t, file.Matches(Side{}))
	require.True(t, Side{}.Matches(Side{}))
}

// TestOldBytesAreCheckedAgainstTheirID: bytes kept in the side file are
// used only when they are the ones recorded, and never read past its
// end.
func TestOldBytesAreCheckedAgainstTheirID(t *testing.T) {
	side := filepath.Join(t.TempDir(), "temp-folders.old")
	require.NoError(t, os.WriteFile(side, []byte("xxold\n"), 0o644))
	id := objects.HashBlob([]byte("old\n"))
	got, err := OldBytes(nil, side, Side{Exists: true, ID: id, InSide: true, Off: 2, N: 4})
	require.NoError(t, err)
	require.Equal(t, "old\n", string(got))
	_, err = OldBytes(nil, side, Side{Exists: true, ID: id, InSide: true, Off: 1, N: 4})
	require.ErrorContains(t, err, "not the ones recorded")
	_, err = OldBytes(nil, side, Side{Exists: true, ID: id, InSide: true, Off: 4, N: 1 << 40})
	require.ErrorContains(t, err, "missing")
}

// TestTornRecordIsNotRead: a write of the journal cut by a kill at a
// page's end leaves the new record's first items before an older,
// longer record's last items and end item, each item whole (the same
// paths, the ids cut mid-way): read as one record, it would roll back
// files of the older batch, which completed. Its end's checksum makes it
// unread; a record whose end names no checksum is unread too.
func TestTornRecordIsNotRead(t *testing.T) {
	a, b, c := objects.HashBlob([]byte("a")), objects.HashBlob([]byte("b")), objects.HashBlob([]byte("c"))
	encode := func(before, after plumbing.Hash) string {
		var items string
		for _, rel := range []string{"x.txt", "y.txt"} {
			items += Entry{Rel: rel, WTBefore: Side{Exists: true, Perm: 0o644, ID: before}, WTAfter: Side{Exists: true, Perm: 0o644, ID: after}}.Encode()
		}
		return items + End(items) + "\x00"
	}
	older, newer := encode(a, b), encode(b, c)
	for _, cut := range []int{10, len(newer) / 2, len(newer) - 20} {
		torn := newer[:cut] + older[cut:]
		_, ok := ParseRecord(Items([]byte(journalText(journalPending, "\x00"+torn))))
		require.False(t, ok, "cut at %d", cut)
	}
	_, ok := ParseRecord(Items([]byte(journalText(journalPending, "\x00"+newer))))
	require.True(t, ok)
	bare := newer[:strings.LastIndex(newer, ItemEnd)] + ItemEnd + "\x00"
	_, ok = ParseRecord(Items([]byte(journalText(journalPending, "\x00"+bare))))
	require.False(t, ok, "an end item without its checksum")
}

// TestPointKeepsTheRecordReadable: the ref move appended over the end
// item gets an end item of its own, and the record reads back with it.
func TestPointKeepsTheRecordReadable(t *testing.T) {
	a, b := objects.HashBlob([]byte("a")), objects.HashBlob([]byte("b"))
	items := Entry{Rel: "x.txt", WTBefore: Side{Exists: true, Perm: 0o644, ID: a}, WTAfter: Side{Exists: true, Perm: 0o644, ID: b}}.Encode()
	j := &File{Path: filepath.Join(t.TempDir(), "temp-folders"), Record: items + End(items) + "\x00"}
	prev, err := j.Open()
	require.NoError(t, err)
	require.NoError(t, j.Note(nil, prev))
	require.NoError(t, j.Point("refs/heads/main", a, nil))
	data, err := os.ReadFile(j.Path)
	require.NoError(t, err)
	rec, ok := ParseRecord(Items(data))
	require.True(t, ok, "%q", data)
	require.Equal(t, "refs/heads/main", rec.Ref)
	require.Equal(t, a, rec.RefID)
	require.Len(t, rec.Entries, 1)
	j.Done()
}
