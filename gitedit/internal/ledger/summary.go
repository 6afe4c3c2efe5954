package ledger

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// State is a session's state, derived from its entries.
type State string

// The states of a session.
const (
	// Open: batches not landed and not all undone.
	Open State = "open"
	// Landed: the newest batch entry is a land (Edit-Tool: land).
	Landed State = "landed"
	// Undone: every batch but undos and lands was taken back.
	Undone State = "undone"
)

// The Edit-Tool values that take a session's batches back or land them.
const (
	ToolUndo = "undo"
	ToolLand = "land"
)

// Batches returns the session's batch entries, newest first.
func (sess *Session) Batches() []*Entry {
	var out []*Entry
	for _, e := range sess.Entries {
		if e.Kind == Batch {
			out = append(out, e)
		}
	}
	return out
}

// State derives the session's state from its entries.
func (sess *Session) State() State {
	batches := sess.Batches()
	if len(batches) > 0 && batches[0].Tool == ToolLand {
		return Landed
	}
	edits, undone := 0, 0
	for _, e := range batches {
		if e.Tool != ToolUndo && e.Tool != ToolLand {
			edits++
			if e.Undone {
				undone++
			}
		}
	}
	if edits > 0 && undone == edits {
		return Undone
	}
	return Open
}

// Agent is the Edit-Agent of the session's newest batch that has one.
func (sess *Session) Agent() string {
	for _, e := range sess.Batches() {
		if e.Agent != "" {
			return e.Agent
		}
	}
	return ""
}

// Started is when the session's ledger was started; Updated when its
// newest entry was written (committer dates).
func (sess *Session) Started() time.Time { return sess.Entries[len(sess.Entries)-1].Committer.When }

// Updated is when the session's newest entry was written.
func (sess *Session) Updated() time.Time { return sess.Entries[0].Committer.When }

// NetFile is one file's net change over a session: its content before
// the session's first batch of it and after its last.
type NetFile struct {
	Path          string
	Before, After Side
	// OutsideChanges reports that someone else changed the file between
	// two of the session's batches.
	OutsideChanges bool
	// Batches counts the session's batches that changed the file.
	Batches int
}

// Net returns the session's net change per file, in path order; a file
// that ends as it started is left out. It reads only the folders the
// entries changed.
func (s *Store) Net(sess *Session) ([]NetFile, error) {
	byPath := map[string]*NetFile{}
	for i := len(sess.Entries) - 1; i >= 0; i-- {
		e := sess.Entries[i]
		files, err := s.Files(e)
		if err != nil {
			return nil, err
		}
		for _, c := range files {
			f := byPath[c.Path]
			switch {
			case e.Kind == Outside && f != nil:
				f.OutsideChanges = true
			case e.Kind == Batch && f == nil:
				byPath[c.Path] = &NetFile{Path: c.Path, Before: c.Before, After: c.After, Batches: 1}
			case e.Kind == Batch:
				f.After = c.After
				f.Batches++
			}
		}
	}
	out := make([]NetFile, 0, len(byPath))
	for _, f := range byPath {
		if f.Before != f.After {
			out = append(out, *f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// Touched returns the paths the session's batches changed, sorted,
// reading them from the entries' trailers where those are exact (Paths).
func (s *Store) Touched(sess *Session) ([]string, error) {
	seen := map[string]bool{}
	for _, e := range sess.Batches() {
		paths, err := s.Paths(e)
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			seen[p] = true
		}
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out, nil
}

// IDs lists the sessions that have a ledger, by id.
func (s *Store) IDs() ([]string, error) {
	list, err := s.refs.List(Prefix)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range list {
		id := strings.TrimPrefix(r.Name, Prefix)
		if CheckID(id) == nil {
			out = append(out, id)
		}
	}
	return out, nil
}

// List reads every session's ledger, most recently updated first. A
// ledger that cannot be read (a ref moved by hand onto a blob, another
// session's entry, a chain without its start entry) does not stop the
// list: it comes back in broken, one error per session naming it, and
// the readable ones are listed, as git for-each-ref warns about a broken
// ref and goes on. Only a failure to list the refs, or ctx ending, is err.
func (s *Store) List(ctx context.Context) (list []*Session, broken []error, err error) {
	ids, err := s.IDs()
	if err != nil {
		return nil, nil, err
	}
	list = make([]*Session, 0, len(ids))
	for _, id := range ids {
		sess, err := s.Read(ctx, id)
		switch {
		case errors.Is(err, ErrNoSession):
			continue // dropped meanwhile
		case err != nil && ctx.Err() != nil:
			return nil, nil, ctx.Err()
		case err != nil:
			broken = append(broken, fmt.Errorf("session %s: %w", id, err))
			continue
		}
		list = append(list, sess)
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].Updated().After(list[j].Updated()) })
	return list, broken, nil
}

// Drop deletes session id's ledger ref (loose and packed) and its reflog
// (ErrNoSession when it has none), running the reference-transaction
// hook hook gives (nil: none) as git update-ref -d runs it: a refusal
// is returned and nothing changes. The entries' objects are left for
// git gc.
func (s *Store) Drop(ctx context.Context, id string, timeout time.Duration, hook Hook) error {
	if _, err := s.tip(id); err != nil {
		return err
	}
	return s.refs.DeleteHooked(ctx, Ref(id), plumbing.ZeroHash, timeout, hook.deletion(Ref(id)))
}
