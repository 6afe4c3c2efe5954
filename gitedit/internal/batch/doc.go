// Package batch runs one atomic batch of gitedit: the seam every request
// goes through, with one entry, Run. A feature passes a Plan that reads
// paths and plans their new content on a *Txn (Steps makes one from the
// operations of an edit, multiedit or batch request); Run takes the
// repository lock, runs it, checks the plan (dirty files, clashes, the
// hooks' verdicts) and then writes blobs, working-tree files, the index
// and, in commit mode, the commit and the branch ref, or nothing at all.
// The repository itself is package repo.
package batch
