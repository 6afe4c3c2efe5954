// Package gitedit is the library behind the gitedit command and MCP
// server: it applies edit, multiedit, patch, batch and recipe requests to
// a git repository as one batch each, writing blobs, the index, the
// working tree and (in commit mode) a commit with trailers, and refuses a
// request without changing anything. Open a repository with Open and call
// the Repo's methods; requests, results and error codes are described in
// docs/reference.md.
//
// Text matching and diffs come from package engine; git's file formats
// live in the packages under gitedit/internal.
package gitedit
