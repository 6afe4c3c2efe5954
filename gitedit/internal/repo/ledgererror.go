package repo

import (
	"errors"
	"fmt"

	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// idRule ends the refusal of a bad session id.
const idRule = " (a session id is one git ref name component, not starting with -)"

// CheckSession refuses a session id ledger.CheckID refuses, with invalid_input;
// "" (no session) passes.
func CheckSession(id string) error {
	if id == "" {
		return nil
	}
	return LedgerError(id, ledger.CheckID(id))
}

// LedgerError gives err, an error of session's ledger ("" for the
// ledgers at large), the SPEC code it carries: the one mapping for the
// batches that record in a ledger (package batch) and the session
// commands (package history), in the lowest package both import (the
// ledger package, a leaf, imports no spec): an error that has one keeps it;
// a bad id is invalid_input, a session without ledger not_found, a held
// lock locked (with git's advice for a stale one), a ledger that kept
// moving conflict; anything else io_error. nil stays nil.
func LedgerError(session string, err error) error {
	var e *spec.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &e):
		return err
	case errors.Is(err, ledger.ErrInvalidID):
		return &spec.Error{Code: spec.CodeInvalidInput, Message: err.Error() + idRule, Err: err}
	case errors.Is(err, ledger.ErrNoSession):
		return &spec.Error{Code: spec.CodeNotFound, Message: "session " + session + " has no ledger (gitedit session list lists the sessions)", Err: err}
	case errors.Is(err, lockfile.ErrLocked) && session != "":
		return spec.LockedError(fmt.Errorf("session %s: %w", session, err))
	case errors.Is(err, lockfile.ErrLocked):
		return spec.LockedError(err)
	case errors.Is(err, refs.ErrStale):
		return &spec.Error{Code: spec.CodeConflict, Message: "the ledger of session " + session + " moved meanwhile; nothing was changed, try again", Err: err}
	case session == "":
		return spec.IOError("read the session ledgers", err)
	}
	return spec.IOError("session "+session, err)
}
