// Package batch runs one atomic batch of gitedit: the seam every request
// goes through. A feature builds a Func (or StepFuncs for RunSteps) that
// reads paths and plans their new content on a *Txn; Run and RunOver take
// the repository lock, run it, check the plan (dirty files, clashes,
// hooks' verdicts) and then write blobs, working-tree files, the index
// and, in commit mode, the commit and the branch ref, or nothing at all.
// The writer (write.go, worktree.go, treebuild.go), the dirty check, the
// commit objects and the hooks, signing, identity, durability, interrupt
// and trace glue live here; the repository itself is package repo.
package batch
