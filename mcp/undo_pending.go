//go:build !gitedit_undo

package mcp

// The undo tool waits for the library's Repo.Undo (undo.go, built with
// -tags gitedit_undo until then). When gitedit.UndoRequest and Repo.Undo
// land, delete this file and undo.go's build constraint.

// undoSpecs lists the undo tool: none until the library has Undo.
func undoSpecs() []toolSpec { return nil }

// undoCall is the undo tool's implementation: none yet.
func undoCall(string) callFunc { return nil }
