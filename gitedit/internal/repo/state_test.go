package repo

import (
	"path/filepath"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// conflictRepo returns a repository on main with a branch "other" whose
// commit conflicts with main's last commit on f.txt.
func conflictRepo(t *testing.T) string {
	t.Helper()
	repo := fixtures.NewRepo(t, map[string]string{"f.txt": "base\n"})
	fixtures.Git(t, repo, "checkout", "-q", "-b", "other")
	fixtures.WriteFiles(t, repo, map[string]string{"f.txt": "other\n"})
	fixtures.Git(t, repo, "commit", "-q", "-am", "other")
	fixtures.Git(t, repo, "checkout", "-q", "main")
	fixtures.WriteFiles(t, repo, map[string]string{"f.txt": "main\n"})
	fixtures.Git(t, repo, "commit", "-q", "-am", "main")
	return repo
}

// TestOperationInProgressWithRealGit stops real git operations on a
// conflict and checks the name reported.
func TestOperationInProgressWithRealGit(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"nothing", nil, ""},
		{"merge", []string{"merge", "-q", "other"}, "merge"},
		{"cherry-pick", []string{"cherry-pick", "other"}, "cherry-pick"},
		{"revert", []string{"revert", "--no-edit", "HEAD~1"}, "revert"},
		{"rebase", []string{"rebase", "other"}, "rebase"},
		{"rebase --apply", []string{"rebase", "--apply", "other"}, "rebase (or git am)"},
		{"cherry-pick sequence", []string{"cherry-pick", "other", "other"}, "cherry-pick"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := conflictRepo(t)
			if tt.args != nil {
				if _, err := fixtures.RunGit(repo, tt.args...); err == nil {
					t.Fatalf("git %v did not stop on the conflict", tt.args)
				}
			}
			if got := openTest(t, repo, repo).OperationInProgress(); got != tt.want {
				t.Errorf("operationInProgress = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestOperationInProgressIsPerWorktree: a merge stopped in the main
// worktree does not block a linked worktree, and the reverse.
func TestOperationInProgressIsPerWorktree(t *testing.T) {
	repo := conflictRepo(t)
	linked := filepath.Join(t.TempDir(), "linked")
	fixtures.Git(t, repo, "worktree", "add", "-q", "-b", "wt", linked, "main")
	if _, err := fixtures.RunGit(linked, "merge", "-q", "other"); err == nil {
		t.Fatal("merge in the linked worktree did not stop")
	}
	if got := openTest(t, repo, linked).OperationInProgress(); got != "merge" {
		t.Errorf("linked worktree: %q, want merge", got)
	}
	if got := openTest(t, repo, repo).OperationInProgress(); got != "" {
		t.Errorf("main worktree: %q, want nothing", got)
	}
}
