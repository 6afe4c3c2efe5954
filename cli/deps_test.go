package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
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

// TestGiteditCompilesNoRegexpAtStart checks that no package of the
// project that gitedit links compiles a regular expression in a
// package-level variable: Go runs every such initialiser on every start,
// whatever the command (five of them once cost each run 0.2 ms, 0.1x
// git hash-object); compile it on first use (sync.OnceValue) instead.
// Copies of third-party packages (a folder with a README.gitedit.md) keep
// upstream's code.
func TestGiteditCompilesNoRegexpAtStart(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if .Module}}{{if eq .Module.Path \"github.com/gitedit/gitedit\"}}{{.Dir}}{{range .GoFiles}} {{.}}{{end}}{{end}}{{end}}",
		"github.com/gitedit/gitedit").Output()
	if err != nil {
		t.Skipf("go list is not available: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if _, err := os.Stat(filepath.Join(f[0], "README.gitedit.md")); err == nil {
			continue
		}
		for _, name := range f[1:] {
			for _, v := range packageRegexps(t, filepath.Join(f[0], name)) {
				t.Errorf("%s: package-level %s = regexp.MustCompile(...) runs on every start", filepath.Join(f[0], name), v)
			}
		}
	}
}

// packageRegexps returns the package-level variables of the Go file path
// initialised by a regexp.MustCompile call.
func packageRegexps(t *testing.T, path string) []string {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	require.NoError(t, err)
	var names []string
	for _, d := range file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, v := range vs.Values {
				if call, ok := v.(*ast.CallExpr); ok && isSelector(call.Fun, "regexp", "MustCompile") {
					names = append(names, vs.Names[i].Name)
				}
			}
		}
	}
	return names
}

// isSelector reports whether e is pkg.name.
func isSelector(e ast.Expr, pkg, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg
}
