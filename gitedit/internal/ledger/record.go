// Package ledger keeps gitedit's session ledgers: for each session S the
// ref refs/gitedit/sessions/S (with a reflog) names the newest of a chain
// of commits, one per recorded batch, whose trees hold the files as the
// session's batches left them (docs/sessions.md).
//
// The chain starts with a start entry (parent: the session's base, the
// commit HEAD named when its first batch ran, none on an unborn branch;
// tree: the base's tree). Each batch adds an entry whose first parent is
// the previous entry and whose tree is the previous tree with only the
// batch's paths set to their new blobs, so git diff --raw E^ E is the
// batch; its message is the batch's commit message, and in commit mode
// its second parent is the branch commit (trailer Edit-Commit). When a
// file's blob before the batch is not what the ledger's tree holds
// (someone else changed it), an outside entry first records that change.
// Start and outside entries carry the trailer Edit-Ledger and no
// Edit-Session.
package ledger

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
)

// The trailers the ledger writes and reads.
const (
	// TrailerLedger marks an entry that records no batch: "start" or
	// "outside".
	TrailerLedger = "Edit-Ledger"
	// TrailerCommit names the branch commit of a commit-mode batch.
	TrailerCommit = "Edit-Commit"
	// TrailerUndoes names, on an undo entry, each entry it took back.
	TrailerUndoes = "Edit-Undoes"
	// TrailerSession, TrailerTool and TrailerAgent are the batch's own.
	TrailerSession = "Edit-Session"
	TrailerTool    = "Edit-Tool"
	TrailerAgent   = "Edit-Agent"
)

// Edit-Ledger values.
const (
	ledgerStart   = "start"
	ledgerOutside = "outside"
)

// Store reads and writes the session ledgers of one repository.
type Store struct {
	db    *objects.DB
	refs  *refs.Store
	trees *objects.Trees
	cache *Cache // nil: none (see WithCache)
	// diffs are the entries' changes Files computed (an entry's diff
	// never changes), so a reader asking twice diffs once.
	diffMu sync.Mutex
	diffs  map[plumbing.Hash][]Change
}

// New returns the ledgers of the repository whose objects are db and
// whose refs are rs.
func New(db *objects.DB, rs *refs.Store) *Store {
	return &Store{db: db, refs: rs, trees: objects.NewTrees(db)}
}

// Side is one side of a file: its blob and git mode. A zero Mode is a
// side where the file does not exist.
type Side struct {
	Hash plumbing.Hash
	Mode filemode.FileMode
}

// Exists reports whether the file exists on this side.
func (s Side) Exists() bool { return s.Mode != 0 }

// Change is one file a batch (or an entry) changed.
type Change struct {
	Path          string
	Before, After Side
}

// Record is one batch to record.
type Record struct {
	// Session is the session id (CheckID accepts it).
	Session string
	// Base is HEAD's commit when the batch started (zero on an unborn
	// branch): the base of a session's new ledger.
	Base plumbing.Hash
	// ReadBase, when set, gives Base, read only for a new ledger (HEAD
	// need not be read for the others).
	ReadBase func() (plumbing.Hash, error)
	// Changes are the batch's files.
	Changes []Change
	// Message is the batch's commit message, as its commit has it (or
	// would have had in commit mode), with its Edit-Session trailer.
	Message string
	// Commit is the branch commit of a commit-mode batch (else zero).
	Commit plumbing.Hash
	// Author and Committer are the entries' identity lines ("Name
	// <email> 1700000000 +0100").
	Author, Committer string
	// WriteBefore, when set, stores the before blob of Changes[i] (a
	// batch writes only its after blobs): it is called for each file an
	// outside entry records, whose tree must name a stored blob.
	WriteBefore func(i int) error
}

// Appended is a recorded batch, which Revoke takes back.
type Appended struct {
	// Entry is the batch's entry; Outside reports an outside entry
	// written before it.
	Entry   plumbing.Hash
	Outside bool
	moved   *refs.Moved
	tree    plumbing.Hash // the entry's tree
}

// maxRetries bounds Publish's compare-and-swap retries: another process
// appending to the same session (from another worktree: in one worktree
// batches serialise on index.lock) makes the ledger move under us.
const maxRetries = 16

// Append writes the entries recording rec (a start entry for a new
// ledger, an outside entry when needed, the batch's entry) and moves the
// ledger ref to it: Prepare, then Publish.
func (s *Store) Append(ctx context.Context, rec Record, timeout time.Duration) (*Appended, error) {
	p, err := s.Prepare(rec)
	if err != nil {
		return nil, err
	}
	return p.Publish(ctx, timeout)
}

