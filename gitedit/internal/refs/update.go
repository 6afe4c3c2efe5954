package refs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// Update describes one ref move.
type Update struct {
	// Ref is the full ref name to move, or "HEAD" for a detached HEAD (a
	// symbolic HEAD moves the branch it points at, as git does).
	Ref string
	// Old is the value the ref must have (zero: it must not exist yet).
	Old plumbing.Hash
	// New is the value to set.
	New plumbing.Hash
	// Ident is the reflog identity: "Name <email> 1700000000 +0100".
	Ident string
	// Message is the reflog message ("commit: subject"); whitespace runs,
	// newlines included, become one space, as git writes them.
	Message string
	// Hook, when set, is called as git calls the reference-transaction
	// hook: "prepared" with the refs locked and checked (an error aborts
	// the update: Hook("aborted") is called and the error returned), and
	// "committed" once the ref moved.
	Hook func(state string) error
	// BeforeCommit, when set, is called with the ref locked and checked,
	// its new value written to the lock and its reflog entries written,
	// just before the lock is renamed: an error leaves the ref and the
	// reflogs as they were and is returned. (A batch publishes its
	// session's ledger entry there, so that only this rename separates
	// the two moves.)
	BeforeCommit func() error
	// OnHead, for the branch HEAD pointed at when the caller read it,
	// requires HEAD to point at it still: when HEAD was switched to
	// another branch or detached since (a commit hook, another process),
	// the update fails with ErrHeadMoved and changes nothing, as git
	// commit's update of HEAD fails when HEAD lost the value it read.
	OnHead bool
	// CreateLog creates the ref's reflog when it is missing, whatever
	// core.logAllRefUpdates says (gitedit's session ledgers always have
	// one, as git's refs/stash does).
	CreateLog bool
}

// Apply moves the ref under "<ref>.lock" (waiting up to timeout, then an
// error wrapping lockfile.ErrLocked), checks Old (else ErrStale), writes
// the loose ref, and appends reflog entries to the ref's log and, when HEAD
// points at the ref (or the ref is a detached HEAD), to logs/HEAD. When
// HEAD points at the ref, HEAD.lock is held too (taken first, as git does),
// so that HEAD cannot move away during the update. On any error the ref is
// left as it was. Deleting a ref (New zero) is not supported.
func (s *Store) Apply(ctx context.Context, u Update, timeout time.Duration) error {
	if u.New.IsZero() {
		return fmt.Errorf("update %s: deleting a ref is not supported", u.Ref)
	}
	if err := checkName(u.Ref); err != nil {
		return fmt.Errorf("update ref: %w", err)
	}
	head, err := s.readLoose("HEAD")
	if err != nil {
		return err
	}
	ref, viaHead := target(u.Ref, head)
	if u.OnHead && !viaHead {
		return fmt.Errorf("update %s: %w", u.Ref, ErrHeadMoved)
	}
	if viaHead && ref != "HEAD" {
		headLock, err := s.lock(ctx, "HEAD", timeout)
		if err != nil {
			return err
		}
		defer headLock.Rollback()
		// Read HEAD again under HEAD.lock: it may have moved meanwhile.
		if head, err = s.readLoose("HEAD"); err != nil {
			return err
		}
		if ref, viaHead = target(u.Ref, head); ref == "HEAD" {
			return fmt.Errorf("update %s: HEAD was detached meanwhile: %w", u.Ref, ErrStale)
		}
		if u.OnHead && !viaHead {
			return fmt.Errorf("update %s: %w", u.Ref, ErrHeadMoved)
		}
	}
	return s.applyLocked(ctx, u, ref, viaHead, timeout, nil)
}

// target returns the ref an update of name moves (HEAD's branch when name
// is HEAD and head, HEAD's value, is symbolic) and whether HEAD points at
// it. The ref itself is read once, under its lock (see applyLocked), as
// git's files backend reads it: reading it before would cost a read of a
// file about to be read again.
func target(name string, head value) (ref string, viaHead bool) {
	if name == "HEAD" && head.symref != "" {
		name = head.symref
	}
	return name, name == "HEAD" || head.symref == name
}

// applyLocked takes the ref's lock, checks and writes it, and logs the move.
// With logSize set, the size of the ref's reflog before the update is
// stored there (-1: it had none), for Revert.
func (s *Store) applyLocked(ctx context.Context, u Update, ref string, logHead bool, timeout time.Duration, logSize *int64) error {
	lk, err := s.lock(ctx, ref, timeout)
	if err != nil {
		return err
	}
	defer lk.Rollback()
	cur, err := s.read(ref)
	if err != nil {
		return err
	}
	if cur.symref != "" && ref != "HEAD" {
		return fmt.Errorf("update %s: symbolic ref to %s is not supported: %w", ref, cur.symref, ErrSymbolic)
	}
	if cur.symref != "" || cur.hash != u.Old {
		return fmt.Errorf("update %s: expected %s, found %s: %w", ref, describe(u.Old), describe(cur.hash), ErrStale)
	}
	if !cur.exists {
		if err := s.checkAvailable(ref); err != nil {
			return fmt.Errorf("update %s: %w", ref, err)
		}
	}
	if u.Hook != nil {
		if err := u.Hook("prepared"); err != nil {
			_ = u.Hook("aborted")
			return err
		}
	}
	err = s.writeLocked(u, lk, ref, logHead, logSize)
	if u.Hook != nil {
		state := "committed"
		if err != nil {
			state = "aborted" // as git's transaction, aborted after prepared
		}
		_ = u.Hook(state)
	}
	return err
}

