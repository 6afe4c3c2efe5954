package history

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A plain `gitedit undo` reverts a commit. When the newest change on
// record is a staging-mode batch of a session (staged, not committed),
// that is most likely what the user meant to take back: the result says
// so, and names the command that takes it back (issue 26, friction 1).

// stagedBatchHint describes the newest staging-mode batch of any session
// recorded after the commit target (nil: any), not undone, and how to
// take it back; "" when there is none. Each ledger is read from its tip
// only as far as its newest batch that decides (see newestStaged).
func stagedBatchHint(ctx context.Context, r *repo.Repo, target *objects.CommitInfo) string {
	h, err := openHistory(r)
	if err != nil {
		return ""
	}
	defer h.close()
	list, err := newestStagedAll(ctx, h.ledgers(r))
	if err != nil {
		return ""
	}
	var best *ledger.Entry
	var session string
	for _, c := range list {
		e := c.staged
		if e != nil && (best == nil || e.Committer.When.After(best.Committer.When)) {
			best, session = e, c.session
		}
	}
	if best == nil || target != nil && best.Committer.When.Before(target.Committer.When) {
		return ""
	}
	return fmt.Sprintf("the newest change on record is not a commit: %q, staged by session %s; gitedit undo --session %s --last 1 takes it back",
		best.Subject, session, session)
}

// stagedTip is one session's newest staged batch (nil: none) and when
// its newest entry was written.
type stagedTip struct {
	session string
	updated time.Time
	staged  *ledger.Entry
}

// newestStagedAll returns each session's newest staged batch, most
// recently updated session first (as ledger.Store.List orders them).
func newestStagedAll(ctx context.Context, l *ledger.Store) ([]stagedTip, error) {
	ids, err := l.IDs()
	if err != nil {
		return nil, err
	}
	out := make([]stagedTip, 0, len(ids))
	for _, id := range ids {
		c := stagedTip{session: id}
		err := l.Walk(ctx, id, func(e *ledger.Entry) bool {
			if c.updated.IsZero() {
				c.updated = e.Committer.When
			}
			var more bool
			c.staged, more = newestStaged(e)
			return more
		})
		if err == nil && c.staged != nil && c.staged.Trailer(ledger.TrailerSession) != id {
			// A ref moved onto a commit that is no entry (git update-ref):
			// as when reading the ledger whole, which would not end in a
			// start entry, there is no note.
			err = fmt.Errorf("%w: %s names %s, no entry of the session", ledger.ErrBroken, ledger.Ref(id), c.staged.ID)
		}
		if errors.Is(err, ledger.ErrNoSession) {
			continue // dropped meanwhile
		}
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].updated.After(out[j].updated) })
	return out, nil
}

// newestStaged decides, for the session's entries from the newest, on
// entry e: the newest batch, when it is a staging-mode batch not undone
// (nil otherwise), and whether older entries must still be read (e is
// no batch, an undo, or undone).
func newestStaged(e *ledger.Entry) (*ledger.Entry, bool) {
	switch {
	case e.Kind != ledger.Batch:
		return nil, true
	case e.Tool == ledger.ToolLand:
		return nil, false
	case e.Undone || e.Tool == ledger.ToolUndo:
		return nil, true
	case e.Commit.IsZero():
		return e, false
	}
	return nil, false
}

// withStagedHint adds the hint to a plain undo's outcome: a note of its
// result, or the message of its nothing_to_undo or dirty error.
func withStagedHint(ctx context.Context, r *repo.Repo, target *objects.CommitInfo, res *spec.Result, err error) (*spec.Result, error) {
	var e *spec.Error
	switch {
	case err == nil:
		if hint := stagedBatchHint(ctx, r, target); hint != "" {
			res.Notes = append(res.Notes, hint)
		}
	case errors.As(err, &e) && (e.Code == spec.CodeNothingToUndo || e.Code == spec.CodeDirty):
		if hint := stagedBatchHint(ctx, r, nil); hint != "" {
			e.Message += "; " + hint
		}
	}
	return res, err
}
