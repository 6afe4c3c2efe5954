package cli

import (
	"errors"
	"fmt"

	"github.com/gitedit/gitedit/gitedit"
)

// The exit statuses of docs/reference.md#exit-statuses.
const (
	exitOK      = 0 // success, a no-op included
	exitRefused = 1 // a request refused (any code but invalid_input)
	exitInvalid = 2 // invalid_input or a usage error
	exitPartial = 3 // partially applied
)

// usageError is a command line that does not follow a command's usage.
type usageError struct{ msg string }

// Error returns the message.
func (e *usageError) Error() string { return e.msg }

// usagef returns a usage error with a formatted message.
func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// statusError ends a command whose output is already printed with the
// given exit status.
type statusError struct{ status int }

// Error names the exit status.
func (e *statusError) Error() string { return fmt.Sprintf("exit status %d", e.status) }

// isPrinted reports whether err's output was already printed.
func isPrinted(err error) bool {
	var se *statusError
	return errors.As(err, &se)
}

// exitStatus is the one mapping from a command's error to its exit status.
func exitStatus(err error) int {
	var se *statusError
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &se):
		return se.status
	case errors.As(err, &ue):
		return exitInvalid
	}
	return codeStatus(gitedit.CodeOf(err))
}

// codeStatus maps an error code to its exit status.
func codeStatus(code gitedit.Code) int {
	switch code {
	case "":
		return exitOK
	case gitedit.CodeInvalidInput:
		return exitInvalid
	}
	return exitRefused
}

// resultStatus is the exit status of an applied request.
func resultStatus(res *gitedit.Result) int {
	if res != nil && res.Partial() {
		return exitPartial
	}
	return exitOK
}

// asError converts err for printing: a usage error becomes invalid_input,
// anything else as gitedit.AsError does.
func asError(err error) *gitedit.Error {
	var ue *usageError
	if errors.As(err, &ue) {
		return &gitedit.Error{Code: gitedit.CodeInvalidInput, Message: ue.msg}
	}
	return gitedit.AsError(err)
}

// notImplemented is the error of a command whose library part has not
// landed yet.
func notImplemented(what string) error {
	return &gitedit.Error{Code: gitedit.CodeUnsupported, Message: what + ": not yet implemented"}
}