// Pending is a batch's entries written on the ledger as it was, not yet
// published.
type Pending struct {
	// BeforeMove, when set, is called with the ledger's lock held and
	// checked, just before the lock is renamed, with the ledger's old tip
	// (zero: a new ledger) and the entry it moves to: an error leaves the
	// ledger as it was (a batch records its intent there, see
	// batch/intent.go).
	BeforeMove func(old, entry plumbing.Hash) error
	// Check, when set, is called with the ledger's lock held and checked,
	// with its old tip, before BeforeMove: an error leaves the ledger as
	// it was. One wrapping ErrInFlight makes Publish call Settle, wait a
	// little and try again, until its timeout (then an error wrapping
	// lockfile.ErrLocked).
	Check  func(old plumbing.Hash) error
	Settle func()
	// Hook, when set, gives the ledger move from old to new of ref its
	// reference-transaction hook (refs.Update.Hook), as git runs it for
	// every ref update.
	Hook Hook
	s    *Store
	rec  Record
	tip  plumbing.Hash
	a    *Appended
}

// Hook gives the reference-transaction hook of a ledger ref's move from
// old to new (new zero: its deletion) as a refs.Update.Hook; nil runs
// none.
type Hook func(old, new plumbing.Hash, ref string) func(state string) error

// deletion is h for the deletion of ref, as refs.Store.DeleteHooked
// takes it: one line "<old> <zero> <ref>", old the value read under the
// lock, as git update-ref -d ref <old> gives it (nil when h is).
func (h Hook) deletion(ref string) func(cur plumbing.Hash) func(string) error {
	if h == nil {
		return nil
	}
	return func(cur plumbing.Hash) func(string) error { return h(cur, plumbing.ZeroHash, ref) }
}

// Prepare writes the entries recording rec on the ledger's newest entry
// (a batch prepares them while it writes its files, and publishes them
// at its point of no return); nothing names them yet.
func (s *Store) Prepare(rec Record) (*Pending, error) {
	if err := CheckID(rec.Session); err != nil {
		return nil, err
	}
	p := &Pending{s: s, rec: rec}
	if err := p.write(); err != nil {
		return nil, fmt.Errorf("record the batch in %s: %w", Ref(rec.Session), err)
	}
	return p, nil
}

// write (re)writes p's entries on the ledger's newest entry.
func (p *Pending) write() error {
	tip, err := p.s.refs.Resolve(Ref(p.rec.Session))
	if err != nil {
		return err
	}
	a, err := p.s.write(p.rec, tip)
	if err == nil {
		p.tip, p.a = tip, a
	}
	return err
}

// Publish moves the ledger ref to p's entry by compare-and-swap under its
// lock file, with a reflog entry. When the ref moved since Prepare, the
// entries are written again on its new value and the swap retried.
func (p *Pending) Publish(ctx context.Context, timeout time.Duration) (*Appended, error) {
	ref := Ref(p.rec.Session)
	deadline := time.Now().Add(timeout)
	for attempt := 0; ; attempt++ {
		moved, err := p.s.refs.ApplyRevertible(ctx, p.update(), timeout)
		if errors.Is(err, ErrInFlight) {
			if err = p.await(ctx, deadline, err); err == nil {
				attempt--
				continue
			}
		}
		if errors.Is(err, refs.ErrStale) && attempt < maxRetries {
			if err := p.write(); err != nil {
				return nil, err
			}
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("record the batch in %s: %w", ref, err)
		}
		p.a.moved = moved
		p.s.cache.keep(p.a.Entry, p.a.tree, p.s.trees)
		return p.a, nil
	}
}

// update is the ledger's move to p's entry, with Check and BeforeMove.
func (p *Pending) update() refs.Update {
	subject, _ := commitmsg.SplitSubject(p.rec.Message)
	u := refs.Update{Ref: Ref(p.rec.Session), Old: p.tip, New: p.a.Entry, Ident: p.rec.Committer, Message: "record: " + subject, CreateLog: true}
	old, entry := p.tip, p.a.Entry
	if p.Hook != nil {
		u.Hook = p.Hook(old, entry, u.Ref)
	}
	if p.Check != nil || p.BeforeMove != nil {
		u.BeforeCommit = func() error {
			if p.Check != nil {
				if err := p.Check(old); err != nil {
					return err
				}
			}
			if p.BeforeMove != nil {
				return p.BeforeMove(old, entry)
			}
			return nil
		}
	}
	return u
}

