// Package engine is gitedit's pure text layer: matching strategies,
// replacement, multiedit sequencing and line endings (line windows in
// engine/internal/linespan). Its sub-packages hold the rest: engine/diff (line and
// unified diffs, the 3-way merge, hunk location) and engine/quote (git's
// path quoting, terminal escaping).
//
// It never touches the file system or git. Every function takes the file's
// content as a string and returns new content, so it is deterministic and
// cheap to test table by table.
package engine
