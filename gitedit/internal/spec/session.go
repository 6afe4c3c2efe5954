package spec

import (
	"encoding/json"
	"time"
)

// SessionSummary is one session as `gitedit session list` lists it
// (docs/reference.md#sessions).
type SessionSummary struct {
	// Session is the session id.
	Session string `json:"session"`
	// Agent is the Edit-Agent of the session's newest batch that has one.
	Agent string `json:"agent"`
	// Batches counts the batches recorded (undos and lands included).
	Batches int `json:"batches"`
	// Files counts the distinct files the batches changed.
	Files int `json:"files"`
	// State is "open", "landed" or "undone".
	State string `json:"state"`
	// Started is when the ledger was started, Updated when its newest
	// entry was written.
	Started time.Time `json:"started"`
	Updated time.Time `json:"updated"`
}

// SessionList is `gitedit session list`: the sessions whose ledgers
// can be read, most recently updated first, and a note for each one
// whose ledger cannot (naming it, the error, and gitedit session drop S).
type SessionList struct {
	Sessions []SessionSummary `json:"sessions"`
	Notes    []string         `json:"notes,omitempty"`
}

// SessionRequest selects a session for `gitedit session show`.
type SessionRequest struct {
	// Session is the session id.
	Session string `json:"session"`
}

// SessionBatch is one batch of a session, as `session show` lists it.
type SessionBatch struct {
	// Entry is the batch's ledger entry.
	Entry string `json:"entry"`
	// Tool is its Edit-Tool, Subject its subject line, Agent its
	// Edit-Agent.
	Tool    string `json:"tool"`
	Subject string `json:"subject"`
	Agent   string `json:"agent,omitempty"`
	// Files are the files the batch changed.
	Files []string `json:"files"`
	// Commit is the branch commit of a commit-mode batch, else null.
	Commit *string `json:"commit"`
	// Undone reports a batch a later undo took back.
	Undone bool `json:"undone"`
	// Date is when the entry was written.
	Date time.Time `json:"date"`
}

// MarshalJSON writes the file paths with JSONPath.
func (b SessionBatch) MarshalJSON() ([]byte, error) {
	type plain SessionBatch
	c := plain(b)
	c.Files = make([]string, len(b.Files))
	for i, f := range b.Files {
		c.Files[i] = JSONPath(f)
	}
	return json.Marshal(c)
}

// SessionFile is one file's net change over a session: its content
// before the session's first batch of it and after its last.
type SessionFile struct {
	FilePath string `json:"file_path"`
	// BlobBefore and BlobAfter are the blob ids (the all-zero id for a
	// side where the file does not exist).
	BlobBefore string `json:"blob_before"`
	BlobAfter  string `json:"blob_after"`
	Created    bool   `json:"created"`
	Deleted    bool   `json:"deleted"`
	// OutsideChanges reports that someone else changed the file between
	// two of the session's batches.
	OutsideChanges bool `json:"outside_changes"`
	// Batches counts the session's batches that changed the file.
	Batches int `json:"batches"`
	// Diff is the file's net unified diff.
	Diff string `json:"diff"`
}

// MarshalJSON writes the file path with JSONPath.
func (f SessionFile) MarshalJSON() ([]byte, error) {
	type plain SessionFile
	c := plain(f)
	c.FilePath = JSONPath(c.FilePath)
	return json.Marshal(c)
}

// SessionShow is a session, as `gitedit session show` shows it.
type SessionShow struct {
	Session string `json:"session"`
	// State is "open", "landed" or "undone".
	State string `json:"state"`
	// Base is the commit the session started from (null on an unborn
	// branch); Tip is the newest ledger entry.
	Base *string `json:"base"`
	Tip  string  `json:"tip"`
	// Batches are the session's batches, newest first.
	Batches []SessionBatch `json:"batches"`
	// Files are the net changes, in path order.
	Files []SessionFile `json:"files"`
	// Stat is the net diffstat, Diff the net diff (the files' diffs).
	Stat string `json:"stat"`
	Diff string `json:"diff"`
	// Notes say what reading the session did besides: the rollback of
	// a killed batch's files (docs/reference.md, "What a crash can
	// leave behind").
	Notes []string `json:"notes,omitempty"`
}

// SessionDropped is a dropped session: its id and the entry its ledger
// named (git can still read it until git gc prunes it).
type SessionDropped struct {
	Session string `json:"session"`
	Tip     string `json:"tip"`
}

// SessionUndoRequest asks to take back a session's batches (`gitedit
// undo --session S [--last N]`, docs/reference.md#sessions).
type SessionUndoRequest struct {
	// Session is the session whose batches are taken back.
	Session string `json:"session"`
	// Last, when > 0, takes back only the newest Last batches not undone
	// yet; 0 takes back all of them.
	Last int `json:"last,omitempty"`
	// DryRun computes the undo and its diff and writes nothing.
	DryRun bool `json:"dry_run,omitempty"`
}

// LandRequest asks to land a session's changes as a commit on the
// current branch (`gitedit session land S`, docs/reference.md#sessions).
type LandRequest struct {
	// Session is the session to land.
	Session string `json:"session"`
	// DryRun computes the commit and its diff and writes nothing.
	DryRun bool `json:"dry_run,omitempty"`
	// Each makes one commit per batch, in order, each with its batch's
	// message, instead of one commit (`--each`).
	Each bool `json:"each,omitempty"`
}

// ToolUndoRequest is the MCP undo tool's request: by default it takes
// back the newest batch of the server's own session
// (docs/reference.md#the-mcp-server).
type ToolUndoRequest struct {
	// Commit reverts this gitedit commit instead (as gitedit undo COMMIT).
	Commit string `json:"commit,omitempty" jsonschema:"revert this gitedit commit instead (an id, HEAD~N, a branch or tag), as gitedit undo COMMIT does"`
	// Session names another session to take back (default: the server's
	// own).
	Session string `json:"session,omitempty" jsonschema:"take back the batches of this session instead of your own (only when you mean another agent's work)"`
	// All takes back every batch of the session not undone yet, instead
	// of the newest one.
	All bool `json:"all,omitempty" jsonschema:"take back every batch of the session not undone yet, not only the newest"`
	// DryRun computes the undo and its diff and writes nothing.
	DryRun bool `json:"dry_run,omitempty" jsonschema:"compute the undo and its diff but write nothing"`
}

// ChangesRequest is the MCP changes tool's request: it has no field.
type ChangesRequest struct{}

// CommitRequest is the MCP commit tool's request: land the server's own
// session as one commit with this message, or one commit per batch.
type CommitRequest struct {
	// Message is the commit message (subject, blank line, body); empty
	// generates one.
	Message string `json:"message,omitempty" jsonschema:"the commit message: a subject line, then a blank line and a body if you like; default: generated"`
	// Each makes one commit per batch, each with its batch's message
	// (session land --each); it goes without Message.
	Each bool `json:"each,omitempty" jsonschema:"one commit per batch of the session, each with its batch's own message, instead of one commit (goes without message)"`
}
