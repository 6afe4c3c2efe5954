// Package integration tests the gitedit binary end to end, with the real
// git binary as the oracle: each test runs gitedit (built once by
// TestMain in harness_test.go, which also holds the runners and checks
// every file shares) and compares what it leaves with what git does.
//
// The files are named by behaviour:
//
//	edits_*           edits and their results, file kinds, malformed input
//	patches_*         git and unified diffs, the *** Begin Patch envelope
//	undo_*, series_*  undo and format-patch series
//	commitgates_*     hooks, identities, dates, signing, refused commits
//	concurrency_*     concurrent writers, locks, racing prunes
//	crashes_*         crashes and signals around the point of no return
//	paths_*, names_*  path rules, submodules, case, odd names in output
//	symlinks_*        symbolic links, swaps, links in patches
//	line_endings_*    line endings on every path
//	mcp_*             the MCP server binary
//	shared_*          shared repositories and alternates
//	repositories_*    shallow clones, includeIf
//	version_*         the stamped version
package integration
