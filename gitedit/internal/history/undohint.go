package history

import (
	"context"
	"errors"
	"fmt"

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
// take it back; "" when there is none.
func stagedBatchHint(ctx context.Context, r *repo.Repo, target *objects.CommitInfo) string {
	h, err := openHistory(r)
	if err != nil {
		return ""
	}
	defer h.close()
	list, err := h.ledgers(r).List(ctx)
	if err != nil {
		return ""
	}
	var best *ledger.Entry
	var session string
	for _, sess := range list {
		e := newestStaged(sess)
		if e != nil && (best == nil || e.Committer.When.After(best.Committer.When)) {
			best, session = e, sess.ID
		}
	}
	if best == nil || target != nil && best.Committer.When.Before(target.Committer.When) {
		return ""
	}
	return fmt.Sprintf("the newest change on record is not a commit: %q, staged by session %s; gitedit undo --session %s --last 1 takes it back",
		best.Subject, session, session)
}

// newestStaged is the session's newest batch if it is a staging-mode
// batch not undone (nil otherwise).
func newestStaged(sess *ledger.Session) *ledger.Entry {
	for _, e := range sess.Batches() {
		if e.Tool == ledger.ToolLand {
			return nil
		}
		if e.Undone || e.Tool == ledger.ToolUndo {
			continue
		}
		if e.Commit.IsZero() {
			return e
		}
		return nil
	}
	return nil
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