// inFlightPoll is how often Publish looks again at an entry in flight.
const inFlightPoll = 5 * time.Millisecond

// await settles what it can of an entry in flight (Settle), waits a
// little and writes p's entries again on the ledger as it is now; past
// deadline it gives up, with an error wrapping lockfile.ErrLocked.
func (p *Pending) await(ctx context.Context, deadline time.Time, inFlight error) error {
	if p.Settle != nil {
		p.Settle()
	}
	if !time.Now().Before(deadline) {
		return fmt.Errorf("%w: %w (when no gitedit or git process runs there, remove that worktree's stale index.lock)", lockfile.ErrLocked, inFlight)
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(inFlightPoll):
	}
	return p.write()
}

// Revoke takes back an Append whose batch did not complete: the ledger
// ref and its reflog are put back as they were (the entries' objects stay,
// unreferenced, for git gc). It fails with refs.ErrStale, changing
// nothing, when the ledger moved since.
func (s *Store) Revoke(ctx context.Context, a *Appended, timeout time.Duration) error {
	return s.refs.Revert(ctx, a.moved, timeout)
}

// write writes the entries of rec on the ledger's tip (zero: a new
// ledger) and returns the batch's entry.
func (s *Store) write(rec Record, tip plumbing.Hash) (*Appended, error) {
	parent, tree, err := s.tipOrStart(rec, tip)
	if err != nil {
		return nil, err
	}
	a := &Appended{}
	outside, err := s.outsideChanges(tree, rec)
	if err != nil {
		return nil, err
	}
	if len(outside) > 0 {
		a.Outside = true
		if tree, err = objects.UpdateTree(s.trees, tree, outside); err != nil {
			return nil, err
		}
		if parent, err = s.commit(tree, rec, outsideMessage(rec.Session, outside), parent); err != nil {
			return nil, err
		}
	}
	if tree, err = objects.UpdateTree(s.trees, tree, afterChanges(rec.Changes)); err != nil {
		return nil, err
	}
	parents, msg := []plumbing.Hash{parent}, rec.Message
	if !rec.Commit.IsZero() {
		parents, msg = append(parents, rec.Commit), withTrailer(msg, TrailerCommit, rec.Commit.String())
	}
	if a.Entry, err = s.commit(tree, rec, msg, parents...); err == nil {
		a.tree = tree
	}
	return a, err
}

// tipOrStart returns the ledger's newest entry and its tree; for a new
// ledger (tip zero) it writes the start entry, on rec.Base.
func (s *Store) tipOrStart(rec Record, tip plumbing.Hash) (plumbing.Hash, plumbing.Hash, error) {
	if !tip.IsZero() {
		if tree, ok := s.cache.tree(tip); ok {
			return tip, tree, nil
		}
		e, err := s.entry(tip)
		if err != nil {
			return plumbing.ZeroHash, plumbing.ZeroHash, err
		}
		if !e.of(rec.Session) {
			return plumbing.ZeroHash, plumbing.ZeroHash, foreignTip(rec.Session, tip, e)
		}
		return tip, e.Tree, nil
	}
	tree := objects.EmptyTree
	var parents []plumbing.Hash
	if rec.ReadBase != nil {
		var err error
		if rec.Base, err = rec.ReadBase(); err != nil {
			return plumbing.ZeroHash, plumbing.ZeroHash, err
		}
	}
	if !rec.Base.IsZero() {
		var err error
		if tree, err = objects.CommitTree(s.db, rec.Base); err != nil {
			return plumbing.ZeroHash, plumbing.ZeroHash, err
		}
		parents = append(parents, rec.Base)
	} else if _, err := s.db.Write(plumbing.TreeObject, nil); err != nil {
		return plumbing.ZeroHash, plumbing.ZeroHash, err
	}
	msg := fmt.Sprintf("%s\n\n%s: %s\n", startSubject(rec.Session), TrailerLedger, ledgerStart)
	start, err := s.commit(tree, rec, msg, parents...)
	return start, tree, err
}

