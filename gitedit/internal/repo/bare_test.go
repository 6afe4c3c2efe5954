package repo

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// OpenBare opens a bare repository (found from its top or a folder in
// it, through core.bare, or through GIT_DIR) with no working tree; Open
// still refuses it, naming what runs there. A repository with a working
// tree opens as Open opens it.
func TestOpenBareOpensABareRepositoryWithoutAWorkTree(t *testing.T) {
	src := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	bare := filepath.Join(filepath.Dir(src), "mirror.git")
	fixtures.Git(t, src, "clone", "-q", "--mirror", src, bare)
	flagged := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	fixtures.Git(t, flagged, "config", "core.bare", "true")
	for name, at := range map[string]struct{ top, dir, env string }{
		"top": {bare, bare, ""}, "folder in it": {bare, filepath.Join(bare, "refs"), ""},
		"core.bare": {flagged, flagged, ""}, "GIT_DIR": {bare, src, "GIT_DIR=" + bare},
	} {
		env := []string{"GIT_CEILING_DIRECTORIES=" + filepath.Dir(at.top)}
		if at.env != "" {
			env = append(env, at.env)
		}
		_, err := OpenEnv(at.dir, testEnv(at.top, env...))
		require.Equal(t, spec.CodeUnsupported, spec.CodeOf(err), name)
		require.ErrorContains(t, err, "bare repository", name)
		require.ErrorContains(t, err, "session list", name)
		r, err := OpenBareEnv(at.dir, testEnv(at.top, env...))
		require.NoError(t, err, name)
		require.True(t, r.Bare(), name)
		require.Empty(t, r.WorkTree(), name)
		require.Equal(t, spec.CodeUnsupported, spec.CodeOf(r.NeedWorkTree()), name)
		_, _, err = r.ResolvePath("a.txt")
		require.Equal(t, spec.CodeUnsupported, spec.CodeOf(err), name)
		_, err = r.ReadPath("a.txt")
		require.Equal(t, spec.CodeUnsupported, spec.CodeOf(err), name)
	}
	r, err := OpenBareEnv(src, testEnv(src))
	require.NoError(t, err)
	require.False(t, r.Bare())
	require.NoError(t, r.NeedWorkTree())
	require.Equal(t, realPath(t, src), r.WorkTree())
}

