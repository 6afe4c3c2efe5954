package refs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// Moved is a ref update that Revert can take back: the update and the
// size its ref's reflog had before it (-1: none).
type Moved struct {
	Update
	LogSize int64
}

// ApplyRevertible is Apply for a ref that HEAD does not point at (a
// session ledger, say): it also returns what Revert needs to put the ref
// and its reflog back.
func (s *Store) ApplyRevertible(ctx context.Context, u Update, timeout time.Duration) (*Moved, error) {
	if u.New.IsZero() {
		return nil, fmt.Errorf("update %s: deleting a ref is not supported", u.Ref)
	}
	if err := checkName(u.Ref); err != nil || perWorktree(u.Ref) {
		return nil, fmt.Errorf("update ref %q: not a shared ref (%v)", u.Ref, err)
	}
	m := &Moved{Update: u}
	if err := s.applyLocked(ctx, u, u.Ref, false, timeout, &m.LogSize); err != nil {
		return nil, err
	}
	return m, nil
}

// Revert puts back a ref that ApplyRevertible moved: under its lock, if
// it still holds m.New (else ErrStale, and nothing changes), to m.Old
// (removing it when m.Old is zero), its reflog cut back to the size it
// had (removed when it had none).
func (s *Store) Revert(ctx context.Context, m *Moved, timeout time.Duration) error {
	lk, err := s.lock(ctx, m.Ref, timeout)
	if err != nil {
		return err
	}
	defer lk.Rollback()
	cur, err := s.read(m.Ref)
	if err != nil {
		return err
	}
	if cur.symref != "" || cur.hash != m.New {
		return fmt.Errorf("revert %s: expected %s, found %s: %w", m.Ref, describe(m.New), describe(cur.hash), ErrStale)
	}
	if err := s.cutLog(m.Ref, m.LogSize); err != nil {
		return err
	}
	if m.Old.IsZero() {
		return removeIfExists(s.refPath(m.Ref))
	}
	if _, err := lk.Write([]byte(m.Old.String() + "\n")); err != nil {
		return fmt.Errorf("write %s: %w", lk.Path(), err)
	}
	return lk.Commit()
}

// logSize returns the size of name's reflog, -1 when it has none.
func (s *Store) logSize(name string) int64 {
	fi, err := os.Stat(s.logPath(name))
	if err != nil {
		return -1
	}
	return fi.Size()
}

// cutLog truncates name's reflog to size bytes, or removes it when size
// is negative.
func (s *Store) cutLog(name string, size int64) error {
	p := s.logPath(name)
	if size < 0 {
		return removeIfExists(p)
	}
	if err := os.Truncate(p, size); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("restore the reflog of %s: %w", name, err)
	}
	return nil
}

