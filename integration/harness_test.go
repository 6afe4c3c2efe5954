package integration

import (
	"bytes"
	"crypto/sha1"
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
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/cli"
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
	linkTheBinarysCode()
	// A plain build, as go install makes it: gitedit mcp serves in it.
	build := exec.Command("go", "build", "-o", binary, "..")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "build gitedit: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// linkTheBinarysCode links what the binary runs (cli.Main and all it
// reaches) into the test, for go test's result cache alone: the cache
// keys a run on the test binary's content, the gitedit binary is built
// in a child process it does not see, and a cached pass must not outlive
// a change to the code it tested. The call never happens.
func linkTheBinarysCode() {
	if os.Getenv("GITEDIT_INTEGRATION_RUN_CLI_IN_PROCESS") == "never set" {
		os.Exit(cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
	}
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

// Helpers of the safety tests (concurrency, crashes, malformed input):
// background processes,
// stress sizing, and checks that real git agrees with the repository.
//
// The heavy variants run with GITEDIT_STRESS=1 (more writers, more rounds,
// the 64 MB file); `go test -short` skips the slow tests altogether.

// stress reports whether the heavy variants were asked for.
func stress() bool { return os.Getenv("GITEDIT_STRESS") == "1" }

// scale returns normal, or heavy under GITEDIT_STRESS=1.
func scale(normal, heavy int) int {
	if stress() {
		return heavy
	}
	return normal
}

// skipShort skips a slow test under -short.
func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("slow safety test; run without -short")
	}
}

// proc is a gitedit process started in the background.
type proc struct {
	cmd      *exec.Cmd
	out, err bytes.Buffer
}

// start starts gitedit in dir with args and stdin, without waiting.
func start(t *testing.T, dir, stdin string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(binary, args...)}
	p.cmd.Dir = dir
	p.cmd.Env = fixtures.Env(fixtures.Home(dir))
	p.cmd.Stdin = strings.NewReader(stdin)
	p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.err
	require.NoError(t, p.cmd.Start())
	return p
}

// wait waits for the process and returns what it did.
func (p *proc) wait() run {
	err := p.cmd.Wait()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		code = -1
	}
	return run{stdout: p.out.String(), stderr: p.err.String(), code: code}
}

// errorCode returns the error code of a --json result ("" on success or
// when stdout is not a JSON error).
func errorCode(r run) string {
	var m struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	line, _, _ := strings.Cut(strings.TrimSpace(r.stdout), "\n")
	_ = json.Unmarshal([]byte(line), &m)
	return m.Error.Code
}

// requireNoPanic fails when a run shows a Go panic or runtime crash.
func requireNoPanic(t *testing.T, r run) {
	t.Helper()
	for _, s := range []string{"panic:", "goroutine ", "runtime error", "fatal error:"} {
		require.NotContains(t, r.stderr, s, "gitedit crashed")
		require.NotContains(t, r.stdout, s, "gitedit crashed")
	}
}

// tempFiles lists the gitedit temporary files (".gitedit-*.tmp") left in
// the working tree of dir.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	var found []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if strings.HasPrefix(d.Name(), ".gitedit-") && strings.HasSuffix(d.Name(), ".tmp") {
			found = append(found, p)
		}
		return nil
	})
	require.NoError(t, err)
	return found
}

// commitCount returns the number of commits reachable from HEAD.
func commitCount(t *testing.T, dir string) int {
	t.Helper()
	n, err := strconv.Atoi(git(t, dir, "rev-list", "--count", "HEAD"))
	require.NoError(t, err)
	return n
}

// requireClean requires git status to show nothing and the repository to
// be healthy.
func requireClean(t *testing.T, dir string) {
	t.Helper()
	require.Equal(t, "", git(t, dir, "status", "--porcelain"), "git status is not clean")
	requireHealthy(t, dir)
}

// requireIndexMatchesHash requires the staged blob of rel to be what
// git hash-object prints for the working-tree file, and the blob gitedit
// reported (when not empty).
func requireIndexMatchesHash(t *testing.T, dir, rel, reported string) {
	t.Helper()
	want := git(t, dir, "hash-object", "--", rel)
	require.Equal(t, want, git(t, dir, "rev-parse", ":"+rel), "index entry of %s", rel)
	if reported != "" {
		require.Equal(t, want, reported, "blob reported for %s", rel)
	}
}

// blobAfter returns files[0].blob_after of a --json result.
func blobAfter(t *testing.T, m map[string]any) string {
	t.Helper()
	files, _ := m["files"].([]any)
	require.NotEmpty(t, files, "result has no files: %v", m)
	return files[0].(map[string]any)["blob_after"].(string)
}

// blobID is the git blob id (sha1) of content, as git hash-object
// --no-filters prints it.
func blobID(content string) string {
	sum := sha1.Sum([]byte(fmt.Sprintf("blob %d\x00%s", len(content), content)))
	return hex.EncodeToString(sum[:])
}

// gateEnv is the fixture environment of dir without the fixed identity
// (the dates stay fixed), plus extra "KEY=value" entries.
func gateEnv(dir string, extra ...string) []string {
	var env []string
	for _, kv := range fixtures.Env(fixtures.Home(dir)) {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasSuffix(k, "_NAME") || strings.HasSuffix(k, "_EMAIL") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

// runIn runs name with args in dir under env and returns its output and
// exit status.
func runIn(t *testing.T, dir string, env []string, stdin, name string, args ...string) run {
	t.Helper()
	if name == "gitedit" {
		name = binary
	}
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %s: %v", name, err)
	}
	return run{stdout: out.String(), stderr: errb.String(), code: code}
}

// headerLine returns the value of the first header line of the commit
// at rev that starts with key and a space.
func headerLine(t *testing.T, dir, rev, key string) string {
	t.Helper()
	raw := git(t, dir, "cat-file", "commit", rev)
	head, _, _ := strings.Cut(raw, "\n\n")
	for _, line := range strings.Split(head, "\n") {
		if v, ok := strings.CutPrefix(line, key+" "); ok {
			return v
		}
	}
	return ""
}

// maskTime drops the "<seconds> <zone>" end of an identity line.
func maskTime(id string) string {
	if i := strings.LastIndexByte(id, '>'); i >= 0 {
		return id[:i+1]
	}
	return id
}
