package spec

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/engine/quote"
)

// Code is one of the error codes of docs/reference.md (errors).
type Code string

// The error codes of docs/reference.md: the engine's, which a text
// error carries from engine on (CodeOf maps them), then the git layer's.
// Each is declared once; the facade re-exports these.
const (
	CodeInvalidInput  = Code(engine.CodeInvalidInput)
	CodeNotFound      = Code(engine.CodeNotFound)
	CodeAmbiguous     = Code(engine.CodeAmbiguous)
	CodeCountMismatch = Code(engine.CodeCountMismatch)
	CodeUnsupported   = Code(engine.CodeUnsupported)

	CodeHashMismatch  Code = "hash_mismatch"
	CodeFileExists    Code = "file_exists"
	CodeFileMissing   Code = "file_missing"
	CodeIsDirectory   Code = "is_directory"
	CodeOutsideRepo   Code = "outside_repo"
	CodeBinaryFile    Code = "binary_file"
	CodeDirty         Code = "dirty"
	CodeConflict      Code = "conflict"
	CodeLocked        Code = "locked"
	CodeNotARepo      Code = "not_a_repo"
	CodeNothingToUndo Code = "nothing_to_undo"
	CodeIOError       Code = "io_error"
)

// Error is a refused request. Every error the public API returns is, or
// wraps, an *Error; CodeOf extracts the code.
type Error struct {
	// Code is the error code (docs/reference.md#errors).
	Code Code
	// Message says what is wrong and what to do.
	Message string
	// FilePath is the repository-relative path concerned, if any.
	FilePath string
	// EditIndex is the 0-based index of the failing multiedit item, if any.
	EditIndex *int
	// Lines are 1-based line numbers (candidates, closest region).
	Lines []int
	// Err is the underlying cause, if any.
	Err error
}

// Error returns "code: [edit N: ][path: ]message" (the cause's text when
// there is no message), the path quoted as git quotes it (quote.QuotePath):
// a name with a newline or an escape byte never reaches a terminal raw.
func (e *Error) Error() string {
	msg := e.Message
	if msg == "" && e.Err != nil {
		msg = e.Err.Error()
	}
	if e.FilePath != "" {
		msg = quote.QuotePath(e.FilePath) + ": " + msg
	}
	if e.EditIndex != nil {
		msg = fmt.Sprintf("edit %d: %s", *e.EditIndex+1, msg)
	}
	return string(e.Code) + ": " + msg
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is an *Error with the same Code, so that
// errors.Is(err, &gitedit.Error{Code: gitedit.CodeLocked}) works.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Errorf returns an *Error with code and a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// IOError wraps err as an io_error with what was being done.
func IOError(what string, err error) *Error {
	return &Error{Code: CodeIOError, Message: fmt.Sprintf("%s: %v", what, err), Err: err}
}

// LockedError is the locked refusal for err, a lock file found held
// (err's message names the file), followed by git's advice for a lock a
// killed process left behind: remove it when no other process runs
// (git: "Another git process seems to be running in this repository ...
// remove the file manually to continue").
func LockedError(err error) *Error {
	return &Error{Code: CodeLocked, Message: err.Error() + " (" + staleLockAdvice + ")", Err: err}
}

// staleLockAdvice ends every locked message.
const staleLockAdvice = "another git or gitedit process seems to be working here; if none is, one was killed or crashed here earlier: remove the lock file to continue"

// CodeOf returns the code of the *Error in err's chain; an engine error maps
// to the same code; anything else is io_error; nil is "".
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var ge *Error
	if errors.As(err, &ge) {
		return ge.Code
	}
	var ee *engine.Error
	if errors.As(err, &ee) {
		return Code(ee.Code)
	}
	return CodeIOError
}

// AsError converts err into an *Error: an *Error in the chain is returned
// as is, an engine error keeps its code, message and lines, and anything
// else becomes io_error.
func AsError(err error) *Error {
	if err == nil {
		return nil
	}
	var ge *Error
	if errors.As(err, &ge) {
		return ge
	}
	var ee *engine.Error
	if errors.As(err, &ee) {
		return &Error{Code: Code(ee.Code), Message: ee.Message, Lines: ee.Lines, Err: err}
	}
	return &Error{Code: CodeIOError, Message: err.Error(), Err: err}
}

// QuotePaths lists paths for a message, each quoted as git quotes it
// (quote.QuotePath) and separated by ", ".
func QuotePaths(paths []string) string {
	quoted := make([]string, len(paths))
	for i, p := range paths {
		quoted[i] = quote.QuotePath(p)
	}
	return strings.Join(quoted, ", ")
}

// DirtyError is the dirty refusal of paths (at least one), which differ
// from HEAD for the reason why. The first path leads the message, as every
// error's path does, the others follow it once, and advice ends it with
// "it" or "them" as the count asks: "a.go: differs from HEAD (why), and so
// does b.go; commit them first".
func DirtyError(paths []string, why, advice string) *Error {
	msg := "differs from HEAD (" + why + ")"
	switch rest := paths[1:]; len(rest) {
	case 0:
		advice = strings.ReplaceAll(advice, "{them}", "it")
	case 1:
		msg += ", and so does " + QuotePaths(rest)
	default:
		msg += ", and so do " + QuotePaths(rest)
	}
	advice = strings.ReplaceAll(advice, "{them}", "them")
	return &Error{Code: CodeDirty, FilePath: paths[0], Message: msg + "; " + advice}
}

// WithPath adds the user's path to an error that names none.
func WithPath(err error, p string) error {
	e := AsError(err)
	if e.FilePath == "" {
		c := *e
		c.FilePath = p
		return &c
	}
	return e
}
