package repo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// testEnv is fixtures.EnvLookup.
var testEnv = fixtures.EnvLookup

// envList renders testEnv's variables for exec.Cmd.Env.
func envList(top string, extra ...string) []string {
	return append(append(fixtures.Env(fixtures.Home(top)), "GIT_ATTR_NOSYSTEM=1"), extra...)
}

// gitIn is fixtures.GitEnv.
var gitIn = fixtures.GitEnv

// openTest opens dir with the environment of the repository at top.
func openTest(t *testing.T, top, dir string, extra ...string) *Repo {
	t.Helper()
	r, err := OpenEnv(dir, testEnv(top, extra...))
	if err != nil {
		t.Fatalf("open %s: %v", dir, err)
	}
	return r
}

// realPath resolves symlinks of p (t.TempDir may be under a symlink).
func realPath(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// mustMkdir creates dir and its parents.
func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func TestOpenFindsRepositoryLikeGit(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "sub/deep/b.txt": "b\n"})
	wt := t.TempDir()
	fixtures.Git(t, repo, "worktree", "add", "-q", "-b", "wt", filepath.Join(wt, "linked"))
	linked := filepath.Join(wt, "linked")
	tests := []struct {
		name, top, dir              string
		gitDir, commonDir, workTree string
	}{
		{"top", repo, repo, ".git", ".git", "."},
		{"subdirectory", repo, filepath.Join(repo, "sub", "deep"), ".git", ".git", "."},
		{"linked worktree", linked, linked, ".git/worktrees/linked", ".git", linked},
		{"linked worktree subdirectory", linked, filepath.Join(linked, "sub"), ".git/worktrees/linked", ".git", linked},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := openTest(t, repo, tt.dir)
			gitDir, _ := gitIn(repo, tt.dir, nil, "rev-parse", "--absolute-git-dir")
			common, _ := gitIn(repo, tt.dir, nil, "rev-parse", "--git-common-dir")
			top, _ := gitIn(repo, tt.dir, nil, "rev-parse", "--show-toplevel")
			if want := strings.TrimSpace(gitDir); realPath(t, r.gitDir) != realPath(t, want) {
				t.Errorf("gitDir = %s, git says %s", r.gitDir, want)
			}
			if want := AbsFrom(tt.dir, strings.TrimSpace(common)); realPath(t, r.commonDir) != realPath(t, want) {
				t.Errorf("commonDir = %s, git says %s", r.commonDir, want)
			}
			if want := strings.TrimSpace(top); r.workTree != realPath(t, want) {
				t.Errorf("workTree = %s, git says %s", r.workTree, want)
			}
			if r.dir != tt.dir || r.refs.GitDir != r.gitDir || r.refs.CommonDir != r.commonDir {
				t.Errorf("dir/refs = %s %+v", r.dir, r.refs)
			}
			if r.config == nil {
				t.Error("config not set")
			}
		})
	}
}

func TestOpenReadsObjectsOfLinkedWorktree(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	linked := filepath.Join(t.TempDir(), "linked")
	fixtures.Git(t, repo, "worktree", "add", "-q", "-b", "wt", linked)
	r := openTest(t, repo, linked)
	head := strings.TrimSpace(fixtures.Git(t, repo, "rev-parse", "HEAD"))
	db := objects.NewDB(r.ObjectsDir())
	defer db.Close()
	if _, err := db.Read(plumbing.CommitObject, plumbing.NewHash(head)); err != nil {
		t.Errorf("HEAD commit %s not readable through the common object store: %v", head, err)
	}
}

