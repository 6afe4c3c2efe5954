package ledger

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
)

// ErrNoSession is wrapped when a session has no ledger.
var ErrNoSession = errors.New("no such session")

// ErrBroken is wrapped when a ledger's chain does not end in a start
// entry.
var ErrBroken = errors.New("the session's ledger is broken")

// maxEntries bounds a ledger walk.
const maxEntries = 1_000_000

// Kind is what an entry records.
type Kind int

// The kinds of entries.
const (
	// Batch records one batch (an undo or a land included).
	Batch Kind = iota
	// Outside records changes made outside the session.
	Outside
	// Start starts the ledger; its parent is the session's base.
	Start
)

// String names the kind.
func (k Kind) String() string {
	return [...]string{"batch", "outside", "start"}[k]
}

// Entry is one commit of a ledger.
type Entry struct {
	ID   plumbing.Hash
	Kind Kind
	// Parent is the previous entry (for the start entry: the base, zero
	// on an unborn branch); Tree is the entry's tree, ParentTree the
	// previous entry's (zero for the start entry).
	Parent, Tree, ParentTree plumbing.Hash
	// Commit is the branch commit of a commit-mode batch (else zero).
	Commit plumbing.Hash
	// Message is the commit message; Subject its first line.
	Message, Subject string
	// Trailers are the message's trailers, in order.
	Trailers []commitmsg.Trailer
	// Tool and Agent are the Edit-Tool and Edit-Agent trailers.
	Tool, Agent string
	// Undoes are the entries an undo entry took back (Edit-Undoes).
	Undoes []plumbing.Hash
	// Undone reports a batch that a newer undo entry took back.
	Undone            bool
	Author, Committer objects.Signature
}

// Trailer returns the first value of the trailer key ("" for none).
func (e *Entry) Trailer(key string) string {
	for _, t := range e.Trailers {
		if t.Key == key {
			return t.Value
		}
	}
	return ""
}

// Session is one session's ledger, read whole.
type Session struct {
	// ID is the session id; Ref its ledger ref; Tip the newest entry.
	ID, Ref string
	Tip     plumbing.Hash
	// Base is the commit the session started from (zero: an unborn
	// branch).
	Base plumbing.Hash
	// Entries are the ledger's entries, newest first, the start entry
	// last.
	Entries []*Entry
}

// Read reads session id's ledger (ErrNoSession when it has none).
func (s *Store) Read(ctx context.Context, id string) (*Session, error) {
	tip, err := s.tip(id)
	if err != nil {
		return nil, err
	}
	return s.readFrom(ctx, id, tip)
}

// tip returns the newest entry of session id's ledger: invalid ids are
// refused (ErrInvalidID), a missing ledger is ErrNoSession.
func (s *Store) tip(id string) (plumbing.Hash, error) {
	if err := CheckID(id); err != nil {
		return plumbing.ZeroHash, err
	}
	tip, err := s.refs.Resolve(Ref(id))
	if err == nil && tip.IsZero() {
		err = fmt.Errorf("%w: %s", ErrNoSession, id)
	}
	return tip, err
}

