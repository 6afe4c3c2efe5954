package objects

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// packedBlob writes data as a blob, tags it (so that it is reachable),
// packs every object with git repack -ad (which removes the packs and
// loose objects it replaces) and dates the pack folder at (long ago), so
// that a PackCache trusts its listing.
func packedBlob(t *testing.T, dir, data string, at time.Time) plumbing.Hash {
	t.Helper()
	h := hashObject(t, dir, data)
	fixtures.Git(t, dir, "tag", "blob-"+h.String()[:12], h.String())
	fixtures.Git(t, dir, "repack", "-adq")
	if _, err := os.Stat(looseIn(objectsDir(dir), h)); err == nil {
		t.Fatalf("%s is still loose after git repack -ad", h)
	}
	require.NoError(t, os.Chtimes(filepath.Join(objectsDir(dir), "pack"), at, at))
	return h
}

// skipUnlessPacksKeptOpen skips a test of the packs a PackCache keeps
// where it keeps none (keepPacksOpen).
func skipUnlessPacksKeptOpen(t *testing.T) {
	if !keepPacksOpen {
		t.Skip("a PackCache keeps no packs open on this system")
	}
}

// cachedDB is the object database of dir reading its packs through c.
func cachedDB(dir string, c *PackCache) *DB {
	db := storage(dir)
	db.PackCache = c
	return db
}

func TestPackCacheSeesAPackThatGitRepackWroteBetweenTwoBatches(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	a := packedBlob(t, dir, "first\n", old)
	c := NewPackCache(objectsDir(dir))
	db := cachedDB(dir, c)
	got, err := db.Read(plumbing.BlobObject, a)
	require.NoError(t, err)
	require.Equal(t, "first\n", string(got))
	require.NoError(t, db.Close())

	b := packedBlob(t, dir, "second\n", old.Add(time.Hour)) // a new pack; the first is removed
	db = cachedDB(dir, c)
	require.True(t, db.Has(b), "the new pack is not in the cached list")
	got, err = db.Read(plumbing.BlobObject, b)
	require.NoError(t, err)
	require.Equal(t, "second\n", string(got))
	got, err = db.Read(plumbing.BlobObject, a)
	require.NoError(t, err)
	require.Equal(t, "first\n", string(got))
	require.NoError(t, db.Close())
	require.NoError(t, c.Close())
}

func TestPackCacheReusesThePacksWhileTheFolderIsUnchanged(t *testing.T) {
	skipUnlessPacksKeptOpen(t)
	dir := fixtures.NewRepo(t, nil)
	a := packedBlob(t, dir, "kept\n", old)
	c := NewPackCache(objectsDir(dir))
	p1, err := c.Open()
	require.NoError(t, err)
	require.True(t, p1.Has(a))
	require.NoError(t, p1.Close())
	require.False(t, p1.Has(a), "a closed Packs finds nothing")
	p2, err := c.Open()
	require.NoError(t, err)
	require.Len(t, p2.packs, 1)
	require.Same(t, p1.packs[0], p2.packs[0], "the pack was opened again")
	_, _, ok, err := p2.Read(a)
	require.NoError(t, err)
	require.True(t, ok)
	require.NoError(t, p2.Close())
	require.NoError(t, c.Close())
	require.Nil(t, p2.packs[0].idx, "the pack is still mapped after the cache closed")
}

// TestPackCacheListsARacyFolderAgain: a listing as new as the pack
// folder is not trusted: the next Open lists the folder again, and sees a
// pack written since even when the folder's time and size stayed the same
// (a write within one tick of the file system's clock); while the same
// packs are listed, the open ones are kept.
func TestPackCacheListsARacyFolderAgain(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	a := packedBlob(t, dir, "racy\n", old)
	packDir := filepath.Join(objectsDir(dir), "pack")
	now := time.Now()
	require.NoError(t, os.Chtimes(packDir, now, now))
	c := NewPackCache(objectsDir(dir))
	p1, err := c.Open()
	require.NoError(t, err)
	p2, err := c.Open()
	require.NoError(t, err)
	if keepPacksOpen {
		require.Same(t, p1.packs[0], p2.packs[0], "the same pack was opened again")
	}
	b := hashObject(t, dir, "same tick\n")
	packAlone(t, dir, b)
	require.NoError(t, os.Chtimes(packDir, now, now))
	p3, err := c.Open()
	require.NoError(t, err)
	require.True(t, p3.Has(b), "a pack written within the racy listing's tick was missed")
	require.True(t, p3.Has(a))
	for _, p := range []*Packs{p1, p2, p3} {
		require.NoError(t, p.Close())
	}
	require.NoError(t, c.Close())
}

func TestPackCacheKeepsReplacedPacksOpenUntilTheirLastUser(t *testing.T) {
	skipUnlessPacksKeptOpen(t)
	dir := fixtures.NewRepo(t, nil)
	a := packedBlob(t, dir, "old pack\n", old)
	c := NewPackCache(objectsDir(dir))
	p1, err := c.Open()
	require.NoError(t, err)
	packedBlob(t, dir, "new pack\n", old.Add(time.Hour)) // removes the pack p1 reads
	p2, err := c.Open()
	require.NoError(t, err)
	require.NotSame(t, p1.packs[0], p2.packs[0])
	data, _, ok, err := p1.Read(a)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, "old pack\n", string(data))
	old := p1.packs[0]
	require.NoError(t, p1.Close())
	require.Nil(t, old.idx, "the replaced pack stayed mapped after its last user closed")
	require.NoError(t, c.Close())
	_, _, ok, err = p2.Read(a)
	require.NoError(t, err, "the cache closed packs still in use")
	require.True(t, ok)
	require.NoError(t, p2.Close())
	p3, err := c.Open() // after Close: packs of its own
	require.NoError(t, err)
	require.True(t, p3.Has(a))
	require.NoError(t, p3.Close())
}

func TestPackCacheFreshensOncePerBatch(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	h := hashObject(t, dir, "touched\n")
	pack := packAlone(t, dir, h)
	require.NoError(t, os.Chtimes(filepath.Dir(pack), old, old))
	c := NewPackCache(objectsDir(dir))
	for i := range 2 {
		db := cachedDB(dir, c)
		require.NoError(t, os.Chtimes(pack, old, old))
		_, err := WriteBlob(db, []byte("touched\n"))
		require.NoError(t, err)
		require.Less(t, time.Since(mtime(t, pack)), time.Hour, "batch %d did not freshen the pack", i)
		require.NoError(t, db.Close())
	}
	require.NoError(t, c.Close())
}
