package main

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// floor does, in this process, only the writes one MCP edit call cannot
// avoid, on a repository like the server's in the same folder: what the
// disk costs whoever makes the call. Without commit: index.lock created,
// one loose blob (a temporary file in objects/xx, written, renamed; the
// folder made when missing), the edited file (a temporary file renamed
// over it), the index written to the lock and renamed over the index.
// With commit, also: two trees and a commit object as loose objects,
// HEAD.lock and the branch's lock created (git locks HEAD too when it
// moves the branch through it), the two reflog appends, the branch's lock
// renamed over it and HEAD.lock removed. With core.fsync set, every file
// written is synced, as git syncs it. Nothing is read but the file's
// first content and the index, once, before timing.
type floor struct {
	dir    string
	commit bool
	ledger bool // also the writes of a session ledger entry (ledgerWrites)
	sync   bool
	index  []byte
	n      int
	z      bytes.Buffer
	zw     *zlib.Writer // reused, as a long-running writer keeps it
}

// newFloor prepares a floor on a fresh 50-file repository named name.
func (b *bench) newFloor(name string, commit bool) (*floor, error) {
	dir, err := b.repo(name, 50, benchrepo.ConstBody)
	if err != nil {
		return nil, err
	}
	index, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	if err != nil {
		return nil, err
	}
	return &floor{dir: dir, commit: commit, sync: b.s.fsync != "", index: index}, nil
}

// call does the writes of one edit call on file f and returns their time.
func (fl *floor) call(f int, content string) (time.Duration, error) {
	fl.n++
	start := time.Now()
	err := fl.writes(f, content)
	return time.Since(start), err
}

