package repo

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// TestLedgerErrorGivesEachLedgerErrorItsCode pins the one mapping of the
// ledgers' errors to SPEC codes and messages, which batches and session
// commands share.
func TestLedgerErrorGivesEachLedgerErrorItsCode(t *testing.T) {
	require.NoError(t, LedgerError("s", nil))
	require.NoError(t, CheckSession(""))
	own := spec.Errorf(spec.CodeDirty, "own")
	require.Same(t, own, LedgerError("s", own))
	tests := []struct {
		err        error
		session    string
		code, text string
	}{
		{ledger.CheckID("a b"), "a b", "invalid_input", `invalid session id "a b": it holds white space or a control character (a session id is one git ref name component, not starting with -)`},
		{fmt.Errorf("read: %w", ledger.ErrNoSession), "s", "not_found", "session s has no ledger (gitedit session list lists the sessions)"},
		{fmt.Errorf("acquire /r/.git/refs/gitedit/sessions/s.lock: %w", lockfile.ErrLocked), "s", "locked", "session s: acquire /r/.git/refs/gitedit/sessions/s.lock: lock is held by another process (another git or gitedit process seems to be working here; if none is, one was killed or crashed here earlier: remove the lock file to continue)"},
		{fmt.Errorf("record: %w", refs.ErrStale), "s", "conflict", "the ledger of session s moved meanwhile; nothing was changed, try again"},
		{fmt.Errorf("acquire /r/.git/index.lock: %w", lockfile.ErrLocked), "", "locked", "acquire /r/.git/index.lock: lock is held by another process (another git or gitedit process seems to be working here; if none is, one was killed or crashed here earlier: remove the lock file to continue)"},
		{errors.New("disk full"), "s", "io_error", "session s: disk full"},
		{errors.New("disk full"), "", "io_error", "read the session ledgers: disk full"},
	}
	for _, tt := range tests {
		e := spec.AsError(LedgerError(tt.session, tt.err))
		require.Equal(t, spec.Code(tt.code), e.Code, tt.err)
		require.Equal(t, tt.text, e.Message)
		require.ErrorIs(t, e, tt.err)
	}
	require.Equal(t, spec.CodeInvalidInput, spec.CodeOf(CheckSession("-x")))
}