func TestOpenRefusesWhatGiteditCannotHonour(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T) (top, dir string)
		code  spec.Code
		msg   string // a part of the message
	}{
		{"outside any repository", func(t *testing.T) (string, string) {
			d := t.TempDir()
			return d, d
		}, spec.CodeNotARepo, "not a git repository"},
		{"bare repository", func(t *testing.T) (string, string) {
			d := filepath.Join(t.TempDir(), "bare.git")
			mustMkdir(t, d)
			fixtures.Git(t, d, "init", "-q", "--bare")
			return d, d
		}, spec.CodeUnsupported, "bare"},
		{"core.bare set", func(t *testing.T) (string, string) {
			d := fixtures.NewRepo(t, nil)
			fixtures.Git(t, d, "config", "core.bare", "true")
			return d, d
		}, spec.CodeUnsupported, "bare"},
		{"inside the git directory", func(t *testing.T) (string, string) {
			d := fixtures.NewRepo(t, nil)
			return d, filepath.Join(d, ".git", "refs")
		}, spec.CodeNotARepo, "inside the git directory"},
		{"sha256", func(t *testing.T) (string, string) {
			d := filepath.Join(t.TempDir(), "repo")
			mustMkdir(t, d)
			fixtures.Git(t, d, "init", "-q", "--object-format=sha256")
			return d, d
		}, spec.CodeUnsupported, "objectFormat = sha256"},
		{"format version 2", func(t *testing.T) (string, string) {
			d := fixtures.NewRepo(t, nil)
			fixtures.Git(t, d, "config", "core.repositoryformatversion", "2")
			return d, d
		}, spec.CodeUnsupported, "repositoryformatversion = 2"},
		{"unknown extension in version 1", func(t *testing.T) (string, string) {
			d := fixtures.NewRepo(t, nil)
			fixtures.Git(t, d, "config", "core.repositoryformatversion", "1")
			fixtures.Git(t, d, "config", "extensions.refStorage", "reftable")
			return d, d
		}, spec.CodeUnsupported, "extensions.refstorage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			top, dir := tt.setup(t)
			_, err := OpenEnv(dir, testEnv(top, "GIT_CEILING_DIRECTORIES="+filepath.Dir(top)))
			if spec.CodeOf(err) != tt.code || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("err = %v, want %s containing %q", err, tt.code, tt.msg)
			}
		})
	}
}

func TestOpenAcceptsFormatsAndExtensionsGitAccepts(t *testing.T) {
	tests := []struct {
		name   string
		config [][2]string
	}{
		{"version 1 with worktreeConfig", [][2]string{{"core.repositoryformatversion", "1"}, {"extensions.worktreeConfig", "true"}}},
		{"version 1 with partialClone and noop", [][2]string{{"core.repositoryformatversion", "1"}, {"extensions.partialClone", "origin"}, {"extensions.noop", "true"}}},
		{"version 0 ignores unknown extensions (as git)", [][2]string{{"extensions.somethingNew", "true"}}},
		{"explicit sha1", [][2]string{{"core.repositoryformatversion", "1"}, {"extensions.objectFormat", "sha1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
			for _, kv := range tt.config {
				fixtures.Git(t, d, "config", kv[0], kv[1])
			}
			fixtures.Git(t, d, "status", "--porcelain") // git accepts it too
			openTest(t, d, d)
		})
	}
}

func TestOpenHonoursGitDirAndWorkTree(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"sub/a.txt": "a\n"})
	elsewhere := t.TempDir()
	tests := []struct {
		name     string
		dir      string
		env      []string
		workTree string
		index    string
	}{
		{"GIT_DIR alone: the directory is the top", repo, []string{"GIT_DIR=" + filepath.Join(repo, ".git")}, repo, filepath.Join(repo, ".git", "index")},
		{"GIT_DIR and GIT_WORK_TREE", elsewhere, []string{"GIT_DIR=" + filepath.Join(repo, ".git"), "GIT_WORK_TREE=" + repo}, repo, filepath.Join(repo, ".git", "index")},
		{"GIT_WORK_TREE with discovery", filepath.Join(repo, "sub"), []string{"GIT_WORK_TREE=" + filepath.Join(repo, "sub")}, filepath.Join(repo, "sub"), filepath.Join(repo, ".git", "index")},
		{"GIT_INDEX_FILE", repo, []string{"GIT_INDEX_FILE=" + filepath.Join(elsewhere, "idx")}, repo, filepath.Join(elsewhere, "idx")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := openTest(t, repo, tt.dir, tt.env...)
			if r.workTree != realPath(t, tt.workTree) || r.indexFile != tt.index {
				t.Errorf("workTree, index = %s, %s; want %s, %s", r.workTree, r.indexFile, tt.workTree, tt.index)
			}
		})
	}
}