// readFrom walks the ledger of id from tip to its start entry.
func (s *Store) readFrom(ctx context.Context, id string, tip plumbing.Hash) (*Session, error) {
	sess := &Session{ID: id, Ref: Ref(id), Tip: tip}
	err := s.walk(ctx, id, tip, func(e *Entry) bool {
		sess.Entries = append(sess.Entries, e)
		if e.Kind == Start {
			sess.Base = e.Parent
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	return sess, nil
}

// Walk calls fn on the entries of session id's ledger, newest first,
// until fn returns false or the start entry was passed (ErrNoSession
// when the session has no ledger). Each entry comes with ParentTree and
// Undone set (an undo is always newer than what it took back), so a
// caller that needs only the newest entries reads only those (and the
// parent of the last one).
func (s *Store) Walk(ctx context.Context, id string, fn func(*Entry) bool) error {
	tip, err := s.tip(id)
	if err != nil {
		return err
	}
	return s.walk(ctx, id, tip, fn)
}

// walk calls fn on the entries of session id's ledger from tip, newest
// first: each is read with its parent entry (for its ParentTree) before
// fn sees it. A chain that does not end in a start entry is ErrBroken
// once the walk gets there; an error says how to get rid of the ledger.
// An entry of another session (see Entry.of: a ref moved by hand onto
// that session's ledger) is ErrBroken as soon as the walk reads it, as
// a batch refuses to append to it, so a reader never lists another
// session's batches as id's.
func (s *Store) walk(ctx context.Context, id string, tip plumbing.Hash, fn func(*Entry) bool) error {
	broken := func(err error) error { return fmt.Errorf("%w (gitedit session drop %s deletes the ledger)", err, id) }
	undone := map[plumbing.Hash]bool{}
	e, err := s.entry(tip)
	for n := 1; err == nil && n <= maxEntries; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !e.of(id) {
			return foreignTip(id, tip, e)
		}
		for _, u := range e.Undoes {
			undone[u] = true
		}
		e.Undone = e.Kind == Batch && undone[e.ID]
		if e.Kind == Start {
			fn(e)
			return nil
		}
		if e.Parent.IsZero() {
			break
		}
		next, err := s.entry(e.Parent)
		if err != nil {
			return broken(err)
		}
		e.ParentTree = next.Tree
		if !fn(e) {
			return nil
		}
		e = next
	}
	if err != nil {
		return broken(err)
	}
	return broken(fmt.Errorf("%w: %s does not end in a start entry", ErrBroken, Ref(id)))
}

// entry reads one ledger commit.
func (s *Store) entry(h plumbing.Hash) (*Entry, error) {
	c, err := objects.ReadCommit(s.db, h)
	if err != nil {
		return nil, fmt.Errorf("read ledger entry %s: %w", h, err)
	}
	e := &Entry{ID: h, Tree: c.Tree, Message: c.Message, Author: c.Author, Committer: c.Committer}
	e.Subject, _ = commitmsg.SplitSubject(c.Message)
	e.Trailers = commitmsg.Parse(c.Message)
	if len(c.Parents) > 0 {
		e.Parent = c.Parents[0]
	}
	switch e.Trailer(TrailerLedger) {
	case ledgerStart:
		e.Kind = Start
	case ledgerOutside:
		e.Kind = Outside
	}
	e.Tool, e.Agent = e.Trailer(TrailerTool), e.Trailer(TrailerAgent)
	if len(c.Parents) > 1 {
		e.Commit = c.Parents[1]
	}
	for _, t := range e.Trailers {
		if t.Key == TrailerUndoes && plumbing.IsHash(t.Value) {
			e.Undoes = append(e.Undoes, plumbing.NewHash(t.Value))
		}
	}
	return e, nil
}

// Files returns the files entry e changed (git diff --raw E^ E), in
// tree order; none for a start entry. Only the folders that differ are
// read, once per entry: asked again, the Store answers from memory (the
// slice is shared; callers do not change it).
func (s *Store) Files(e *Entry) ([]Change, error) {
	if e.Kind == Start {
		return nil, nil
	}
	s.diffMu.Lock()
	out, ok := s.diffs[e.ID]
	s.diffMu.Unlock()
	if ok {
		return out, nil
	}
	if err := s.diffTrees(e.ParentTree, e.Tree, "", &out); err != nil {
		return nil, err
	}
	s.diffMu.Lock()
	if s.diffs == nil {
		s.diffs = map[plumbing.Hash][]Change{}
	}
	s.diffs[e.ID] = out
	s.diffMu.Unlock()
	return out, nil
}

// diffTrees appends the changes from tree a to tree b (below prefix) to
// out, skipping folders with the same id.
func (s *Store) diffTrees(a, b plumbing.Hash, prefix string, out *[]Change) error {
	if a == b {
		return nil
	}
	ea, err := s.trees.Entries(a)
	if err != nil {
		return err
	}
	eb, err := s.trees.Entries(b)
	if err != nil {
		return err
	}
	for i, j := 0, 0; i < len(ea) || j < len(eb); {
		var x, y *objects.TreeEntry
		switch {
		case j == len(eb) || (i < len(ea) && sortKey(ea[i]) < sortKey(eb[j])):
			x, i = &ea[i], i+1
		case i == len(ea) || sortKey(eb[j]) < sortKey(ea[i]):
			y, j = &eb[j], j+1
		default:
			x, y, i, j = &ea[i], &eb[j], i+1, j+1
		}
		if err := s.diffEntry(x, y, prefix, out); err != nil {
			return err
		}
	}
	return nil
}

// diffEntry appends the changes between two entries of the same name and
// kind (either may be nil) to out.
func (s *Store) diffEntry(x, y *objects.TreeEntry, prefix string, out *[]Change) error {
	var name string
	var before, after Side
	var dirA, dirB plumbing.Hash
	for _, side := range []struct {
		e   *objects.TreeEntry
		s   *Side
		dir *plumbing.Hash
	}{{x, &before, &dirA}, {y, &after, &dirB}} {
		if side.e == nil {
			continue
		}
		name = side.e.Name
		if side.e.Mode == 0o40000 {
			*side.dir = side.e.Hash
		} else {
			*side.s = Side{Hash: side.e.Hash, Mode: side.e.Mode}
		}
	}
	if !dirA.IsZero() || !dirB.IsZero() {
		return s.diffTrees(dirA, dirB, prefix+name+"/", out)
	}
	if before != after {
		*out = append(*out, Change{Path: prefix + name, Before: before, After: after})
	}
	return nil
}

// sortKey is the name git sorts a tree entry by: a folder's with "/".
func sortKey(e objects.TreeEntry) string {
	if e.Mode == 0o40000 {
		return e.Name + "/"
	}
	return e.Name
}

// Holds reports whether the newest entry of session id's ledger holds
// the file path with exactly blob h and mode m: content the ledger has
// already recorded, which a batch of the session may then delete (see
// the batch's removal check). A session with no ledger holds nothing.
func (s *Store) Holds(id, path string, h plumbing.Hash, m filemode.FileMode) (bool, error) {
	tip, err := s.tip(id)
	if errors.Is(err, ErrNoSession) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	e, err := s.entry(tip)
	if err != nil {
		return false, err
	}
	p, err := s.probe(e.Tree, path)
	return err == nil && p.file.Hash == h && p.file.Mode == m, err
}
