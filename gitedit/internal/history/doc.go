// Package history is gitedit's read of its own commits and what it does
// with them (docs/reference.md, `gitedit log`, `gitedit undo`, `gitedit
// series`): Log lists the commits carrying Edit-* trailers, Undo reverts
// one as a new commit through a 3-way line merge (diff.Merge3) inside
// one batch, and Series exports commits as format-patch mails that git am
// applies. Commits, trees and blobs are read through package objects;
// revisions resolve as git's rev-parse does for the forms it documents.
package history
