package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/gitedit"
)

// serverName is gitedit-mcp's file name on this system.
func serverName() string {
	if runtime.GOOS == "windows" {
		return mcpBinary + ".exe"
	}
	return mcpBinary
}

// plantServer writes an executable gitedit-mcp into a new folder and
// returns the folder.
func plantServer(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, serverName()), []byte("#!/bin/sh\n"), 0o755))
	return dir
}

// TestMCPBinaryLookupSkipsRelativePathEntries checks that a PATH entry
// naming the current directory ("", ".") or one under it is skipped and
// the search goes on to the absolute entries after it: exec.LookPath stops
// at the first relative match with exec.ErrDot, so a gitedit-mcp in the
// current directory made gitedit mcp refuse although PATH held one.
func TestMCPBinaryLookupSkipsRelativePathEntries(t *testing.T) {
	onPath := plantServer(t)
	t.Chdir(plantServer(t))
	require.NoError(t, os.Mkdir("bin", 0o755))
	require.NoError(t, os.WriteFile(filepath.Join("bin", serverName()), []byte("#!/bin/sh\n"), 0o755))
	for _, path := range []string{".", "", "bin", "./bin"} {
		list := strings.Join([]string{path, onPath}, string(os.PathListSeparator))
		found, err := lookMCPBinary("", list)
		require.NoError(t, err, "PATH=%q", list)
		assert.Equal(t, filepath.Join(onPath, serverName()), found, "PATH=%q", list)
	}
	_, err := lookMCPBinary("", ".")
	assert.ErrorIs(t, err, &gitedit.Error{Code: gitedit.CodeUnsupported})
}

// TestMCPBinaryBesideIsFoundAsOnPath checks the folder beside gitedit:
// it comes before PATH, and a gitedit-mcp there is one exec.LookPath
// would run (a plain executable file; on Windows any gitedit-mcp.exe,
// whose mode has no execute bits, which the check of mode bits it
// replaced never found); a folder, a file without execute permission or
// a dangling link named so is passed over for PATH.
func TestMCPBinaryBesideIsFoundAsOnPath(t *testing.T) {
	beside, onPath := plantServer(t), plantServer(t)
	found, err := lookMCPBinary(beside, onPath)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(beside, serverName()), found)
	if runtime.GOOS == "windows" {
		return
	}
	broken := map[string]func(string) error{
		"folder":         func(p string) error { return os.Mkdir(p, 0o755) },
		"not executable": func(p string) error { return os.WriteFile(p, nil, 0o644) },
		"dangling link":  func(p string) error { return os.Symlink(filepath.Join(p, "nowhere"), p) },
	}
	for what, plant := range broken {
		dir := t.TempDir()
		require.NoError(t, plant(filepath.Join(dir, serverName())), what)
		found, err := lookMCPBinary(dir, onPath)
		require.NoError(t, err, what)
		assert.Equal(t, filepath.Join(onPath, serverName()), found, what)
	}
}

// TestExecutableDirResolvesSymbolicLinks checks that gitedit started
// through a link (~/bin/gitedit -> ~/go/bin/gitedit) looks beside the
// binary linked to, as the documentation says: os.Executable gives the
// link's own path on some systems (macOS).
func TestExecutableDirResolvesSymbolicLinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	real := plantServer(t)
	link := filepath.Join(t.TempDir(), "gitedit")
	require.NoError(t, os.Symlink(filepath.Join(real, serverName()), link))
	want, err := filepath.EvalSymlinks(real)
	require.NoError(t, err)
	assert.Equal(t, want, executableDir(link))
}

// TestMCPServerDropsTheVariableNamingIt checks that gitedit-mcp removes
// GITEDIT_MCP_SERVER, set by the gitedit mcp that ran it, so that the
// hooks it runs do not inherit it (a hook's own gitedit mcp would be
// refused).
func TestMCPServerDropsTheVariableNamingIt(t *testing.T) {
	t.Setenv(serverVar, "/usr/local/bin/gitedit-mcp")
	var out, errb strings.Builder
	code := MainMCP(refuseToServe, []string{"gitedit-mcp", "--help"}, nil, &out, &errb)
	assert.Equal(t, 0, code, errb.String())
	_, set := os.LookupEnv(serverVar)
	assert.False(t, set)
}

// TestMCPLineOfTheServersArguments checks how gitedit-mcp reads its
// command line: gitedit mcp's flags with or without the word mcp, and
// gitedit's version and help.
func TestMCPLineOfTheServersArguments(t *testing.T) {
	tests := []struct{ args, want string }{
		{"", "gitedit mcp"},
		{"gitedit-mcp", "gitedit mcp"},
		{"gitedit-mcp --commit -C d", "gitedit mcp --commit -C d"},
		{"gitedit-mcp mcp --commit", "gitedit mcp --commit"},
		{"gitedit-mcp version --json", "gitedit version --json"},
		{"gitedit-mcp --version", "gitedit --version"},
		{"gitedit-mcp help", "gitedit mcp --help"},
		{"gitedit-mcp edit", "gitedit mcp edit"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, strings.Join(mcpLine(strings.Fields(tt.args)), " "), tt.args)
	}
}

// TestMCPServerWarnsOfAnotherVersion checks the version handed over by
// gitedit mcp: another version than the server's is a warning on stderr,
// its control bytes shown as cat -v shows them; the same version, none
// handed over or a server of unknown version say nothing; the variable is
// removed either way.
func TestMCPServerWarnsOfAnotherVersion(t *testing.T) {
	tests := []struct {
		caller, own string
		set         bool
		want        string
	}{
		{"v0.9.0\x1b[31m", "v1.0.0", true, "gitedit: warning: gitedit-mcp is v1.0.0, but the gitedit that ran it is v0.9.0^[[31m: " +
			"install both from one version (see the README's Install section)\n"},
		{"v1.0.0", "v1.0.0", true, ""},
		{"v0.9.0", "", true, ""},
		{"", "v1.0.0", false, ""},
	}
	for _, tt := range tests {
		t.Setenv(callerVar, tt.caller)
		if !tt.set {
			os.Unsetenv(callerVar)
		}
		var stderr strings.Builder
		warnVersionSkew(&stderr, tt.own)
		assert.Equal(t, tt.want, stderr.String(), "%q", tt.caller)
		_, still := os.LookupEnv(callerVar)
		assert.False(t, still)
	}
}
