package gitpath

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// verdict is what Verify must say about a path in regular-file and
// symlink mode: nil, or the error it wraps.
type verdict struct{ file, link error }

var (
	accepted  = verdict{}
	dotGit    = verdict{ErrDotGit, ErrDotGit}
	malformed = verdict{ErrMalformed, ErrMalformed}
	linkOnly  = verdict{nil, ErrSymlinkGitmodules}
)

// cases are paths with git's verdict (checked against git itself by
// TestVerifyAgreesWithGit).
var cases = map[string]verdict{
	"a.txt": accepted, "dir/a.txt": accepted, ".gitignore": accepted, ".github/workflows/ci.yml": accepted,
	"git": accepted, "x.git": accepted, ".git~1": accepted, "git~2/x": accepted, ".gitx/y": accepted,
	"my.git/x": accepted, "a\\b": accepted, "\\.git/x": accepted, ".gi": accepted, ".g": accepted,
	"gitmod~5": accepted, "a/.gitmodulesx": accepted, "...": accepted, ".x": accepted,

	".git": dotGit, ".git/config": dotGit, ".GIT/config": dotGit, ".Git/hooks/pre-commit": dotGit,
	".git./config": dotGit, ".git /config": dotGit, ".git . ./x": dotGit, "sub/.git/config": dotGit,
	"git~1/config": dotGit, "GIT~1/config": dotGit, "sub/git~1 ./x": dotGit,
	".git\\config": dotGit, "x\\.git\\config": dotGit, "x/y\\git~1\\config": dotGit,
	".git::$INDEX_ALLOCATION/config": dotGit, "git~1::$INDEX_ALLOCATION/x": dotGit, ".git:stream": dotGit,
	".g\u200cit/config": dotGit, "\ufeff.git/x": dotGit, ".git\u200d/x": dotGit, ".\u202aG\u206fIT/x": dotGit,
	"a/.gi\u200ft": dotGit, ".git\xff/x": dotGit,

	".gitmodules": linkOnly, ".GITMODULES": linkOnly, "sub/.gitmodules": linkOnly, ".gitmodules .": linkOnly,
	".gitmodules:$DATA": linkOnly, "gitmod~1": linkOnly, "GITMOD~4": linkOnly, "gi7eba~1": linkOnly,
	"gi7eb~12": linkOnly, ".git\u200cmodules": linkOnly,

	"": malformed, "/a": malformed, "a//b": malformed, "a/": malformed, "./a": malformed, "a/./b": malformed,
	"../a": malformed, "a/../b": malformed, ".": malformed, "..": malformed,
}

func TestVerifyRefusesWhatGitsVerifyPathRefuses(t *testing.T) {
	for path, want := range cases {
		for _, m := range []struct {
			mode uint32
			want error
		}{{ModeRegular, want.file}, {ModeSymlink, want.link}} {
			err := Verify(path, m.mode)
			if want := m.want; (want == nil) != (err == nil) || want != nil && !errors.Is(err, want) {
				t.Errorf("Verify(%q, %o) = %v, want %v", path, m.mode, err, want)
			}
		}
	}
}

func TestVerifyDirectoryEntryMayEndWithSlash(t *testing.T) {
	if err := Verify("sparse/dir/", ModeDir); err != nil {
		t.Errorf("a sparse directory entry: %v", err)
	}
	if err := Verify(".git/", ModeDir); !errors.Is(err, ErrDotGit) {
		t.Errorf(".git/ as a directory entry: %v", err)
	}
}

// TestVerifyAgreesWithGit asks git update-index (with core.protectNTFS and
// core.protectHFS on) about every case in both modes.
func TestVerifyAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	run := func(args ...string) error {
		cmd := exec.Command("git", append([]string{"-c", "core.protectNTFS=true", "-c", "core.protectHFS=true"}, args...)...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "GIT_INDEX_FILE="+filepath.Join(dir, "idx"))
		return cmd.Run()
	}
	if err := run("init", "-q"); err != nil {
		t.Fatal(err)
	}
	const blob = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
	for path := range cases {
		for _, mode := range []string{"100644", "120000"} {
			_ = os.Remove(filepath.Join(dir, "idx"))
			gitOK := run("update-index", "--add", "--cacheinfo", mode+","+blob+","+path) == nil
			m := uint32(ModeRegular)
			if mode == "120000" {
				m = ModeSymlink
			}
			if ours := Verify(path, m) == nil; ours != gitOK {
				t.Errorf("%q mode %s: git accepts: %v, Verify accepts: %v", path, mode, gitOK, ours)
			}
		}
	}
}
