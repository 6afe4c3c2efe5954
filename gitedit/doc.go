// Package gitedit is the library behind the gitedit command and MCP
// server: it applies edit, multiedit, patch, batch and recipe requests to
// a git repository, each as one atomic batch that writes blobs, the index,
// the working tree and, in commit mode, one commit with Edit-* trailers,
// or refuses and changes nothing.
//
// # Using it
//
// Open finds the repository containing a directory, as git does (GIT_DIR,
// GIT_WORK_TREE and the config variables of the environment included):
//
//	r, err := gitedit.Open(".")
//	opt, err := r.Defaults() // gitedit.* keys of git config
//	opt.Commit = true
//	res, err := r.Edit(ctx, gitedit.EditRequest{
//		FilePath: "main.go", OldString: "Hello", NewString: "Goodbye",
//	}, opt)
//	fmt.Println(res.Text(), res.CommitIDs())
//
// Repo.Edit, MultiEdit, Patch, Batch and Apply write; Read, Hash, Log and
// Series only read; Undo reverts a gitedit commit with a new one; Run runs
// refactor recipes. Requests arriving as JSON (tool calls, JSON Lines) go
// through DecodeOperation, DecodeOperations or RequestStream, which apply
// the same field rules as the CLI and the MCP server. Every refusal is an
// *Error whose Code is one of the reference's error codes (CodeOf reads it
// from any error).
//
// The requests, options, results and error codes are described in
// docs/reference.md; the design (packages, import rules, the path of one
// request) in docs/design.md.
//
// # Layout
//
// This package is a facade. The contract's types are aliases of package
// spec; the work is done under gitedit/internal (request decoding, the
// opened repository, the atomic batch, the patch, history and recipe
// features, and git's formats), and all text work (matching, the document
// model, diffs, merges) is in package engine.
package gitedit
