// Package patch is gitedit's patch feature (docs/reference.md#patch): it
// turns patch text into one atomic batch. It reads a git diff, a plain
// unified diff (parsed with go-gitdiff), an mbox of format-patch emails
// (one patch per email, a single email's subject kept for the commit) or
// an apply_patch "*** Begin Patch" envelope, and plans every file it
// adds, changes, renames, copies or deletes in a batch.Txn: hunks are
// placed as git apply places them (diff.ApplyHunks), binary patches and
// zero-context hunks apply only to the blob their index line names, a
// CRLF checkout of LF content is matched as git apply matches it, and
// envelope chunks are matched exact, then line_trimmed, then
// unicode_normalized.
//
// Apply runs a patch as its own batch (`gitedit patch`); Step is a patch
// operation inside a larger batch (docs/reference.md#batch). Either the
// whole patch applies or nothing is written.
package patch
