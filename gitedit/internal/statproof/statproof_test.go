package statproof

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestVouchesOnlyForAnOldUnchangedStat checks the rule: a stat whose
// modification time was recent when taken vouches for nothing; an old one
// vouches while the path is unchanged, and no longer after a rewrite that
// keeps the size and puts the old time back (the change time moves), a
// removal, or a replacement by another file.
func TestVouchesOnlyForAnOldUnchangedStat(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	old := time.Now().Add(-time.Hour)
	write := func(s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("one")
	if s := Take(p); s.Vouches(Take(p)) {
		t.Fatal("a stat taken within the racy window vouched")
	}
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	s := Take(p)
	if !s.Vouches(Take(p)) {
		t.Fatal("an old, unchanged stat did not vouch")
	}
	time.Sleep(10 * time.Millisecond) // the change time must move
	write("two")
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	if s.Vouches(Take(p)) {
		t.Fatal("a rewrite with the same size and time was vouched for")
	}
	s = Take(p)
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if s.Vouches(Take(p)) {
		t.Fatal("a removed file was vouched for")
	}
	if (Snapshot{}).Vouches(Snapshot{}) {
		t.Fatal("a missing path vouched for a missing path")
	}
}
