package spec

import "time"

// LogRequest selects gitedit commits for `gitedit log` (docs/reference.md#commands).
type LogRequest struct {
	// N is the maximum number of commits listed, newest first; 0 lists them
	// all.
	N int `json:"n,omitempty" jsonschema:"maximum number of commits to list, newest first (default: all)"`
	// Session keeps only the commits whose Edit-Session trailer equals it.
	Session string `json:"session,omitempty" jsonschema:"only commits whose Edit-Session trailer equals this"`
	// Agent keeps only the commits whose Edit-Agent trailer equals it.
	Agent string `json:"agent,omitempty" jsonschema:"only commits whose Edit-Agent trailer equals this"`
	// File keeps only the commits that touched this file (relative to the
	// folder the repository was opened from, or absolute).
	File string `json:"file,omitempty" jsonschema:"only commits that touched this file (relative to the current directory, or absolute)"`
	// Stat adds each entry's diffstat (LogEntry.Stat), Patch its diff
	// (LogEntry.Diff): `gitedit log --stat` and `-p`.
	Stat  bool `json:"-"`
	Patch bool `json:"-"`
}

// LogList is what `gitedit log` lists: the commits, and notes on how
// they were found (for a session without ledger, its commits on the
// branch, by their Edit-Session trailer).
type LogList struct {
	Commits []LogEntry `json:"commits"`
	Notes   []string   `json:"notes,omitempty"`
}

// LogEntry is one gitedit commit with its parsed trailers (docs/reference.md#commit-messages-and-trailers).
type LogEntry struct {
	// Commit is the commit's id: for a session's batch (log --session
	// over its ledger), the branch commit of a commit-mode batch, else
	// the ledger entry.
	Commit string `json:"commit"`
	// Subject is the first line of the commit message.
	Subject string `json:"subject"`
	// Body is the message between the subject and the trailers.
	Body string `json:"body,omitempty"`
	// Author is the author's name.
	Author string `json:"author"`
	// AuthorEmail is the author's email.
	AuthorEmail string `json:"author_email"`
	// Date is the author date.
	Date time.Time `json:"date"`
	// Tool is the Edit-Tool trailer.
	Tool string `json:"tool"`
	// Files are the Edit-File trailers: the touched files.
	Files []string `json:"files"`
	// BlobsBefore are the Edit-Blob-Before trailers.
	BlobsBefore []FileBlob `json:"blobs_before,omitempty"`
	// BlobsAfter are the Edit-Blob-After trailers.
	BlobsAfter []FileBlob `json:"blobs_after,omitempty"`
	// Count is the Edit-Count trailer: the number of edits applied.
	Count int `json:"count,omitempty"`
	// Match are the match modes of the Edit-Match trailer.
	Match []string `json:"match,omitempty"`
	// Session is the Edit-Session trailer.
	Session string `json:"session,omitempty"`
	// Agent is the Edit-Agent trailer.
	Agent string `json:"agent,omitempty"`
	// Request is the Edit-Request trailer: "sha256:" and the hash of the
	// canonical request.
	Request string `json:"request,omitempty"`
	// Reverts is the Edit-Reverts trailer of an undo: the commit reverted.
	Reverts string `json:"reverts,omitempty"`
	// Trailers are all the commit's trailers, in message order.
	Trailers []Trailer `json:"trailers"`
	// Stat is the diffstat (with LogRequest.Stat), Diff the diff (with
	// LogRequest.Patch) of the commit or entry against its first parent.
	Stat string `json:"stat,omitempty"`
	Diff string `json:"diff,omitempty"`
	// Entry is the batch's ledger entry (log --session over a ledger).
	Entry string `json:"entry,omitempty"`
}

// FileBlob is a path with a blob id, from an Edit-Blob-Before or
// Edit-Blob-After trailer ("" blob: the file did not exist on that side).
type FileBlob struct {
	// FilePath is the file's repository-relative path.
	FilePath string `json:"file_path"`
	// Blob is the file's blob id on that side ("" when it did not exist).
	Blob string `json:"blob"`
}

// Trailer is one "Key: value" trailer of a commit message: what gitedit
// writes (package commitmsg) and what a log entry lists, in message order.
type Trailer struct {
	// Key is the trailer's key ("Edit-Tool").
	Key string `json:"key"`
	// Value is the trailer's value.
	Value string `json:"value"`
}