// of reports whether e can be an entry of session's ledger: one whose
// Edit-Session names the session, or a start or outside entry whose
// subject names it (they carry no Edit-Session). A ledger ref that names
// anything else was moved by something other than gitedit (a hook, git
// update-ref), and an entry appended there would root the ledger on that
// commit's history (another session's entry: on that session's batches).
func (e *Entry) of(session string) bool {
	switch e.Kind {
	case Start:
		return e.Subject == startSubject(session)
	case Outside:
		return e.Subject == outsideSubject(session)
	}
	return e.Trailer(TrailerSession) == session
}

// startSubject and outsideSubject are the subjects of session's start
// and outside entries.
func startSubject(session string) string   { return "Start of session " + session }
func outsideSubject(session string) string { return "Changes made outside session " + session }

// foreignTip is the refusal to append to, or read, a ledger ref that
// names tip when its entry e (tip itself, or an older entry a reader
// walked to) is no entry of the session's (see Entry.of). An entry of a
// session whose id differs only in case is the same ref file on a
// case-insensitive file system (core.ignorecase): dropping the ref would
// drop that session's ledger, so the message says to use another id.
// Ids that differ in Unicode normalisation ("é" as U+00E9, or "e" and
// U+0301) are one file on macOS too; telling them apart would take
// Unicode's composition tables, so an entry of another session whose id
// and this one both hold non-ASCII characters gets the same advice,
// hedged (docs/sessions.md).
func foreignTip(session string, tip plumbing.Hash, e *Entry) error {
	names := fmt.Sprintf("%s names %s", Ref(session), tip)
	if e.ID != tip {
		names += fmt.Sprintf(", whose chain holds %s", e.ID)
	}
	other := e.Trailer(TrailerSession)
	switch {
	case other != session && strings.EqualFold(other, session):
		return fmt.Errorf("%w: %s, an entry of session %s: ids that differ only in case name one ref file on a case-insensitive file system; nothing was changed (use the id %s, or an id of other letters)",
			ErrBroken, names, other, other)
	case other != "" && other != session && !ascii(other) && !ascii(session):
		return fmt.Errorf("%w: %s, an entry of session %s: if the two ids differ only in Unicode normalisation (an accented letter as one character, or as a letter and a combining accent), they name one ref file on a file system that does not tell them apart (macOS), and gitedit session drop %s would drop that session's ledger; nothing was changed (use the id %s, or an id of other letters)",
			ErrBroken, names, other, session, other)
	}
	return fmt.Errorf("%w: %s, which is no entry of session %s (something other than gitedit moved it); nothing was changed (gitedit session drop %s deletes the ref)",
		ErrBroken, names, session, session)
}

// commit writes one ledger commit.
func (s *Store) commit(tree plumbing.Hash, rec Record, msg string, parents ...plumbing.Hash) (plumbing.Hash, error) {
	return objects.WriteCommit(s.db, objects.Commit{Tree: tree, Parents: parents, Author: rec.Author, Committer: rec.Committer, Message: msg})
}

// afterChanges sets each path to its new side.
func afterChanges(changes []Change) []objects.TreeChange {
	out := make([]objects.TreeChange, len(changes))
	for i, c := range changes {
		out[i] = treeChange(c.Path, c.After)
	}
	return out
}

// treeChange sets path to side (removing it when side does not exist).
func treeChange(path string, side Side) objects.TreeChange {
	if !side.Exists() {
		return objects.TreeChange{Path: path, Delete: true}
	}
	return objects.TreeChange{Path: path, Hash: side.Hash, Mode: side.Mode}
}

// withTrailer appends the trailer "key: value" to msg's trailer block
// (starting one when its last paragraph is not a trailer block).
func withTrailer(msg, key, value string) string {
	msg = strings.TrimRight(msg, "\n") + "\n"
	line := key + ": " + value + "\n"
	if had := len(commitmsg.Parse(msg)); had > 0 && len(commitmsg.Parse(msg+line)) == had+1 {
		return msg + line
	}
	return msg + "\n" + line
}

// outsideMessage describes an outside entry.
func outsideMessage(session string, changes []objects.TreeChange) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n", outsideSubject(session))
	const listed = 100
	for i, c := range changes {
		if i == listed {
			fmt.Fprintf(&b, "and %d more\n", len(changes)-listed)
			break
		}
		b.WriteString(commitmsg.SafeLine(commitmsg.Path(c.Path)+": changed outside the session") + "\n")
	}
	fmt.Fprintf(&b, "\n%s: %s\n", TrailerLedger, ledgerOutside)
	return b.String()
}

// ascii reports whether s holds only ASCII bytes.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
