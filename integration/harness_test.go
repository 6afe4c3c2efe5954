// Package integration tests the gitedit binary end to end, with the real
// git binary as the oracle.
package integration

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// binary is the gitedit binary built once for the package's tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gitedit-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "gitedit")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	// Both binaries, side by side as go install puts them: gitedit mcp
	// runs the gitedit-mcp beside it.
	build := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "..", "../cmd/gitedit-mcp")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "build gitedit: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// run is one finished gitedit process.
type run struct {
	stdout, stderr string
	code           int
}

// gitedit runs the binary in dir with args and optional standard input.
func gitedit(t *testing.T, dir, stdin string, args ...string) run {
	t.Helper()
	return runIn(t, dir, fixtures.Env(fixtures.Home(dir)), stdin, "gitedit", args...)
}

// ok runs gitedit and requires exit status 0.
func ok(t *testing.T, dir string, args ...string) run {
	t.Helper()
	r := gitedit(t, dir, "", args...)
	require.Equal(t, 0, r.code, "gitedit %s\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.stdout, r.stderr)
	return r
}

// jsonResult runs gitedit with --json and decodes the single result.
func jsonResult(t *testing.T, dir, stdin string, args ...string) (map[string]any, run) {
	t.Helper()
	r := gitedit(t, dir, stdin, append(args, "--json")...)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &m), "stdout: %q stderr: %q", r.stdout, r.stderr)
	return m, r
}

// git runs git in dir and returns its trimmed output.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return strings.TrimSpace(fixtures.Git(t, dir, args...))
}

// gitOK reports whether git succeeds in dir.
func gitOK(dir string, args ...string) bool {
	_, err := fixtures.RunGit(dir, args...)
	return err == nil
}

// requireHealthy checks the repository with git: fsck --strict clean, and
// no phantom stat changes (diff-files after a refresh-free status).
func requireHealthy(t *testing.T, dir string) {
	t.Helper()
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress")
	require.NoError(t, err, "git fsck: %s", out)
	require.True(t, gitOK(dir, "diff-files", "--quiet"), "git diff-files reports changes:\n%s", git(t, dir, "diff-files"))
}

// snapshot is everything a refused request must leave as it was.
type snapshot struct {
	files map[string]string // working-tree path → sha256 (".git" excluded)
	index string            // sha256 of the index file
	refs  string            // git show-ref + HEAD
	logs  string            // git reflog of HEAD
}

// take records the state of the repository in dir.
func take(t *testing.T, dir string) snapshot {
	t.Helper()
	s := snapshot{files: map[string]string{}}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() {
			s.files[p] = digestFile(t, p)
		}
		return nil
	})
	require.NoError(t, err)
	s.index = digestFile(t, filepath.Join(dir, ".git", "index"))
	s.refs = git(t, dir, "show-ref", "--head")
	s.logs, _ = fixtures.RunGit(dir, "reflog", "--format=%H %gs")
	return s
}

// digestFile returns the sha256 of a file, or "" when it does not exist.
func digestFile(t *testing.T, p string) string {
	data, err := os.ReadFile(p)
	if os.IsNotExist(err) {
		return ""
	}
	require.NoError(t, err)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// requireUnchanged compares two snapshots.
func requireUnchanged(t *testing.T, before, after snapshot) {
	t.Helper()
	require.Equal(t, keys(before.files), keys(after.files), "working-tree files added or removed")
	require.Equal(t, before.files, after.files, "working-tree content changed")
	require.Equal(t, before.index, after.index, "index changed")
	require.Equal(t, before.refs, after.refs, "refs changed")
	require.Equal(t, before.logs, after.logs, "reflog changed")
}

// keys returns the sorted keys of m.
func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// read returns a file's content under dir.
func read(t *testing.T, dir, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	require.NoError(t, err)
	return string(data)
}

// write writes a file under dir.
func write(t *testing.T, dir, rel, content string) {
	t.Helper()
	fixtures.WriteFiles(t, dir, map[string]string{rel: content})
}
