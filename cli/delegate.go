package cli

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit"
	"github.com/gitedit/gitedit/internal/buildinfo"
)

// mcpBinary is the program that serves `gitedit mcp`. The MCP server and
// its libraries (an HTTP stack, JSON Schema, OAuth) live in a binary of
// their own: a Go program initialises every package it links, on every
// run, and linked into gitedit they cost each one-shot command about a
// third of its start (docs/reference.md#the-mcp-server-binary).
const mcpBinary = "gitedit-mcp"

// serverVar is the environment variable in which gitedit hands
// gitedit-mcp the path it runs; the server removes it at once (MainMCP).
// A gitedit that finds it set in `gitedit mcp` was run by a gitedit-mcp
// that is not the server (a link to gitedit or a copy of it, as one
// binary served MCP before, or a script that runs gitedit mcp): running
// that again would replace the process by itself for ever.
const serverVar = "GITEDIT_MCP_SERVER"

// callerVar is the environment variable in which gitedit hands
// gitedit-mcp its own version (versionID), so that a server of another
// version, an older gitedit-mcp left on PATH or beside a new gitedit,
// says so on its standard error, which MCP clients keep in their logs
// (warnVersionSkew).
const callerVar = "GITEDIT_MCP_CALLER_VERSION"

// versionID names the build of info for the version check: its module
// version, or for a build without one its revision ("" when neither is
// known: nothing to compare).
func versionID(info buildinfo.Info) string {
	if info.Version != buildinfo.Devel {
		return info.Version
	}
	return info.Revision
}

// warnVersionSkew writes a warning to stderr when the gitedit that ran
// this server handed over a version other than own, the server's
// (versionID), and removes callerVar from the environment. The server
// serves anyway.
func warnVersionSkew(stderr io.Writer, own string) {
	caller, set := os.LookupEnv(callerVar)
	os.Unsetenv(callerVar)
	if !set || caller == "" || own == "" || caller == own {
		return
	}
	fmt.Fprintf(stderr, "gitedit: warning: gitedit-mcp is %s, but the gitedit that ran it is %s: "+
		"install both from one version (see the README's Install section)\n", own, quote.Printable(caller))
}

// serverToRun returns the gitedit-mcp to run and the environment to run
// it with: this process's, and serverVar naming it.
func serverToRun() (string, []string, error) {
	if ran := os.Getenv(serverVar); ran != "" {
		return "", nil, &gitedit.Error{Code: gitedit.CodeUnsupported, Message: fmt.Sprintf(
			"gitedit mcp ran %s, which ran gitedit mcp again instead of serving: it is not the MCP server "+
				"(a link to gitedit or a script?); install gitedit-mcp with gitedit (see the README's Install section)", ran)}
	}
	path, err := findMCPBinary()
	if err != nil {
		return "", nil, err
	}
	env := append(os.Environ(), serverVar+"="+path)
	if id := versionID(buildinfo.Read()); id != "" {
		env = append(env, callerVar+"="+id)
	}
	return path, env, nil
}

// findMCPBinary looks for gitedit-mcp as git looks for git-NAME: first
// beside the running executable, its symbolic links resolved (where go
// install puts both), then in the folders of PATH. Not found is
// unsupported, naming how to install it.
func findMCPBinary() (string, error) {
	beside := ""
	if exe, err := os.Executable(); err == nil {
		beside = executableDir(exe)
	}
	return lookMCPBinary(beside, os.Getenv("PATH"))
}

// executableDir is the folder of the executable exe once its symbolic
// links are resolved: os.Executable resolves them on Linux but not on
// every system (macOS gives the path the program was started by).
func executableDir(exe string) string {
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return filepath.Dir(exe)
}

// lookMCPBinary looks for gitedit-mcp in the folder beside ("" for none),
// then in each folder of the list path that is absolute: a relative
// entry ("", "." or "bin", which name the current directory or one under
// it) is skipped and the search goes on, so that a gitedit-mcp planted
// in the repository an agent works in is never run. A folder holds it
// when exec.LookPath would run it there (on Windows, gitedit-mcp.exe;
// elsewhere an executable file, not a folder).
func lookMCPBinary(beside, path string) (string, error) {
	name := mcpBinary
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	folders := filepath.SplitList(path)
	if beside != "" {
		folders = append([]string{beside}, folders...)
	}
	for _, dir := range folders {
		if !filepath.IsAbs(dir) {
			continue
		}
		if found, err := exec.LookPath(filepath.Join(dir, name)); err == nil {
			return found, nil
		}
	}
	return "", &gitedit.Error{Code: gitedit.CodeUnsupported,
		Message: "gitedit mcp runs the gitedit-mcp binary, found neither beside gitedit nor on PATH: " +
			"install it with gitedit (see the README's Install section)"}
}

// runError is the error of a gitedit-mcp at path that could not be run.
func runError(path string, err error) error {
	return &gitedit.Error{Code: gitedit.CodeIOError, Err: err, Message: fmt.Sprintf("run %s: %v", path, err)}
}
