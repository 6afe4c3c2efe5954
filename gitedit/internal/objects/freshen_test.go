package objects

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/fixtures"
)

// old is a modification time well before any prune expiry a test uses.
var old = time.Now().Add(-30 * 24 * time.Hour)

// mtime returns the modification time of path.
func mtime(t *testing.T, path string) time.Time {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.ModTime()
}

// hashObject writes data as a loose blob with git and returns its id.
func hashObject(t *testing.T, dir, data string) plumbing.Hash {
	t.Helper()
	p := filepath.Join(t.TempDir(), "blob")
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, "hash-object", "-w", p)))
}

func TestWriteFreshensAnExistingLooseObject(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	h := hashObject(t, dir, "revived\n")
	db := storage(dir)
	loose := db.loosePath(h)
	if err := os.Chtimes(loose, old, old); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteBlob(db, []byte("revived\n")); err != nil {
		t.Fatal(err)
	}
	if got := mtime(t, loose); time.Since(got) > time.Hour {
		t.Errorf("loose object not freshened: mtime %v", got)
	}
}

func TestWriteFreshensThePackHoldingTheObject(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	h := hashObject(t, dir, "packed\n")
	pack := packAlone(t, dir, h)
	db := storage(dir)
	if _, err := WriteBlob(db, []byte("packed\n")); err != nil {
		t.Fatal(err)
	}
	if got := mtime(t, pack); time.Since(got) > time.Hour {
		t.Errorf("pack not freshened: mtime %v", got)
	}
	if _, err := os.Stat(db.loosePath(h)); err == nil {
		t.Errorf("a freshened packed object was written loose again")
	}
}

func TestWriteRewritesAnObjectOnlyInACruftPack(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	h := hashObject(t, dir, "cruft\n")
	pack := packAlone(t, dir, h)
	mtimes := strings.TrimSuffix(pack, ".pack") + ".mtimes"
	if err := os.WriteFile(mtimes, nil, 0o444); err != nil {
		t.Fatal(err)
	}
	db := storage(dir)
	if _, err := WriteBlob(db, []byte("cruft\n")); err != nil {
		t.Fatal(err)
	}
	if got := mtime(t, pack); time.Since(got) < time.Hour {
		t.Errorf("a cruft pack was touched")
	}
	if _, err := os.Stat(db.loosePath(h)); err != nil {
		t.Errorf("an object only in a cruft pack was not written loose: %v", err)
	}
}

func TestWriteFreshensAnAlternateLooseObject(t *testing.T) {
	shared := fixtures.NewRepo(t, nil)
	h := hashObject(t, shared, "shared\n")
	dir := fixtures.NewRepo(t, nil)
	alt := filepath.Join(shared, ".git", "objects")
	if err := os.WriteFile(filepath.Join(dir, ".git", "objects", "info", "alternates"), []byte(alt+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	loose := looseIn(alt, h)
	if err := os.Chtimes(loose, old, old); err != nil {
		t.Fatal(err)
	}
	db := storage(dir)
	if _, err := WriteBlob(db, []byte("shared\n")); err != nil {
		t.Fatal(err)
	}
	if got := mtime(t, loose); time.Since(got) > time.Hour {
		t.Errorf("alternate loose object not freshened: mtime %v", got)
	}
	if _, err := os.Stat(db.loosePath(h)); err == nil {
		t.Errorf("a freshened alternate object was copied")
	}
}

// packAlone moves blob h from its loose file into a pack of its own, dated
// old, and returns the .pack path.
func packAlone(t *testing.T, dir string, h plumbing.Hash) string {
	t.Helper()
	out := fixtures.GitInput(t, dir, h.String()+"\n", "pack-objects", "-q", ".git/objects/pack/pack")
	fixtures.Git(t, dir, "prune-packed")
	pack := filepath.Join(dir, ".git", "objects", "pack", "pack-"+strings.TrimSpace(out)+".pack")
	if err := os.Chtimes(pack, old, old); err != nil {
		t.Fatal(err)
	}
	return pack
}
