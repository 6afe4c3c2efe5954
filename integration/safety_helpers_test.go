package integration

// Helpers of the safety tests (safety_*_test.go): background processes,
// stress sizing, and checks that real git agrees with the repository.
//
// The heavy variants run with GITEDIT_STRESS=1 (more writers, more rounds,
// the 64 MB file); `go test -short` skips the slow tests altogether.

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

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
