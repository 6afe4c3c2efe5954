package patch

import (
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/gitdiff"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// checkPatchBlob compares a file the patch changes or deletes with the
// blob ids of the patch's index line ("index <old>..<new>"):
//   - a binary patch needs full ids and applies only to the blob it names,
//     as git's apply_binary requires;
//   - a text patch whose new blob is the file's content already is refused
//     as already applied (git would refuse most such patches, and apply
//     some a second time when their context still matches);
//   - a patch with a zero-context hunk (diff -U0) applies only to the blob
//     it names: its hunks are placed by line number, and line numbers are
//     only good for the version the patch was made from.
//
// A patch without an index line (diff -u) is not checked.
func checkPatchBlob(r *repo.Repo, st *repo.FileState, f *gitdiff.File) error {
	if f.IsBinary {
		return checkBinaryBlob(r, st, f)
	}
	oldID, newID := f.OldOIDPrefix, f.NewOIDPrefix
	if f.IsNew || oldID == "" || newID == "" || oldID == newID {
		return nil // a new file has no blob to compare
	}
	blob, err := patchBlobOf(r, st)
	if err != nil {
		return err
	}
	switch {
	case strings.HasPrefix(blob, oldID):
		return nil
	case strings.HasPrefix(blob, newID):
		return alreadyApplied(st.Rel, blob)
	case hasZeroContextHunk(f):
		return &spec.Error{Code: spec.CodeNotFound, FilePath: st.Rel, Message: fmt.Sprintf(
			"the patch has hunks without context lines (diff -U0), which apply by line number only, and it was made for blob %s while the file is blob %s: regenerate the patch with context lines (diff -U3) or against the current file", oldID, blob)}
	}
	return nil
}

// patchBlobOf is the blob id of st as git apply computes it: a symbolic
// link's target text as it is, a file's content as git hash-object
// converts it.
func patchBlobOf(r *repo.Repo, st *repo.FileState) (string, error) {
	if st.IsLink() {
		return objects.HashBlob(st.Content).String(), nil
	}
	return r.BlobOf(st)
}

// alreadyApplied is the refusal of a patch whose result the file holds.
func alreadyApplied(rel, blob string) *spec.Error {
	return &spec.Error{Code: spec.CodeNotFound, FilePath: rel, Message: fmt.Sprintf(
		"the patch is already applied: the file is blob %s, the patch's result", blob)}
}

// hasZeroContextHunk reports whether one of f's hunks has no context line
// before or after its changes.
func hasZeroContextHunk(f *gitdiff.File) bool {
	for _, frag := range f.TextFragments {
		if engineHunk(frag).ZeroContext() {
			return true
		}
	}
	return false
}

// checkBinaryBlob is git's apply_binary check: full blob ids on the index
// line, and the file is the old one. A binary patch without data is left
// to applyBinary, which refuses it.
func checkBinaryBlob(r *repo.Repo, st *repo.FileState, f *gitdiff.File) error {
	if f.BinaryFragment == nil {
		return nil // applyBinary refuses it: no data
	}
	if !fullOID(f.OldOIDPrefix) || !fullOID(f.NewOIDPrefix) {
		return &spec.Error{Code: spec.CodeInvalidInput, FilePath: st.Rel, Message: "a binary patch needs the full blob ids on its index line (make it with git diff --binary, or --full-index)"}
	}
	if f.IsNew {
		return nil
	}
	blob, err := patchBlobOf(r, st)
	if err != nil {
		return err
	}
	switch blob {
	case f.OldOIDPrefix:
		return nil
	case f.NewOIDPrefix:
		return alreadyApplied(st.Rel, blob)
	}
	return &spec.Error{Code: spec.CodeNotFound, FilePath: st.Rel, Message: fmt.Sprintf(
		"the binary patch applies to blob %s, but the file is blob %s", f.OldOIDPrefix, blob)}
}

// checkBinaryResult verifies, as git does, that a binary patch made the
// blob its index line names (a deletion makes nothing).
func checkBinaryResult(rel string, content []byte, f *gitdiff.File) error {
	if f.IsDelete || !fullOID(f.NewOIDPrefix) {
		return nil
	}
	if got := objects.HashBlob(content).String(); got != f.NewOIDPrefix {
		return &spec.Error{Code: spec.CodeNotFound, FilePath: rel, Message: fmt.Sprintf(
			"the binary patch creates blob %s, not the blob %s its index line names", got, f.NewOIDPrefix)}
	}
	return nil
}

// fullOID reports whether s is a full SHA-1 blob id.
func fullOID(s string) bool {
	if len(s) != 40 {
		return false
	}
	return strings.Trim(s, "0123456789abcdef") == ""
}
