package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/gitedit/gitedit/gitedit"
)

// mcpBinary is the program that serves `gitedit mcp`. The MCP server and
// its libraries (an HTTP stack, JSON Schema, OAuth) live in a binary of
// their own: a Go program initialises every package it links, on every
// run, and linked into gitedit they cost each one-shot command about a
// third of its start (docs/reference.md#the-mcp-server-binary).
const mcpBinary = "gitedit-mcp"

// findMCPBinary looks for gitedit-mcp as git looks for git-NAME: first
// beside the running executable (where go install puts both), then on
// PATH. Not found is unsupported, naming how to install it.
func findMCPBinary() (string, error) {
	name := mcpBinary
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if exe, err := os.Executable(); err == nil {
		beside := filepath.Join(filepath.Dir(exe), name)
		if fi, err := os.Stat(beside); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return beside, nil
		}
	}
	path, err := exec.LookPath(name)
	if err == nil {
		return path, nil
	}
	if errors.Is(err, exec.ErrDot) {
		err = errors.New("found only in the current directory, which PATH names relatively")
	}
	return "", &gitedit.Error{Code: gitedit.CodeUnsupported, Err: err,
		Message: "gitedit mcp runs the gitedit-mcp binary, found neither beside gitedit nor on PATH: " +
			"install it with gitedit (see the README's Install section)"}
}