// TreePath reads a path in a bare repository as git reads a pathspec
// there: from the top, cleaned; what leaves the top, the top itself and
// what git's verify_path refuses are refused.
func TestTreePathReadsFromTheTop(t *testing.T) {
	src := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	bare := filepath.Join(filepath.Dir(src), "b.git")
	fixtures.Git(t, src, "clone", "-q", "--bare", src, bare)
	r, err := OpenBareEnv(bare, testEnv(bare))
	require.NoError(t, err)
	for in, want := range map[string]string{"a.txt": "a.txt", "./d/../d/x.go": "d/x.go", "d//x.go": "d/x.go"} {
		got, err := r.TreePath(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	for in, code := range map[string]spec.Code{"../a.txt": spec.CodeOutsideRepo, "/etc/passwd": spec.CodeOutsideRepo,
		".": spec.CodeIsDirectory, "d/..": spec.CodeIsDirectory, ".git/config": spec.CodeOutsideRepo,
		"": spec.CodeInvalidInput, "a\x00b": spec.CodeInvalidInput} {
		_, err := r.TreePath(in)
		require.Equal(t, code, spec.CodeOf(err), "%q: %v", in, err)
	}
}

// core.bare and core.worktree in the common config are the main
// worktree's: a linked worktree ignores them, as git does (its top is
// the one git rev-parse --show-toplevel prints there), unless
// extensions.worktreeConfig is on.
func TestLinkedWorktreeIgnoresTheCommonCoreBareAndWorktree(t *testing.T) {
	main := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	linked := filepath.Join(filepath.Dir(main), "linked")
	fixtures.Git(t, main, "worktree", "add", "-q", linked)
	fixtures.Git(t, main, "config", "core.worktree", t.TempDir())
	fixtures.Git(t, main, "config", "core.bare", "true")
	r, err := OpenEnv(linked, testEnv(main))
	require.NoError(t, err)
	require.Equal(t, realPath(t, strings.TrimSpace(fixtures.Git(t, linked, "rev-parse", "--show-toplevel"))), r.WorkTree())
	require.Equal(t, realPath(t, linked), r.WorkTree())
	fixtures.Git(t, main, "config", "extensions.worktreeConfig", "true")
	fixtures.Git(t, main, "config", "--unset", "core.worktree")
	_, gitErr := fixtures.RunGit(linked, "rev-parse", "--show-toplevel")
	require.Error(t, gitErr)
	_, err = OpenEnv(linked, testEnv(main))
	require.Equal(t, spec.CodeUnsupported, spec.CodeOf(err), "git takes it as bare then: %v", err)
}

// A bare repository given a work tree is no bare repository to git:
// found by the walk up (from its top or a folder in it) with
// GIT_WORK_TREE, named by GIT_DIR with GIT_WORK_TREE, or with
// core.worktree in its config unless core.bare is true (git then warns
// that the two "do not make sense" and takes it as bare). Open agrees
// with git rev-parse --is-bare-repository --show-toplevel in each: the
// work tree git shows, or unsupported where git has none. The walk up
// took a bare repository as bare whatever GIT_WORK_TREE said, and so did
// core.worktree without core.bare.
func TestOpenBareRepositoryWithAWorkTreeAsGit(t *testing.T) {
	src := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	bare := filepath.Join(filepath.Dir(src), "b.git")
	fixtures.Git(t, src, "clone", "-q", "--bare", src, bare)
	wt := t.TempDir()
	ceiling := "GIT_CEILING_DIRECTORIES=" + filepath.Dir(bare)
	type variant struct {
		dir    string
		env    []string
		config [][]string
	}
	variants := map[string]variant{
		"walk, GIT_WORK_TREE":             {bare, []string{"GIT_WORK_TREE=" + wt}, nil},
		"walk from refs, GIT_WORK_TREE":   {filepath.Join(bare, "refs"), []string{"GIT_WORK_TREE=" + wt}, nil},
		"GIT_DIR and GIT_WORK_TREE":       {src, []string{"GIT_DIR=" + bare, "GIT_WORK_TREE=" + wt}, nil},
		"core.worktree, core.bare unset":  {bare, nil, [][]string{{"--unset", "core.bare"}, {"core.worktree", wt}}},
		"core.worktree, core.bare false":  {bare, nil, [][]string{{"core.bare", "false"}, {"core.worktree", wt}}},
		"core.worktree, core.bare true":   {bare, nil, [][]string{{"core.bare", "true"}, {"core.worktree", wt}}},
		"GIT_WORK_TREE over core.bare":    {bare, []string{"GIT_WORK_TREE=" + wt}, [][]string{{"core.bare", "true"}, {"core.worktree", t.TempDir()}}},
		"core.bare true, no work tree":    {bare, nil, [][]string{{"core.bare", "true"}}},
		"GIT_DIR, core.worktree, no bare": {src, []string{"GIT_DIR=" + bare}, [][]string{{"--unset", "core.bare"}, {"core.worktree", wt}}},
	}
	for name, v := range variants {
		fixtures.Git(t, bare, "config", "core.bare", "true")
		_, _ = fixtures.RunGit(bare, "config", "--unset", "core.worktree")
		for _, kv := range v.config {
			fixtures.Git(t, bare, append([]string{"config"}, kv...)...)
		}
		env := append([]string{ceiling}, v.env...)
		out, gitErr := gitIn(bare, v.dir, env, "rev-parse", "--is-bare-repository", "--show-toplevel")
		lines := strings.Fields(out)
		gitBare := gitErr != nil || len(lines) < 2 || lines[0] == "true"
		r, err := OpenEnv(v.dir, testEnv(bare, env...))
		if gitBare {
			require.Equal(t, spec.CodeUnsupported, spec.CodeOf(err), "%s: git sees no work tree (%q, %v)", name, out, gitErr)
			continue
		}
		require.NoError(t, err, "%s: git's work tree is %s", name, lines[1])
		require.Equal(t, realPath(t, lines[1]), r.WorkTree(), name)
		require.Equal(t, realPath(t, wt), r.WorkTree(), name)
		require.False(t, r.Bare(), name)
	}
}