// removeIfExists removes the file at p; a missing one is no error.
func removeIfExists(p string) error {
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Delete removes the ref name (loose and packed) and its reflog, under
// the ref's lock, when it holds old (zero: whatever it holds; else
// ErrStale and nothing changes). A missing ref is no error.
func (s *Store) Delete(ctx context.Context, name string, old plumbing.Hash, timeout time.Duration) error {
	return s.DeleteHooked(ctx, name, old, timeout, nil)
}

// DeleteHooked is Delete that runs, when hook is set, the
// reference-transaction hook hook(cur) returns (cur: the value read
// under the ref's lock), as git update-ref -d runs it: "prepared" once
// the ref is locked and checked (an error aborts: "aborted" is run, the
// error returned, nothing changes), then "committed" once the ref is
// gone, or "aborted" when deleting it failed.
func (s *Store) DeleteHooked(ctx context.Context, name string, old plumbing.Hash, timeout time.Duration, hook func(cur plumbing.Hash) func(state string) error) error {
	if err := checkName(name); err != nil || perWorktree(name) {
		return fmt.Errorf("delete ref %q: not a shared ref (%v)", name, err)
	}
	lk, err := s.lock(ctx, name, timeout)
	if err != nil {
		return err
	}
	defer lk.Rollback()
	cur, err := s.read(name)
	if err != nil {
		return err
	}
	if !old.IsZero() && cur.hash != old {
		return fmt.Errorf("delete %s: expected %s, found %s: %w", name, describe(old), describe(cur.hash), ErrStale)
	}
	if hook == nil {
		return s.deleteLocked(ctx, name, timeout)
	}
	run := hook(cur.hash)
	if err := run("prepared"); err != nil {
		_ = run("aborted")
		return err
	}
	err = s.deleteLocked(ctx, name, timeout)
	state := "committed"
	if err != nil {
		state = "aborted"
	}
	_ = run(state)
	return err
}

// deleteLocked deletes name, whose lock the caller holds: from
// packed-refs, its loose file, and its reflog.
func (s *Store) deleteLocked(ctx context.Context, name string, timeout time.Duration) error {
	if err := s.unpack(ctx, name, timeout); err != nil {
		return err
	}
	if err := removeIfExists(s.refPath(name)); err != nil {
		return fmt.Errorf("delete %s: %w", name, err)
	}
	return s.cutLog(name, -1)
}

// unpack removes name (and its peeled line) from packed-refs, under
// packed-refs.lock, when it is there.
func (s *Store) unpack(ctx context.Context, name string, timeout time.Duration) error {
	p := filepath.Join(s.CommonDir, "packed-refs")
	data, err := wtfs.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read packed-refs: %w", err)
	}
	if !bytes.Contains(data, []byte(" "+name+"\n")) {
		return nil
	}
	lk, err := lockfile.Acquire(ctx, p, timeout)
	if err != nil {
		return fmt.Errorf("lock packed-refs: %w", err)
	}
	defer lk.Rollback()
	lk.SetSync(s.Sync, s.Sync != nil && s.SyncFolder)
	if data, err = wtfs.ReadFile(p); err != nil { // again, under the lock
		return fmt.Errorf("read packed-refs: %w", err)
	}
	if _, err := lk.Write(withoutPacked(data, name)); err != nil {
		return fmt.Errorf("write packed-refs: %w", err)
	}
	return lk.Commit()
}

// withoutPacked returns packed-refs content without the line of name and
// the peeled "^" line that follows it.
func withoutPacked(data []byte, name string) []byte {
	var out bytes.Buffer
	skipping := false
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		if skipping && bytes.HasPrefix(line, []byte("^")) {
			continue
		}
		text := string(bytes.TrimRight(line, "\r\n"))
		skipping = len(text) > 41 && text[0] != '#' && text[0] != '^' && text[40] == ' ' && text[41:] == name
		if !skipping {
			out.Write(line)
		}
	}
	return out.Bytes()
}

// Ref is a ref's full name and value.
type Ref struct {
	Name string
	Hash plumbing.Hash
}

// List returns the refs whose full names start with prefix (which ends
// with "/"), loose and packed (a loose one wins), sorted by name.
// Symbolic refs and unreadable loose files are left out.
func (s *Store) List(prefix string) ([]Ref, error) {
	found := map[string]plumbing.Hash{}
	if err := s.listPacked(prefix, found); err != nil {
		return nil, err
	}
	dir := filepath.Join(s.CommonDir, filepath.FromSlash(prefix))
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, lockfile.Suffix) {
			return nil
		}
		rel, err := filepath.Rel(s.CommonDir, p)
		if err != nil {
			return nil
		}
		name := filepath.ToSlash(rel)
		if v, err := s.readLoose(name); err == nil && v.exists && v.symref == "" && checkName(name) == nil {
			found[name] = v.hash
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("list %s: %w", prefix, err)
	}
	out := make([]Ref, 0, len(found))
	for name, h := range found {
		out = append(out, Ref{name, h})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// listPacked adds the packed refs under prefix to found.
func (s *Store) listPacked(prefix string, found map[string]plumbing.Hash) error {
	return s.eachPacked(func(line []byte) bool {
		if name := packedName(line); strings.HasPrefix(name, prefix) {
			if h, err := parseHash(string(line[:40])); err == nil {
				found[name] = h
			}
		}
		return false
	})
}
