package batch

import (
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// CommitMeta describes a batch for its commit message (docs/reference.md#commit-messages-and-trailers).
type CommitMeta struct {
	// Tool is the Edit-Tool value.
	Tool spec.Tool
	// Subject is the -m text (its first line is the subject, the rest
	// starts the body) or a generated subject; empty generates one from
	// the files and counts.
	Subject string
	// Body holds one human-readable line per applied edit.
	Body []string
	// Count is the Edit-Count value: the number of edits applied.
	Count int
	// Match lists the match strategies used (duplicates are dropped).
	Match []string
	// Request is the canonical request JSON; Edit-Request is its SHA-256
	// (left out when nil).
	Request []byte
	// Extra trailers (Edit-Reverts, Edit-Recipe) go after Edit-Agent.
	Extra []commitmsg.Trailer
	// FileTrailerLimit, when > 0, caps the per-file trailers: a batch of
	// more files than this gets one Edit-Files trailer with their count
	// instead (the body still lists every file).
	FileTrailerLimit int
}

// meta is m as commitmsg takes it.
func (m *CommitMeta) meta() *commitmsg.Meta {
	return &commitmsg.Meta{Tool: string(m.Tool), Subject: m.Subject, Body: m.Body, Count: m.Count, Match: m.Match,
		Request: m.Request, Extra: m.Extra, FileTrailerLimit: m.FileTrailerLimit}
}

// message returns the commit message of the batch (commitmsg.Meta.Message).
func (m *CommitMeta) message(files []spec.FileResult, session, agent string) string {
	return m.meta().Message(messageFiles(files), session, agent)
}

// trailers lists the batch's trailers (commitmsg.Meta.Trailers).
func (m *CommitMeta) trailers(files []spec.FileResult, session, agent string) []commitmsg.Trailer {
	return m.meta().Trailers(messageFiles(files), session, agent)
}

// messageFiles is files as commitmsg takes them.
func messageFiles(files []spec.FileResult) []commitmsg.File {
	out := make([]commitmsg.File, len(files))
	for i, f := range files {
		out[i] = commitmsg.File{Path: f.FilePath, Created: f.Created, Deleted: f.Deleted, RenamedFrom: f.RenamedFrom,
			Replacements: f.Replacements, BlobBefore: f.BlobBefore, BlobAfter: f.BlobAfter}
	}
	return out
}
