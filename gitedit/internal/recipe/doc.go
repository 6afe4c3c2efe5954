// Package recipe is `gitedit run`: refactor recipes (named lists of
// multiedit items and regex items, each over the tracked files its globs
// select) loaded from YAML or JSON (Load, Parse), compiled, scoped over
// the index, scanned in parallel with a literal prefilter and the scan
// cache (.git/gitedit/scan-cache, package scancache), and applied as one
// atomic batch of package batch (Run). The README's "Refactor recipes"
// section and docs/reference.md (Commands; Commit messages and trailers:
// Edit-Recipe, Edit-Files) describe it.
package recipe
