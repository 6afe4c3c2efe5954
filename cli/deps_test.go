package cli

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGiteditLinksNoMCPSDK checks what a plain build of the gitedit
// binary (go build ., no tags) initialises on every run: its MCP server is
// its own, so neither the MCP SDK nor its HTTP stack nor a JSON Schema
// generator is linked (they cost each command's start about 1.7 ms of
// package initialisation when the server was the SDK's), nor package net.
// The check sees the SDK in the tests' oracle, so it can fail.
func TestGiteditLinksNoMCPSDK(t *testing.T) {
	heavy := []string{"modelcontextprotocol/go-sdk", "google/jsonschema-go", "net/http", "golang.org/x/oauth2"}
	linked := deps(t, "github.com/gitedit/gitedit")
	for _, pkg := range linked {
		for _, bad := range heavy {
			assert.False(t, strings.Contains(pkg, bad), "gitedit links %s", pkg)
		}
	}
	// Nor package net (net/mail, in go-gitdiff, brought it): its cgo
	// resolver made a plain build load the C library and start the cgo
	// runtime on every run (gitedit/internal/gitdiff/README.gitedit.md).
	assert.NotContains(t, linked, "net")
	assert.NotContains(t, linked, "runtime/cgo")
	// Nor urfave/cli's Markdown and man renderers, whose initialisation
	// cost each run about 0.45 ms (cli/internal/urfavecli/README.gitedit.md).
	for _, pkg := range linked {
		assert.False(t, strings.Contains(pkg, "blackfriday") || strings.Contains(pkg, "go-md2man"), "gitedit links %s", pkg)
	}
	tests, err := exec.Command("go", "list", "-deps", "-test", "github.com/gitedit/gitedit/mcp").Output()
	require.NoError(t, err)
	assert.Contains(t, string(tests), "modelcontextprotocol/go-sdk/mcp", "the tests' oracle links the SDK")
}

// deps lists the packages pkg links in a plain build.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pkg).Output()
	if err != nil {
		t.Skipf("go list is not available: %v", err)
	}
	return strings.Fields(string(out))
}

// TestOnlyGiteditCatchesSignalsFromItsStart checks that the early
// signal.Notify (package sigstart's autostart) is linked into the gitedit
// binary alone: a program that imports package cli keeps its signals'
// default actions until cli.Main takes them over (autostart was once the
// init of a package cli imports, so such a program run as "prog edit"
// swallowed SIGINT and SIGTERM).
func TestOnlyGiteditCatchesSignalsFromItsStart(t *testing.T) {
	const auto = "github.com/gitedit/gitedit/internal/sigstart/autostart"
	assert.Contains(t, deps(t, "github.com/gitedit/gitedit"), auto)
	assert.NotContains(t, deps(t, "github.com/gitedit/gitedit/cli"), auto, "cli links autostart")
}
