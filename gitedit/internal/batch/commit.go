package batch

import (
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// message returns the commit message m describes for the batch's files
// (commitmsg.Meta.Message).
func message(m *commitmsg.Meta, files []spec.FileResult, session, agent string) string {
	return m.Message(messageFiles(files), session, agent)
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
