package spec

import "time"

// LogRequest selects gitedit commits for `gitedit log` (docs/reference.md#commands).
type LogRequest struct {
	N       int    `json:"n,omitempty" jsonschema:"maximum number of commits to list, newest first (default: all)"`
	Session string `json:"session,omitempty" jsonschema:"only commits whose Edit-Session trailer equals this"`
	Agent   string `json:"agent,omitempty" jsonschema:"only commits whose Edit-Agent trailer equals this"`
	File    string `json:"file,omitempty" jsonschema:"only commits that touched this file (relative to the current directory, or absolute)"`
}

// LogEntry is one gitedit commit with its parsed trailers (docs/reference.md#commit-messages-and-trailers).
type LogEntry struct {
	Commit  string `json:"commit"`
	Subject string `json:"subject"`
	// Body is the message between the subject and the trailers.
	Body        string       `json:"body,omitempty"`
	Author      string       `json:"author"`
	AuthorEmail string       `json:"author_email"`
	Date        time.Time    `json:"date"`
	Tool        string       `json:"tool"`
	Files       []string     `json:"files"`
	BlobsBefore []FileBlob   `json:"blobs_before,omitempty"`
	BlobsAfter  []FileBlob   `json:"blobs_after,omitempty"`
	Count       int          `json:"count,omitempty"`
	Match       []string     `json:"match,omitempty"`
	Session     string       `json:"session,omitempty"`
	Agent       string       `json:"agent,omitempty"`
	Request     string       `json:"request,omitempty"`
	Reverts     string       `json:"reverts,omitempty"`
	Trailers    []LogTrailer `json:"trailers"`
}

// FileBlob is a path with a blob id, from an Edit-Blob-Before or
// Edit-Blob-After trailer ("" blob: the file did not exist on that side).
type FileBlob struct {
	FilePath string `json:"file_path"`
	Blob     string `json:"blob"`
}

// LogTrailer is one trailer of a commit, in message order.
type LogTrailer struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}
