package batch

import (
	"fmt"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// unstagedNamed is how many paths the unstaged note names before it
// counts the rest.
const unstagedNamed = 10

// unstagedNote is the result's remark, in staging mode, on the files the
// batch changes whose working-tree content already differed from their
// index entry, or that git did not track: staging the new content stages
// the user's own change too, as git add stages a whole file. A file
// whose new content is what the index already stages is not one: none of
// its change is left to stage (say, undo taking back a batch whose files
// were written but never staged, its index.lock left by a kill). It is
// "" when there is none, and in commit mode (the dirty policy speaks there)
// or with NoStage (the index is not written).
func unstagedNote(idx *index.Index, changes []*change, opt spec.Options) string {
	if opt.Commit || opt.NoStage {
		return ""
	}
	var paths []string
	for _, c := range changes {
		if e := idx.Entry(c.before.Rel); c.before.Exists && !stagedAsIs(e, c) && !stagesAfter(e, c) {
			paths = append(paths, c.before.Rel)
		}
	}
	switch {
	case len(paths) == 0:
		return ""
	case len(paths) == 1:
		return spec.QuotePaths(paths) + " had changes of its own that were not staged; they are staged with the batch's (git diff --cached shows both)"
	case len(paths) > unstagedNamed:
		return fmt.Sprintf("%d files had changes of their own that were not staged (%s and %d more); they are staged with the batch's (git diff --cached shows both)",
			len(paths), spec.QuotePaths(paths[:unstagedNamed]), len(paths)-unstagedNamed)
	}
	return fmt.Sprintf("%d files had changes of their own that were not staged (%s); they are staged with the batch's (git diff --cached shows both)",
		len(paths), spec.QuotePaths(paths))
}

// stagedAsIs reports whether the index entry e holds the change's old
// side exactly: same blob and mode, and not an intent-to-add entry.
func stagedAsIs(e *index.Entry, c *change) bool {
	return e != nil && !e.IntentToAdd && e.Hash == c.blobBefore && filemode.FileMode(e.Mode) == c.modeBefore
}

// stagesAfter reports whether the index entry e already holds the
// change's new side: staging it changes nothing.
func stagesAfter(e *index.Entry, c *change) bool {
	return e != nil && !e.IntentToAdd && c.after.Exists && e.Name == c.after.Rel &&
		e.Hash == c.blobAfter && filemode.FileMode(e.Mode) == c.modeAfter
}
