package batch

import (
	"github.com/gitedit/gitedit/gitedit/internal/attr"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// diffBinary decides, as git diff does, whether the change of a file is
// shown as "Binary files … differ" rather than as text: when either side
// is binary. A side is binary by its path's diff attribute when that
// decides (-diff and the binary macro: binary; diff set: text; diff=NAME:
// the diff.NAME.binary config when set), else when its first 8000 bytes
// hold a NUL byte. An attribute that cannot be read counts as unspecified.
func diffBinary(r *repo.Repo, c *Change) bool {
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
