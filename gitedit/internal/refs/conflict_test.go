package refs

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// Creating a ref where another ref is one of its folders, or where refs
// lie below it, is refused as git update-ref refuses it ("'refs/x'
// exists; cannot create 'refs/x/y'"), also when the other ref is only
// packed: gitedit created the loose ref beside a packed one of the
// folder's name, after which git gc, git clone --mirror and git's own
// updates of the ref failed. Nothing changes, reflogs included.
func TestApplyRefusesANewRefInConflictWithAnotherAsGitDoes(t *testing.T) {
	for _, tc := range []struct{ name, other, create string }{
		{"packed folder", "refs/gitedit/sessions", "refs/gitedit/sessions/s"},
		{"packed below", "refs/heads/x/y", "refs/heads/x"},
		{"loose below", "refs/heads/x/y", "refs/heads/x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
			head := revParse(t, dir, "HEAD")
			fixtures.Git(t, dir, "update-ref", tc.other, head.String())
			if tc.name != "loose below" {
				fixtures.Git(t, dir, "pack-refs", "--all")
			}
			_, gitErr := fixtures.RunGit(dir, "update-ref", tc.create, head.String())
			require.Error(t, gitErr, "git refuses it")
			before := fixtures.Git(t, dir, "for-each-ref")
			err := store(dir).Apply(context.Background(), Update{Ref: tc.create, New: head, Ident: ident, Message: "x", CreateLog: true}, time.Second)
			require.True(t, errors.Is(err, ErrNameConflict), "%v", err)
			require.Contains(t, err.Error(), "'"+tc.other+"' exists; cannot create '"+tc.create+"'")
			require.Equal(t, before, fixtures.Git(t, dir, "for-each-ref"))
			fi, statErr := os.Stat(filepath.Join(dir, ".git", "logs", filepath.FromSlash(tc.create)))
			require.True(t, os.IsNotExist(statErr) || fi.IsDir(), "no reflog of the ref: %v", statErr)
			fixtures.Git(t, dir, "gc", "-q")
		})
	}
}
