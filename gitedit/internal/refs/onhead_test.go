package refs

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gitedit/gitedit/fixtures"
)

// TestApplyOnHeadRefusesWhenHEADMovedAway moves main, which HEAD pointed
// at, with OnHead after HEAD was switched to another branch or detached
// (as a commit hook can): the update fails with ErrHeadMoved and leaves
// the branch, HEAD and the reflogs as they were, as git commit's update
// of HEAD fails. With HEAD still on main it goes through.
func TestApplyOnHeadRefusesWhenHEADMovedAway(t *testing.T) {
	for name, move := range map[string][]string{
		"switched": {"symbolic-ref", "HEAD", "refs/heads/other"},
		"detached": {"checkout", "-q", "--detach"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
			s := store(dir)
			head := revParse(t, dir, "HEAD")
			fixtures.Git(t, dir, "branch", "other")
			next := newCommit(t, dir, head.String(), "next")
			fixtures.Git(t, dir, move...)
			logs := readFile(t, filepath.Join(dir, ".git/logs/HEAD"))
			u := Update{Ref: "refs/heads/main", Old: head, New: next, Ident: ident, Message: "commit: next", OnHead: true}
			if err := s.Apply(context.Background(), u, time.Second); !errors.Is(err, ErrHeadMoved) {
				t.Fatalf("Apply = %v, want ErrHeadMoved", err)
			}
			if got := revParse(t, dir, "refs/heads/main"); got != head {
				t.Errorf("main moved to %s", got)
			}
			if readFile(t, filepath.Join(dir, ".git/logs/HEAD")) != logs {
				t.Error("logs/HEAD changed")
			}
			if _, err := os.Stat(s.refPath("refs/heads/main") + ".lock"); !os.IsNotExist(err) {
				t.Error("lock file left behind")
			}
			fixtures.Git(t, dir, "checkout", "-q", "main")
			if err := s.Apply(context.Background(), u, time.Second); err != nil {
				t.Fatalf("Apply with HEAD on main: %v", err)
			}
		})
	}
}
