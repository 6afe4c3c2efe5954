package repo

import (
	"os"
	"path/filepath"
)

// inProgressMarkers are the files and folders git leaves in a worktree's
// git directory while an operation is stopped, with the operation's name.
var inProgressMarkers = []struct{ path, name string }{
	{"rebase-merge", "rebase"},
	{"rebase-apply", "rebase (or git am)"},
	{"MERGE_HEAD", "merge"},
	{"CHERRY_PICK_HEAD", "cherry-pick"},
	{"REVERT_HEAD", "revert"},
	{"sequencer/todo", "cherry-pick or revert sequence"},
}

// OperationInProgress names the merge, rebase, cherry-pick or revert in
// progress in this worktree (git keeps their state in the worktree's own
// git directory), or returns "".
func (r *Repo) OperationInProgress() string {
	for _, m := range inProgressMarkers {
		if _, err := os.Lstat(filepath.Join(r.gitDir, m.path)); err == nil {
			return m.name
		}
	}
	return ""
}
