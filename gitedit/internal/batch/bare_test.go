package batch

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A batch over a bare repository opened for reading (repo.OpenBare) is
// refused with unsupported before it takes a lock or reads anything, in
// staging and commit mode, with or without a session, even one whose plan
// reads no file (it would run, changing nothing): a bare repository has
// no working tree or index. Its refs, and the current folder (a work
// tree of ""), are left as they were.
func TestRunRefusesABareRepository(t *testing.T) {
	src := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	bare := filepath.Join(filepath.Dir(src), "mirror.git")
	fixtures.Git(t, src, "clone", "-q", "--mirror", src, bare)
	r, err := repo.OpenBareEnv(bare, fixtures.EnvLookup(bare))
	require.NoError(t, err)
	before := fixtures.Git(t, bare, "for-each-ref")
	cwd := t.TempDir()
	t.Chdir(cwd) // a work tree of "" would be the current directory
	// A plan that reads no file (none to write) would reach the lock and
	// the index, which a bare repository does not have.
	none := func(*Txn) (*commitmsg.Meta, error) {
		return &commitmsg.Meta{Tool: string(spec.ToolEdit), Subject: "nothing"}, nil
	}
	for _, opt := range []spec.Options{{}, {Commit: true}, {Session: "s"}, {Commit: true, Session: "s"}, {DryRun: true}} {
		_, err := replaceIn(r, "a.txt", "a", "b", opt)
		require.Equal(t, spec.CodeUnsupported, spec.CodeOf(err), "%+v: %v", opt, err)
		require.ErrorContains(t, err, "bare repository")
		_, err = Run(context.Background(), r, opt, none)
		require.Equal(t, spec.CodeUnsupported, spec.CodeOf(err), "%+v: %v", opt, err)
	}
	require.NoFileExists(t, filepath.Join(cwd, "a.txt"))
	require.Equal(t, before, fixtures.Git(t, bare, "for-each-ref"))
	require.NoFileExists(t, filepath.Join(bare, "index"))
	require.NoDirExists(t, filepath.Join(bare, "gitedit"))
}
