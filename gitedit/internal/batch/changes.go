package batch

import (
	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/engine/diff"
	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/attr"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// change is one path's planned change with the blob ids and git modes of
// both sides (zero for a side where the file does not exist).
type change struct {
	before, after         *repo.FileState
	blobBefore, blobAfter plumbing.Hash
	modeBefore, modeAfter filemode.FileMode
	// gitBefore and gitAfter are the old and new content as git stores
	// them (after conversion); the old is written only when a session's
	// ledger records it (an outside change).
	gitBefore, gitAfter []byte
	// movedAway: the file is removed as the source of a rename or move.
	movedAway bool
}

// collectChanges turns the transaction's planned states into changes,
// skipping paths that end as they started, and hashes both sides: the
// old side with the attributes as they are, the new side with the
// attributes the batch leaves (a .gitattributes it writes applies to the
// files it writes, as a git add after the batch would apply it).
func collectChanges(r *repo.Repo, t *Txn) ([]*change, error) {
	var changes []*change
	for _, rel := range t.order {
		before, after := t.orig[rel], t.cur[rel]
		if before.Same(after) && !t.keepUnchanged {
			continue
		}
		c, err := hashBefore(r, before, after, t.Idx.Entry(rel))
		if err != nil {
			return nil, err
		}
		c.movedAway = t.movedAway[rel]
		changes = append(changes, c)
	}
	planAttributes(r, changes)
	for _, c := range changes {
		if err := hashAfter(r, c, t.Idx.Entry(c.after.Rel)); err != nil {
			return nil, err
		}
	}
	return changes, nil
}

// planAttributes makes the rest of the operation read the .gitattributes
// files the changes write (or delete) with their planned content.
func planAttributes(r *repo.Repo, changes []*change) {
	for _, c := range changes {
		if path.Base(c.after.Rel) != ".gitattributes" {
			continue
		}
		dir := path.Dir(c.after.Rel)
		if dir == "." {
			dir = ""
		}
		r.Attrs().Plan(r.Abs(c.after.Rel), dir, c.after.Content, c.after.Exists && !c.after.IsLink())
	}
}

// hashBefore starts the change of one path: the blob id of its old side,
// as git add would store it (for a CRLF file already staged with CRLF
// under autocrlf or text=auto, git add leaves it unconverted). staged is
// the path's index entry, or nil.
func hashBefore(r *repo.Repo, before, after *repo.FileState, staged *index.Entry) (*change, error) {
	c := &change{before: before, after: after}
	if before.Exists {
		gitBefore, err := blobContent(r, before, stagedHash(staged))
		if err != nil {
			return nil, err
		}
		c.gitBefore, c.blobBefore = gitBefore, objects.HashBlob(gitBefore)
	}
	return c, nil
}

// hashAfter completes c: the blob of its new side and both git modes.
func hashAfter(r *repo.Repo, c *change, staged *index.Entry) error {
	if c.after.Exists {
		gitAfter, err := blobContent(r, c.after, stagedHash(staged))
		if err != nil {
			return err
		}
		c.gitAfter, c.blobAfter = gitAfter, objects.HashBlob(gitAfter)
	}
	c.modeBefore, c.modeAfter = gitModes(r, c.before, c.after, staged)
	if c.after.Exists {
		return repo.VerifyPath(c.after.Rel, uint32(c.modeAfter))
	}
	return nil
}

// stagedHash is the blob id of an index entry (zero for none).
func stagedHash(staged *index.Entry) plumbing.Hash {
	if staged == nil {
		return plumbing.ZeroHash
	}
	return staged.Hash
}

// blobContent is the content git stores for st: a link's target text as
// it is, a file's content converted as git add converts it (see
// toGitForIndex; staged is the path's staged blob).
func blobContent(r *repo.Repo, st *repo.FileState, staged plumbing.Hash) ([]byte, error) {
	if st.IsLink() {
		return st.Content, nil
	}
	return r.ToGitForIndex(st.Rel, st.Content, staged)
}

// gitModes returns the modes git records for both sides, a symbolic
// link's as 120000, a file's as fileModes decides.
func gitModes(r *repo.Repo, before, after *repo.FileState, staged *index.Entry) (filemode.FileMode, filemode.FileMode) {
	b, a := fileModes(r, before, after, staged)
	if before.IsLink() {
		b = filemode.Symlink
	}
	if after.IsLink() {
		a = filemode.Symlink
	}
	return b, a
}

// fileModes returns the modes git records for both sides: from the
// executable bit, or, with core.fileMode=false (the bit means nothing on
// this file system), the mode already staged (0644 for a new file) unless
// the batch itself changes the mode (a patch's mode change).
//
// With core.symlinks=false, a regular file whose entry is a symlink (120000)
// is the link checked out as a plain file holding its target: it keeps
// mode 120000 on both sides, as git add keeps it (ce_mode_from_stat).
func fileModes(r *repo.Repo, before, after *repo.FileState, staged *index.Entry) (filemode.FileMode, filemode.FileMode) {
	if staged != nil && staged.Mode == index.ModeSymlink && !r.HasSymlinks() {
		return filemode.Symlink, filemode.Symlink
	}
	if r.TrustFileMode() {
		return repo.ModeOf(before.Mode), repo.ModeOf(after.Mode)
	}
	recorded := filemode.Regular
	if staged != nil && staged.Mode == index.ModeExecutable {
		recorded = filemode.Executable
	}
	if before.Exists && after.Exists && before.Mode != after.Mode {
		return recorded, repo.ModeOf(after.Mode)
	}
	return recorded, recorded
}

// fileResults describes the changes for the result.
func fileResults(changes []*change) []spec.FileResult {
	files := make([]spec.FileResult, 0, len(changes))
	for _, c := range changes {
		files = append(files, spec.FileResult{
			FilePath:   c.after.Rel,
			BlobBefore: blobString(c.blobBefore),
			BlobAfter:  blobString(c.blobAfter),
			Created:    !c.before.Exists && c.after.Exists,
			Deleted:    c.before.Exists && !c.after.Exists,
		})
	}
	return files
}

// blobString prints a blob id; the zero id (40 zeros) stands for "no
// file", as in git's own diff output and in the Edit-Blob-* trailers.
func blobString(h plumbing.Hash) string { return h.String() }

// diffOf concatenates the unified diffs of the changes (created files
// diff from /dev/null, deleted ones to it); a binary change (see
// diffBinary) is git's "Binary files … differ" line, never its bytes.
func diffOf(r *repo.Repo, changes []*change) string {
	var b strings.Builder
	for _, c := range changes {
		oldPath, newPath := c.before.Rel, c.after.Rel
		if !c.before.Exists {
			oldPath = ""
		}
		if !c.after.Exists {
			newPath = ""
		}
		if typeChanged(c) { // as git diff writes it: a deletion, then a creation
			b.WriteString(diff.UnifiedDiff(oldPath, "", string(c.before.Content), ""))
			oldPath = ""
			c = &change{before: &repo.FileState{}, after: c.after}
		}
		if !bytes.Equal(c.before.Content, c.after.Content) && diffBinary(r, c) {
			b.WriteString(diff.BinaryDiff(oldPath, newPath))
		} else {
			b.WriteString(diff.UnifiedDiff(oldPath, newPath, string(c.before.Content), string(c.after.Content)))
		}
		if c.before.Exists && c.after.Exists && c.modeBefore != c.modeAfter {
			fmt.Fprintf(&b, "mode %o => %o %s\n", c.modeBefore, c.modeAfter, quote.QuotePath(c.after.Rel))
		}
	}
	return b.String()
}

// typeChanged reports a file that is a symbolic link on one side and a
// file on the other (git's "T" status).
func typeChanged(c *change) bool {
	return c.before.Exists && c.after.Exists && (c.modeBefore == filemode.Symlink) != (c.modeAfter == filemode.Symlink)
}

// touchedPaths lists the paths of changes, sorted.
func touchedPaths(changes []*change) []string {
	paths := make([]string, len(changes))
	for i, c := range changes {
		paths[i] = c.after.Rel
	}
	sort.Strings(paths)
	return paths
}

// diffBinary decides, as git diff does, whether the change of a file is
// shown as "Binary files … differ" rather than as text: when either side
// is binary. A side is binary by its path's diff attribute when that
// decides (-diff and the binary macro: binary; diff set: text; diff=NAME:
// the diff.NAME.binary config when set), else when its first 8000 bytes
// hold a NUL byte. An attribute that cannot be read counts as unspecified.
func diffBinary(r *repo.Repo, c *change) bool {
	return sideBinary(r, c.before) || sideBinary(r, c.after)
}

// sideBinary is diffBinary for one side of a change.
func sideBinary(r *repo.Repo, st *repo.FileState) bool {
	if !st.Exists || st.IsLink() { // git takes a link's text as text
		return false
	}
	if b, ok := diffAttrBinary(r, st.Rel); ok {
		return b
	}
	return repo.IsBinary(st.Content)
}

// diffAttrBinary is what rel's diff attribute says (git's userdiff
// driver): binary or not, and whether it says anything.
func diffAttrBinary(r *repo.Repo, rel string) (binary, ok bool) {
	attrs, err := r.Attributes(rel)
	if err != nil {
		return false, false
	}
	switch v := attrs["diff"]; v.State {
	case attr.Unset:
		return true, true
	case attr.Set:
		return false, true
	case attr.Valued:
		b, set, err := r.ConfigBool("diff." + v.Text + ".binary")
		return b, set && err == nil
	}
	return false, false
}