// writeLocked writes u's new value to the lock lk of ref, logs the move
// and renames the lock.
func (s *Store) writeLocked(u Update, lk *lockfile.File, ref string, logHead bool, logSize *int64) error {
	if _, err := lk.Write([]byte(u.New.String() + "\n")); err != nil {
		return fmt.Errorf("write %s: %w", lk.Path(), err)
	}
	if logSize != nil {
		*logSize = s.logSize(ref)
	}
	if err := s.logUpdatesThen(u, ref, logHead); err != nil {
		return err
	}
	if err := lk.Commit(); err != nil {
		return fmt.Errorf("update %s: %w", ref, err)
	}
	return nil
}

// describe names a ref value in an error message.
func describe(h plumbing.Hash) string {
	if h.IsZero() {
		return "no ref"
	}
	return h.String()
}

// lock takes "<ref>.lock", creating the ref's folders first as git does.
func (s *Store) lock(ctx context.Context, ref string, timeout time.Duration) (*lockfile.File, error) {
	p := s.refPath(ref)
	lk, err := lockfile.Acquire(ctx, p, timeout)
	if errors.Is(err, fs.ErrNotExist) {
		// The ref's folder is missing: create it and try again (most
		// updates find it, and spare the stat a MkdirAll costs first).
		if err := s.Shared.MkdirAll(filepath.Dir(p)); err != nil {
			return nil, fmt.Errorf("lock %s: %w", ref, err)
		}
		lk, err = lockfile.Acquire(ctx, p, timeout)
	}
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", ref, err)
	}
	if err := s.Shared.Adjust(lk.Path()); err != nil {
		_ = lk.Rollback()
		return nil, fmt.Errorf("lock %s: %w", ref, err)
	}
	lk.SetSync(s.Sync, s.Sync != nil && s.SyncFolder)
	return lk, nil
}

// logUpdatesThen logs the update (logUpdates) and calls u.BeforeCommit,
// if set; when it fails, the reflogs are cut back to what they were.
func (s *Store) logUpdatesThen(u Update, ref string, logHead bool) error {
	if u.BeforeCommit == nil {
		return s.logUpdates(u, ref, logHead)
	}
	refLog, headLog := s.logSize(ref), s.logSize("HEAD")
	err := s.logUpdates(u, ref, logHead)
	if err == nil {
		err = u.BeforeCommit()
	}
	if err != nil {
		_ = s.cutLog(ref, refLog)
		if logHead && ref != "HEAD" {
			_ = s.cutLog("HEAD", headLog)
		}
	}
	return err
}

// logUpdates appends the reflog entry to ref's log and, with logHead and a
// ref other than HEAD, to HEAD's log.
func (s *Store) logUpdates(u Update, ref string, logHead bool) error {
	line := reflogLine(u)
	if err := s.appendLog(ref, line, u.CreateLog); err != nil {
		return err
	}
	if logHead && ref != "HEAD" {
		return s.appendLog("HEAD", line, false)
	}
	return nil
}

// reflogLine is "<old> <new> <ident>\t<message>\n", the tab and message
// left out when the message is empty, as git writes it.
func reflogLine(u Update) string {
	line := u.Old.String() + " " + u.New.String() + " " + u.Ident
	if msg := cleanMessage(u.Message); msg != "" {
		line += "\t" + msg
	}
	return line + "\n"
}

// cleanMessage collapses whitespace runs into one space and trims both
// ends, as git's copy_reflog_msg does.
func cleanMessage(msg string) string {
	return strings.Join(strings.Fields(msg), " ")
}

// appendLog appends line to name's reflog, creating the file and its
// folders when core.logAllRefUpdates asks for it; a reflog it creates
// gets core.sharedRepository's permissions, as git's log_ref_setup gives
// it.
func (s *Store) appendLog(name, line string, force bool) error {
	p, create := s.logPath(name), force || s.autoCreateLog(name)
	f, created, err := s.openLog(p, create)
	if errors.Is(err, os.ErrNotExist) && !create {
		return nil // no reflog, and none to create
	}
	if err != nil {
		return fmt.Errorf("open reflog of %s: %w", name, err)
	}
	if created {
		if err := s.Shared.Adjust(p); err != nil {
			f.Close()
			return fmt.Errorf("create reflog of %s: %w", name, err)
		}
	}
	if _, err := f.WriteString(line); err != nil {
		f.Close()
		return fmt.Errorf("append reflog of %s: %w", name, err)
	}
	if s.Sync != nil {
		if err := s.Sync(f); err != nil {
			f.Close()
			return fmt.Errorf("sync reflog of %s: %w", name, err)
		}
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("append reflog of %s: %w", name, err)
	}
	return nil
}

// openLog opens the reflog at p for appending. A missing one is created,
// with its folders, when create is set (created then reports it; a
// missing one not created is os.ErrNotExist).
func (s *Store) openLog(p string, create bool) (f *os.File, created bool, err error) {
	f, err = wtfs.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	if !errors.Is(err, os.ErrNotExist) || !create {
		return f, false, err
	}
	flags := os.O_WRONLY | os.O_APPEND | os.O_CREATE
	if f, err = wtfs.OpenFile(p, flags, 0o666); errors.Is(err, os.ErrNotExist) {
		// Its folder is missing: create it and open again.
		if err := s.Shared.MkdirAll(filepath.Dir(p)); err != nil {
			return nil, false, err
		}
		f, err = wtfs.OpenFile(p, flags, 0o666)
	}
	return f, err == nil, err
}

// autoCreateLog reports whether a missing reflog of name is created.
func (s *Store) autoCreateLog(name string) bool {
	switch s.LogAllRefUpdates {
	case "always":
		return true
	case "false":
		return false
	}
	for _, p := range []string{"refs/heads/", "refs/remotes/", "refs/notes/"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return name == "HEAD"
}
