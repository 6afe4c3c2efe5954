package repo

import (
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/index"
)

// stat is stat data changed at (sec, nsec) on device dev.
func stat(dev, sec, nsec uint32) index.Entry {
	return index.Entry{CtimeSec: sec, CtimeNsec: nsec, MtimeSec: sec, MtimeNsec: nsec, Dev: dev, Ino: 7, Size: 5}
}

// A record is kept only for a file changed strictly before the moment of
// reference, on the same device, whose content has no CRLF (its id then
// holds whatever the attributes say); a different stat data misses.
func TestCheckedFilesRecordOnlySettledContent(t *testing.T) {
	blob := plumbing.NewHash("0123456789012345678901234567890123456789")
	ref := stat(1, 100, 500)
	cases := []struct {
		name    string
		st      index.Entry
		content string
		kept    bool
	}{
		{"settled", stat(1, 100, 499), "aaaa\n", true},
		{"same tick as the reference", stat(1, 100, 500), "aaaa\n", false},
		{"after the reference", stat(1, 101, 0), "aaaa\n", false},
		{"another device", stat(2, 99, 0), "aaaa\n", false},
		{"no inode numbers (no ctime either)", index.Entry{MtimeSec: 99, Size: 5, Dev: 1}, "aaaa\n", false},
		{"CRLF content", stat(1, 99, 0), "aa\r\n", false},
	}
	for _, c := range cases {
		var cf CheckedFiles
		cf.Store("x", c.st, ref, []byte(c.content), blob)
		got, ok := cf.Lookup("x", c.st)
		if ok != c.kept || (ok && got != blob) {
			t.Errorf("%s: recorded %v (%s), want %v", c.name, ok, got, c.kept)
		}
		other := c.st
		other.CtimeNsec++
		if _, ok := cf.Lookup("x", other); ok {
			t.Errorf("%s: another ctime hits the record", c.name)
		}
	}
}
