package history

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// swaps refuses an undo that would replace a file by a folder of the
// same name, or a folder by a file, in its one batch: the session made
// one into the other in separate batches, which gitedit does not do
// within one batch, as for a patch
// (docs/reference.md#decisions-on-patches-undo-and-series). It was
// io_error "not a directory" one way and is_directory the other; git
// revert of the same commits does it. It is unsupported, nothing
// changes, and the message says how to get there: one batch at a time.
// A folder where the undo brings back a file, with no path of the undo
// under it (someone else's folder), stays is_directory.
func (m *merger) swaps(session string) error {
	changed := map[string]bool{}
	for _, rel := range m.order {
		if f := m.files[rel]; !f.now.same(f.orig) {
			changed[rel] = true
		}
	}
	paths := make([]string, 0, len(changed))
	for rel := range changed {
		paths = append(paths, rel)
	}
	sort.Strings(paths)
	for _, rel := range paths {
		for dir := parentPath(rel); dir != ""; dir = parentPath(dir) {
			if changed[dir] {
				return m.swapError(session, dir, rel)
			}
		}
	}
	for _, rel := range paths {
		if f := m.files[rel]; f.folder != nil && f.now.exists {
			return f.folder
		}
	}
	return nil
}

// swapError is the refusal of an undo that would turn the file dir into
// a folder holding rel, or the reverse.
func (m *merger) swapError(session, dir, rel string) error {
	what := fmt.Sprintf("the folder %s/ (holding %s) by a file %s", commitmsg.Path(dir), commitmsg.Path(rel), commitmsg.Path(dir))
	if m.files[dir].orig.exists {
		what = fmt.Sprintf("the file %s by a folder %s/ (holding %s)", commitmsg.Path(dir), commitmsg.Path(dir), commitmsg.Path(rel))
	}
	return &spec.Error{Code: spec.CodeUnsupported, FilePath: dir, Message: fmt.Sprintf(
		"undoing session %s at once would replace %s in one batch, which gitedit does not do (its batches changed one into the other separately); undo them one batch at a time: gitedit undo --session %s --last 1, repeated",
		session, what, session)}
}

// parentPath is the folder of a slash path ("" at the top).
func parentPath(rel string) string {
	i := strings.LastIndexByte(rel, '/')
	if i < 0 {
		return ""
	}
	return rel[:i]
}