// writes is call's work.
func (fl *floor) writes(f int, content string) error {
	git := filepath.Join(fl.dir, ".git")
	lock, err := os.OpenFile(filepath.Join(git, "index.lock"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := fl.object("blob", []byte(content)); err != nil {
		return err
	}
	if err := fl.replace(filepath.Join(fl.dir, benchrepo.FileName(f)), []byte(content)); err != nil {
		return err
	}
	if fl.commit {
		if err := fl.commitWrites(git); err != nil {
			return err
		}
	}
	if fl.ledger {
		if err := fl.ledgerWrites(git); err != nil {
			return err
		}
	}
	if err := fl.finish(lock, fl.index); err != nil {
		return err
	}
	return os.Rename(lock.Name(), filepath.Join(git, "index"))
}

// commitWrites writes the trees, the commit and moves the branch.
func (fl *floor) commitWrites(git string) error {
	tree := bytes.Repeat([]byte("100644 f00000.go\x00aaaaaaaaaaaaaaaaaaaa"), 50)
	for _, o := range [][]byte{tree, []byte("40000 d000\x00aaaaaaaaaaaaaaaaaaaa")} {
		if err := fl.object("tree", append(o, strconv.Itoa(fl.n)...)); err != nil {
			return err
		}
	}
	if err := fl.object("commit", bytes.Repeat([]byte("commit message and trailers "), 14)); err != nil {
		return err
	}
	head, err := os.OpenFile(filepath.Join(git, "HEAD.lock"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	head.Close()
	branch := filepath.Join(git, "refs", "heads", "main")
	ref, err := os.OpenFile(branch+".lock", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	if err := fl.finish(ref, []byte(fmt.Sprintf("%040x\n", fl.n))); err != nil {
		return err
	}
	line := []byte(fmt.Sprintf("%040x %040x bench <bench@example.com> 1700000000 +0000\tcommit: floor\n", fl.n-1, fl.n))
	for _, log := range []string{filepath.Join(git, "logs", "refs", "heads", "main"), filepath.Join(git, "logs", "HEAD")} {
		if err := fl.appendTo(log, line); err != nil {
			return err
		}
	}
	if err := os.Rename(branch+".lock", branch); err != nil {
		return err
	}
	return os.Remove(head.Name())
}

// ledgerWrites writes what recording a batch in a session ledger cannot
// avoid (docs/sessions.md): the entry's two trees (the edited folder's,
// the root) and its commit as loose objects, the ledger ref's lock
// created and written, its reflog appended to, the lock renamed over the
// ref.
func (fl *floor) ledgerWrites(git string) error {
	tree := bytes.Repeat([]byte("100644 f00000.go\x00aaaaaaaaaaaaaaaaaaaa"), 50)
	for _, o := range [][]byte{tree, []byte("40000 d000\x00bbbbbbbbbbbbbbbbbbbb")} {
		if err := fl.object("tree", append(o, strconv.Itoa(fl.n)...)); err != nil {
			return err
		}
	}
	if err := fl.object("commit", bytes.Repeat([]byte("ledger entry message and trailers "), 14)); err != nil {
		return err
	}
	ref := filepath.Join(git, "refs", "gitedit", "sessions", "floor")
	lock, err := os.OpenFile(ref+".lock", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	if err := fl.finish(lock, []byte(fmt.Sprintf("%040x\n", fl.n))); err != nil {
		return err
	}
	line := []byte(fmt.Sprintf("%040x %040x bench <bench@example.com> 1700000000 +0000\trecord: floor\n", fl.n-1, fl.n))
	if err := fl.appendTo(filepath.Join(git, "logs", "refs", "gitedit", "sessions", "floor"), line); err != nil {
		return err
	}
	return os.Rename(ref+".lock", ref)
}

// newLedgerFloor is newFloor (staging mode) with the ledger's writes, its
// ref's folder and reflog made first.
func (b *bench) newLedgerFloor(name string) (*floor, error) {
	fl, err := b.newFloor(name, false)
	if err != nil {
		return nil, err
	}
	fl.ledger = true
	git := filepath.Join(fl.dir, ".git")
	for _, d := range []string{filepath.Join(git, "refs", "gitedit", "sessions"), filepath.Join(git, "logs", "refs", "gitedit", "sessions")} {
		if err := os.MkdirAll(d, 0o777); err != nil {
			return nil, err
		}
	}
	return fl, os.WriteFile(filepath.Join(git, "logs", "refs", "gitedit", "sessions", "floor"), nil, 0o666)
}

// object writes a loose object as git does: deflated into a temporary
// file in its fan-out folder (made when missing), renamed to its id.
func (fl *floor) object(kind string, body []byte) error {
	raw := append([]byte(fmt.Sprintf("%s %d\x00", kind, len(body))), body...)
	sum := sha1.Sum(raw)
	id := hex.EncodeToString(sum[:])
	fl.z.Reset()
	if fl.zw == nil {
		fl.zw = zlib.NewWriter(&fl.z)
	}
	fl.zw.Reset(&fl.z)
	fl.zw.Write(raw)
	fl.zw.Close()
	dir := filepath.Join(fl.dir, ".git", "objects", id[:2])
	tmp := filepath.Join(dir, "tmp_obj_"+strconv.Itoa(fl.n))
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o444)
	if errors.Is(err, fs.ErrNotExist) {
		if err = os.Mkdir(dir, 0o777); err == nil {
			f, err = os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o444)
		}
	}
	if err != nil {
		return err
	}
	if err := fl.finish(f, fl.z.Bytes()); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, id[2:]))
}

// replace writes content to a temporary file beside path and renames it
// over path.
func (fl *floor) replace(path string, content []byte) error {
	tmp := filepath.Join(filepath.Dir(path), ".floor-"+strconv.Itoa(fl.n)+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if err := fl.finish(f, content); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// appendTo appends line to the file at path (a reflog).
func (fl *floor) appendTo(path string, line []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	return fl.finish(f, line)
}

// finish writes data to f, syncs it when core.fsync asks, and closes it.
func (fl *floor) finish(f *os.File, data []byte) error {
	_, err := f.Write(data)
	if err == nil && fl.sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
