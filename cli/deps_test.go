package cli

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestGiteditLinksNoMCPServer checks what the gitedit binary, built as
// the README's install line builds it, initialises on every run: not the
// MCP SDK, its HTTP stack and JSON Schema (gitedit-mcp links them), nor
// urfave's markdown and roff renderers (the tag urfave_cli_no_docs; the
// man command writes its own roff). A test that sees go-sdk in gitedit-mcp
// shows the check can fail.
func TestGiteditLinksNoMCPServer(t *testing.T) {
	heavy := []string{"modelcontextprotocol/go-sdk", "google/jsonschema-go", "net/http", "golang.org/x/oauth2",
		"russross/blackfriday", "cpuguy83/go-md2man"}
	gitedit := deps(t, "github.com/gitedit/gitedit")
	for _, pkg := range gitedit {
		for _, bad := range heavy {
			assert.False(t, strings.Contains(pkg, bad), "gitedit links %s", pkg)
		}
	}
	server := strings.Join(deps(t, "github.com/gitedit/gitedit/cmd/gitedit-mcp"), " ")
	assert.Contains(t, server, "modelcontextprotocol/go-sdk/mcp", "gitedit-mcp links the MCP SDK")
}

// deps lists the packages pkg links, built with the install line's tags.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-tags", "urfave_cli_no_docs", pkg).Output()
	if err != nil {
		t.Skipf("go list is not available: %v", err)
	}
	return strings.Fields(string(out))
}

// TestOnlyGiteditCatchesSignalsFromItsStart checks that the early
// signal.Notify (package sigstart's autostart) is linked into the gitedit
// binary alone: a program that imports package cli, gitedit-mcp among
// them, keeps its signals' default actions until cli.Main takes them
// over (autostart was once the init of a package cli imports, so such a
// program run as "prog edit" swallowed SIGINT and SIGTERM).
func TestOnlyGiteditCatchesSignalsFromItsStart(t *testing.T) {
	const auto = "github.com/gitedit/gitedit/internal/sigstart/autostart"
	assert.Contains(t, deps(t, "github.com/gitedit/gitedit"), auto)
	for _, pkg := range []string{"github.com/gitedit/gitedit/cli", "github.com/gitedit/gitedit/cmd/gitedit-mcp"} {
		assert.NotContains(t, deps(t, pkg), auto, "%s links autostart", pkg)
	}
}
