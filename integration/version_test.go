package integration

import (
	"bufio"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// versionInfo is the JSON of `gitedit version --json`.
type versionInfo struct {
	OK       bool   `json:"ok"`
	Version  string `json:"version"`
	Revision string `json:"revision"`
	Time     string `json:"time"`
	Modified bool   `json:"modified"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

func TestVersionReportsTheStampedBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gitedit three times")
	}
	src := copyModule(t)
	_, err := os.Lstat(filepath.Join(src, ".git"))
	require.True(t, os.IsNotExist(err), "the copy must not lead to this checkout's repository")
	fixtures.Git(t, src, "init", "-q", "-b", "main")
	fixtures.Git(t, src, "add", "-A")
	fixtures.Git(t, src, "commit", "-q", "-m", "release")
	rev := strings.TrimSpace(fixtures.Git(t, src, "rev-parse", "HEAD"))

	bin := buildAt(t, src, "-buildvcs=true")
	info := versionOf(t, bin)
	assert.Equal(t, versionInfo{OK: true, Version: "v0.0.0-20260102030405-" + rev[:12], Revision: rev,
		Time: "2026-01-02T03:04:05Z", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}, info)
	text := ok(t, t.TempDir(), "version").stdout // the test's own binary: a build without VCS data
	assert.Contains(t, text, "gitedit version ")
	stamped := runBin(t, bin, "--version")
	assert.Equal(t, "gitedit version "+info.Version+"\nrevision: "+rev+"\ndate: 2026-01-02T03:04:05Z\ngo: "+
		runtime.Version()+" "+info.Platform+"\n", stamped)
	assert.Equal(t, stamped, runBin(t, bin, "version"))
	assert.Equal(t, info.Version, mcpServerVersion(t, bin), "the MCP initialize answer reports the same version")

	require.NoError(t, os.WriteFile(filepath.Join(src, "extra.go"), []byte("package main\n"), 0o644))
	dirty := versionOf(t, buildAt(t, src, "-buildvcs=true"))
	assert.True(t, dirty.Modified)
	assert.Equal(t, info.Version+"+dirty", dirty.Version)

	devel := versionOf(t, buildAt(t, src, "-buildvcs=false"))
	assert.Equal(t, versionInfo{OK: true, Version: "(devel)", Go: runtime.Version(), Platform: info.Platform}, devel)
}

// copyModule copies the module's files (without .git, as a folder or as
// the file of a linked worktree, and without tests) into a fresh folder
// and returns it.
func copyModule(t *testing.T) string {
	dst := filepath.Join(t.TempDir(), "gitedit")
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		switch {
		case d.Name() == ".git" && d.IsDir():
			return filepath.SkipDir
		case d.Name() == ".git":
			return nil // a linked worktree's .git file: never copy it, git would follow it
		case d.IsDir():
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		case strings.HasSuffix(p, "_test.go") || !d.Type().IsRegular():
			return nil
		}
		return copyFile(p, filepath.Join(dst, rel))
	})
	require.NoError(t, err)
	return dst
}

// copyFile copies one regular file.
func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

// buildAt builds gitedit from the module in dir with GOFLAGS=flags and
// returns its path.
func buildAt(t *testing.T, dir, flags string) string {
	to := t.TempDir()
	bin := filepath.Join(to, "gitedit")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS="+flags)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// runBin runs bin with args and returns its standard output.
func runBin(t *testing.T, bin string, args ...string) string {
	out, err := exec.Command(bin, args...).Output()
	require.NoError(t, err)
	return string(out)
}

// versionOf returns what `bin version --json` prints.
func versionOf(t *testing.T, bin string) versionInfo {
	var info versionInfo
	require.NoError(t, json.Unmarshal([]byte(runBin(t, bin, "version", "--json")), &info))
	return info
}

// mcpServerVersion starts `bin mcp` in a fixture repository, sends the
// MCP initialize request and returns the server version it answers.
func mcpServerVersion(t *testing.T, bin string) string {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	cmd := exec.Command(bin, "mcp")
	cmd.Dir, cmd.Env = repo, fixtures.Env(fixtures.Home(repo))
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	_, err = io.WriteString(in, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n")
	require.NoError(t, err)
	line, err := bufio.NewReader(out).ReadBytes('\n')
	require.NoError(t, err)
	in.Close()
	require.NoError(t, cmd.Wait())
	var answer struct {
		Result struct {
			ServerInfo struct{ Version string } `json:"serverInfo"`
		} `json:"result"`
	}
	require.NoError(t, json.Unmarshal(line, &answer), "%s", line)
	return answer.Result.ServerInfo.Version
}
