package gitedit

import (
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The contract's shapes live in package spec (gitedit/internal/spec) so
// that every internal package can use them; gitedit re-exports each one
// under its old name, as package os re-exports io/fs.

// BatchRequest is the batch request of docs/reference.md#batch: several
// operations, one atomic batch (spec.BatchRequest).
type BatchRequest = spec.BatchRequest

// Code is one of the error codes of docs/reference.md (errors) (spec.Code).
type Code = spec.Code

// DirtyPolicy says what commit mode does with a touched file whose
// working-tree or index content already differs from HEAD
// (docs/reference.md#git-behaviour) (spec.DirtyPolicy).
type DirtyPolicy = spec.DirtyPolicy

// EditFailure is an edit item skipped in partial mode (spec.EditFailure).
type EditFailure = spec.EditFailure

// EditItem is one item of a multiedit (docs/reference.md#multiedit)
// (spec.EditItem).
type EditItem = spec.EditItem

// EditRequest is the edit request of docs/reference.md#edit
// (spec.EditRequest).
type EditRequest = spec.EditRequest

// EditResult describes one applied edit item (spec.EditResult).
type EditResult = spec.EditResult

// Error is a refused request (spec.Error).
type Error = spec.Error

// ErrorJSON is the JSON shape of an error (docs/reference.md#results)
// (spec.ErrorJSON).
type ErrorJSON = spec.ErrorJSON

// FileBlob is a path with a blob id, from an Edit-Blob-Before or
// Edit-Blob-After trailer ("" blob: the file did not exist on that side)
// (spec.FileBlob).
type FileBlob = spec.FileBlob

// FileResult describes one touched file (spec.FileResult).
type FileResult = spec.FileResult

// HashResult is one line of `gitedit hash` (spec.HashResult).
type HashResult = spec.HashResult

// LogEntry is one gitedit commit with its parsed trailers
// (docs/reference.md#commit-messages-and-trailers) (spec.LogEntry).
type LogEntry = spec.LogEntry

// LogList is the commits `gitedit log` lists and its notes
// (spec.LogList).
type LogList = spec.LogList

// LogRequest selects gitedit commits for `gitedit log`
// (docs/reference.md#commands) (spec.LogRequest).
type LogRequest = spec.LogRequest

// SessionSummary is one session as `gitedit session list` lists it
// (docs/reference.md#sessions) (spec.SessionSummary).
type SessionSummary = spec.SessionSummary

// SessionList is the sessions `gitedit session list` lists and its notes
// on broken ledgers (spec.SessionList).
type SessionList = spec.SessionList

// SessionRequest selects a session for ShowSession (spec.SessionRequest).
type SessionRequest = spec.SessionRequest

// SessionShow is a session's batches and net change (spec.SessionShow).
type SessionShow = spec.SessionShow

// SessionUndoRequest asks UndoSession to take back a session's batches
// (spec.SessionUndoRequest).
type SessionUndoRequest = spec.SessionUndoRequest

// ToolUndoRequest is the MCP undo tool's request (spec.ToolUndoRequest).
type ToolUndoRequest = spec.ToolUndoRequest

// ChangesRequest is the MCP changes tool's request (spec.ChangesRequest).
type ChangesRequest = spec.ChangesRequest

// CommitRequest is the MCP commit tool's request (spec.CommitRequest).
type CommitRequest = spec.CommitRequest

// LandRequest asks LandSession to land a session (spec.LandRequest).
type LandRequest = spec.LandRequest

// SessionBatch is one batch of a session (spec.SessionBatch).
type SessionBatch = spec.SessionBatch

// SessionFile is one file's net change over a session (spec.SessionFile).
type SessionFile = spec.SessionFile

// SessionDropped is a dropped session and the entry its ledger named
// (spec.SessionDropped).
type SessionDropped = spec.SessionDropped

// MultiEditRequest is the multiedit request of docs/reference.md#multiedit
// (spec.MultiEditRequest).
type MultiEditRequest = spec.MultiEditRequest

// Operation is one request of any kind: exactly one of the pointers is set,
// matching Tool (spec.Operation).
type Operation = spec.Operation

// Options are the per-call settings shared by every command
// (docs/reference.md#commands) (spec.Options).
type Options = spec.Options

// PatchRequest is a patch (docs/reference.md#patch): a git diff, a unified
// diff or a "*** Begin Patch" envelope (spec.PatchRequest).
type PatchRequest = spec.PatchRequest

// ReadRequest asks for numbered lines of a file (spec.ReadRequest).
type ReadRequest = spec.ReadRequest

// ReadResult is the answer of Read (spec.ReadResult).
type ReadResult = spec.ReadResult

// Recipe is a named refactor: edit items applied to every tracked file that
// its globs select, as one batch (issue 7) (spec.Recipe).
type Recipe = spec.Recipe

// RecipeEdit is one item of a recipe: a multiedit item of
// docs/reference.md#multiedit (old_string, new_string, replace_all,
// match_mode, expected_replacements) or a regex item (regex, replace)
// (spec.RecipeEdit).
type RecipeEdit = spec.RecipeEdit

// RecipeStat is what one recipe did (spec.RecipeStat).
type RecipeStat = spec.RecipeStat

// Result is the outcome of an applied request (docs/reference.md#results)
// (spec.Result).
type Result = spec.Result

// RunProgress is a snapshot of a run's scan: Done of Total files read
// (spec.RunProgress).
type RunProgress = spec.RunProgress

// RunRequest is `gitedit run` (issue 7): recipes applied to tracked files as
// one atomic batch (spec.RunRequest).
type RunRequest = spec.RunRequest

// RunResult is the outcome of a run: the docs/reference.md#results result
// (files, diff, counts, commit) with the recipe statistics added; its JSON
// form is the --json output (spec.RunResult).
type RunResult = spec.RunResult

// SeriesPatch is one format-patch email (spec.SeriesPatch).
type SeriesPatch = spec.SeriesPatch

// SeriesRequest selects the commits `gitedit series` exports
// (docs/reference.md#commands) (spec.SeriesRequest).
type SeriesRequest = spec.SeriesRequest

// SeriesResult is the exported series, in order (cover letter first)
// (spec.SeriesResult).
type SeriesResult = spec.SeriesResult

// SignMode is whether commits are signed (see Options.Sign) (spec.SignMode).
type SignMode = spec.SignMode

// Skipped counts the files in a run's scope that were left alone
// (spec.Skipped).
type Skipped = spec.Skipped

// Tool names an operation kind; it is also the Edit-Tool trailer value
// (spec.Tool).
type Tool = spec.Tool

// UndoRequest asks to revert a gitedit commit (docs/reference.md#commands,
// `gitedit undo`) (spec.UndoRequest).
type UndoRequest = spec.UndoRequest

// The error codes of docs/reference.md (declared in spec, the engine's
// five in engine).
const (
	CodeInvalidInput  = spec.CodeInvalidInput
	CodeNotFound      = spec.CodeNotFound
	CodeAmbiguous     = spec.CodeAmbiguous
	CodeCountMismatch = spec.CodeCountMismatch
	CodeHashMismatch  = spec.CodeHashMismatch
	CodeFileExists    = spec.CodeFileExists
	CodeFileMissing   = spec.CodeFileMissing
	CodeIsDirectory   = spec.CodeIsDirectory
	CodeOutsideRepo   = spec.CodeOutsideRepo
	CodeBinaryFile    = spec.CodeBinaryFile
	CodeDirty         = spec.CodeDirty
	CodeConflict      = spec.CodeConflict
	CodeLocked        = spec.CodeLocked
	CodeNotARepo      = spec.CodeNotARepo
	CodeNothingToUndo = spec.CodeNothingToUndo
	CodeUnsupported   = spec.CodeUnsupported
	CodeIOError       = spec.CodeIOError
)

// The dirty policies of docs/reference.md#git-behaviour.
const (
	DirtyRefuse      = spec.DirtyRefuse
	DirtyInclude     = spec.DirtyInclude
	DirtyCommitFirst = spec.DirtyCommitFirst
)

// The signing modes (see Options.Sign).
const (
	SignConfig = spec.SignConfig
	SignAlways = spec.SignAlways
	SignNever  = spec.SignNever
)

// The tools of docs/reference.md#commit-messages-and-trailers.
const (
	ToolEdit      = spec.ToolEdit
	ToolMultiEdit = spec.ToolMultiEdit
	ToolBatch     = spec.ToolBatch
	ToolPatch     = spec.ToolPatch
	ToolRecipe    = spec.ToolRecipe
	ToolUndo      = spec.ToolUndo
	ToolLand      = spec.ToolLand
)

// DefaultLockTimeout is how long gitedit waits for index.lock by default.
const DefaultLockTimeout = spec.DefaultLockTimeout

// NoLockWait, as Options.LockTimeout, makes one attempt at each lock and
// fails with locked at once when it is held (the CLI's --lock-timeout 0).
const NoLockWait = spec.NoLockWait

// CodeOf returns the code of the *Error in err's chain; an engine error maps
// to the same code; anything else is io_error; nil is "".
func CodeOf(err error) Code { return spec.CodeOf(err) }

// AsError converts err into an *Error: an *Error in the chain is returned
// as is, an engine error keeps its code, message and lines, and anything
// else becomes io_error.
func AsError(err error) *Error { return spec.AsError(err) }

// Trailer is one "Key: value" trailer line of a commit message, as
// gitedit writes it and as a log entry lists it (spec.Trailer).
type Trailer = spec.Trailer