func TestOpenStopsAtCeiling(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"sub/a.txt": "a\n"})
	sub := filepath.Join(repo, "sub")
	ceiling := "GIT_CEILING_DIRECTORIES=" + repo
	_, gitErr := gitIn(repo, sub, []string{ceiling}, "rev-parse", "--git-dir")
	_, err := OpenEnv(sub, testEnv(repo, ceiling))
	if (gitErr == nil) != (err == nil) || (err != nil && spec.CodeOf(err) != spec.CodeNotARepo) {
		t.Fatalf("gitedit: %v; git: %v", err, gitErr)
	}
}

func TestOpenSubmoduleAndSparseWorktreeConfig(t *testing.T) {
	lib := fixtures.NewRepo(t, map[string]string{"lib.txt": "lib\n"})
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "dir/b.txt": "b\n"})
	fixtures.Git(t, repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sm")
	fixtures.Git(t, repo, "sparse-checkout", "set", "dir")
	fixtures.Git(t, repo, "config", "--worktree", "gitedit.agent", "from-worktree-config")

	r := openTest(t, repo, repo)
	if d, _ := r.Defaults(); d.Agent != "from-worktree-config" {
		t.Errorf("agent = %q: config.worktree not read", d.Agent)
	}
	sm := openTest(t, repo, filepath.Join(repo, "sm"))
	if sm.workTree != realPath(t, filepath.Join(repo, "sm")) || !strings.Contains(sm.gitDir, filepath.Join(".git", "modules", "sm")) {
		t.Errorf("submodule opened as %s (git dir %s)", sm.workTree, sm.gitDir)
	}
}

// TestRealGitDirsResolveAsEvalSymlinks checks realGitDirs' shortcuts
// against filepath.EvalSymlinks of each folder: a plain .git, a work tree
// reached through a symlink, a .git that is a symlink, a git directory
// outside the work tree, a separate common directory, a missing folder
// (kept as given) and names that only look like a folder of the work tree.
func TestRealGitDirsResolveAsEvalSymlinks(t *testing.T) {
	top := t.TempDir()
	for _, d := range []string{"wt/.git", "elsewhere/gd", "elsewhere/common", "wt/sub/.git"} {
		mustMkdir(t, filepath.Join(top, d))
	}
	if err := os.Symlink(filepath.Join(top, "wt"), filepath.Join(top, "link")); err != nil {
		t.Fatal(err)
	}
	mustMkdir(t, filepath.Join(top, "wt2"))
	if err := os.Symlink(filepath.Join(top, "elsewhere", "gd"), filepath.Join(top, "wt2", ".git")); err != nil {
		t.Fatal(err)
	}
	j := func(p ...string) string { return filepath.Join(append([]string{top}, p...)...) }
	tests := []struct{ workTree, gitDir, commonDir string }{
		{j("wt"), j("wt", ".git"), j("wt", ".git")},
		{j("link"), j("link", ".git"), j("link", ".git")},
		{j("wt2"), j("wt2", ".git"), j("elsewhere", "common")},
		{j("link"), j("elsewhere", "gd"), j("link", ".git")},
		{j("wt"), j("wt", "missing"), j("wt", "sub", ".git")},
		{j("wt"), j("wt") + "x", j("wt", ".."+string(filepath.Separator)+"link", ".git")},
	}
	for _, tt := range tests {
		realWT := realPath(t, tt.workTree)
		got := realGitDirs(tt.workTree, realWT, tt.gitDir, tt.commonDir)
		for i, p := range []string{tt.gitDir, tt.commonDir} {
			want, err := filepath.EvalSymlinks(p)
			if err != nil {
				want = p
			}
			if got[i] != want {
				t.Errorf("realGitDirs(%s, %s, %s)[%d] = %s, want %s", tt.workTree, tt.gitDir, tt.commonDir, i, got[i], want)
			}
		}
	}
}
