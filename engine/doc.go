// Package engine is gitedit's pure text layer: matching strategies,
// replacement, multiedit sequencing, line endings and unified diffs.
//
// It never touches the file system or git. Every function takes the file's
// content as a string and returns new content, so it is deterministic and
// cheap to test table by table.
package engine
