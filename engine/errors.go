package engine

// Code is the error code (see docs/reference.md) an engine error maps to.
type Code string

// The error codes the engine produces; the git layer adds the others.
const (
	CodeInvalidInput  Code = "invalid_input"
	CodeNotFound      Code = "not_found"
	CodeAmbiguous     Code = "ambiguous"
	CodeCountMismatch Code = "count_mismatch"
	CodeUnsupported   Code = "unsupported"
)

// Error is a refused edit. Message is written for the agent: it says what
// went wrong and what to do about it.
type Error struct {
	Code    Code
	Message string
	// Lines are 1-based line numbers: every candidate for ambiguous, the
	// closest region (first and last line) for not_found.
	Lines []int
	// Count is the number of matches found (ambiguous, count_mismatch).
	Count int
	// Expected is the expected_replacements value (count_mismatch).
	Expected int
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Is reports whether target is an *Error with the same Code, so that
// errors.Is(err, &engine.Error{Code: engine.CodeAmbiguous}) works.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}
