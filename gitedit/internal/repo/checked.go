package repo

import (
	"bytes"
	"os"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/index"
)

// maxCheckedFiles bounds the files Checked remembers; past it the record
// starts over (a long session touching many files rereads some once more).
const maxCheckedFiles = 4096

// CheckedFiles remembers, from one batch to the next, the blob id of the
// content of working-tree files that a batch read while writing the index
// (the racy check, see batch's smudgeRacy), keyed by the files' stat data.
// A record is kept only when the file's stat data was settled at the read:
// its ctime and mtime lie strictly before the moment of reference (the
// modification time of the index.lock the batch created before reading),
// on the same device, so any later change of the file gives it another
// ctime. A later batch whose lstat of the file returns the same stat data
// (ctime, mtime, dev, ino, mode, uid, gid, size) therefore knows the
// content without reading it again; another stat data is a miss. Only
// content without "\r\n" is recorded: its conversion to git is the
// identity whatever the attributes say, so the id holds when attributes
// or core.autocrlf change between batches. Safe for concurrent use.
type CheckedFiles struct {
	mu sync.Mutex
	m  map[string]checkedFile
}

// checkedFile is one record: the stat data read and the content's blob id.
type checkedFile struct {
	stat index.Entry
	blob plumbing.Hash
}

// Checked returns r's record of checked working-tree files.
func (r *Repo) Checked() *CheckedFiles { return r.checked }

// StatOf returns the stat data git records for fi (from os.Lstat), as an
// index entry without name or id.
func StatOf(fi os.FileInfo) index.Entry {
	var e index.Entry
	e.SetStat(fi)
	return e
}

// Lookup returns the blob id recorded for rel's content when the file's
// stat data is still st.
func (c *CheckedFiles) Lookup(rel string, st index.Entry) (plumbing.Hash, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.m[rel]
	if !ok || f.stat != st {
		return plumbing.ZeroHash, false
	}
	return f.blob, true
}

// Store records that rel, with stat data st, held content whose blob id
// is blob, read after ref (the stat data of a file the caller created
// before the read) was taken. It records nothing unless st is settled
// against ref (see CheckedFiles) and the content had no "\r\n".
func (c *CheckedFiles) Store(rel string, st, ref index.Entry, content []byte, blob plumbing.Hash) {
	if !settled(st, ref) || hasCRLF(content) {
		c.Forget(rel)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCheckedFiles {
		c.m = map[string]checkedFile{}
	}
	c.m[rel] = checkedFile{stat: st, blob: blob}
}

// Forget drops the record of rel.
func (c *CheckedFiles) Forget(rel string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, rel)
}

// settled reports whether a file of stat data st can no longer change
// without changing its ctime: both of its times lie strictly before ref's
// modification time, on the same device (the same clock), and the
// platform reports ctime and inode numbers at all.
func settled(st, ref index.Entry) bool {
	if st.Ino == 0 || ref.Ino == 0 || st.Dev != ref.Dev {
		return false
	}
	return before(st.CtimeSec, st.CtimeNsec, ref.MtimeSec, ref.MtimeNsec) &&
		before(st.MtimeSec, st.MtimeNsec, ref.MtimeSec, ref.MtimeNsec)
}

// before reports whether time (s1, n1) is strictly earlier than (s2, n2).
func before(s1, n1, s2, n2 uint32) bool {
	return s1 < s2 || (s1 == s2 && n1 < n2)
}

// hasCRLF reports whether content holds a "\r\n".
func hasCRLF(content []byte) bool { return bytes.Contains(content, []byte("\r\n")) }
