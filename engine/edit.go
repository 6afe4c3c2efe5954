package engine

import "strconv"

// Edit is one replacement: OldString is found with MatchMode and replaced by
// NewString (SPEC 2.1). An empty OldString replaces the whole content.
type Edit struct {
	OldString  string
	NewString  string
	ReplaceAll bool
	// MatchMode selects the strategy; "" means Auto.
	MatchMode MatchMode
	// ExpectedReplacements, when non-nil, must equal the number of regions
	// that would be replaced, else the edit fails with count_mismatch.
	ExpectedReplacements *int
}

// Applied describes one edit that was applied.
type Applied struct {
	// Replacements is the number of regions replaced (0 for a no-op).
	Replacements int
	// MatchMode is the strategy that matched (Exact for whole-file writes).
	MatchMode MatchMode
	// Lines are the 1-based first lines of the replaced regions, in the
	// content the edit was applied to.
	Lines []int
	// Changed is false when the edit left the content as it was.
	Changed bool
}

// Failure is an edit skipped in partial mode.
type Failure struct {
	Index int // 0-based position in the edits slice
	Err   error
}

// Outcome is the result of ApplyEdits.
type Outcome struct {
	Content string
	// Applied holds one entry per edit that applied, with its index.
	Applied []IndexedApplied
	// Failed lists the edits skipped in partial mode.
	Failed []Failure
}

// IndexedApplied is an Applied with the edit's 0-based index.
type IndexedApplied struct {
	Index int
	Applied
}

// EditError is the error of ApplyEdits in atomic mode: edit Index failed
// with Err (usually an *Error).
type EditError struct {
	Index int
	Err   error
}

func (e *EditError) Error() string { return "edit " + strconv.Itoa(e.Index+1) + ": " + e.Err.Error() }

// Unwrap returns the failing edit's error.
func (e *EditError) Unwrap() error { return e.Err }
