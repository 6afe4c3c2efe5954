package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/cli"
)

// goModModules returns the module paths go.mod requires.
func goModModules(t *testing.T) []string {
	f, err := os.Open("go.mod")
	require.NoError(t, err)
	defer f.Close()
	var mods []string
	inBlock := false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "require (":
			inBlock = true
		case line == ")":
			inBlock = false
		case inBlock && line != "":
			mods = append(mods, strings.Fields(line)[0])
		case strings.HasPrefix(line, "require "):
			mods = append(mods, strings.Fields(line)[1])
		}
	}
	return mods
}

func TestDependencyTableListsEveryModule(t *testing.T) {
	table, err := os.ReadFile("docs/dependencies.md")
	require.NoError(t, err)
	mods := goModModules(t)
	require.NotEmpty(t, mods)
	for _, m := range mods {
		assert.Contains(t, string(table), "| `"+m+"` |", "docs/dependencies.md names %s and its licence", m)
	}
}

// TestDependencyTableSaysWhichBinaryLinksEachModule checks the table of
// docs/dependencies.md against what the gitedit binary links: a module
// linked with -tags urfave_cli_no_docs is not marked "without the tag",
// one linked only without it is. (The table once listed the MCP SDK as
// linked into gitedit after the server had moved out; the SDK is now the
// tests' oracle only.)
func TestDependencyTableSaysWhichBinaryLinksEachModule(t *testing.T) {
	table, err := os.ReadFile("docs/dependencies.md")
	require.NoError(t, err)
	_, linked, _ := strings.Cut(string(table), "## Linked into")
	linked, _, _ = strings.Cut(linked, "\n## ")
	gitedit, untagged := modulesLinked(t, ".", "-tags=urfave_cli_no_docs"), modulesLinked(t, ".", "-tags=")
	rows := regexp.MustCompile("(?m)^\\| `([^`]+)` \\|.*$").FindAllStringSubmatch(linked, -1)
	require.NotEmpty(t, rows)
	listed := map[string]bool{}
	for _, row := range rows {
		mod, line := row[1], row[0]
		listed[mod] = true
		noTag := strings.Contains(line, "without the tag")
		switch {
		case gitedit[mod]:
			assert.False(t, noTag, "%s is linked into gitedit: %s", mod, line)
		case untagged[mod]:
			assert.True(t, noTag, "%s is linked only without -tags urfave_cli_no_docs: %s", mod, line)
		default:
			t.Errorf("%s is not linked into gitedit, but listed as linked: %s", mod, line)
		}
	}
	for mod := range untagged {
		assert.True(t, listed[mod] || mod == "github.com/gitedit/gitedit", "gitedit links %s, which the table does not list as linked", mod)
	}
}

// modulesLinked returns the modules (other than gitedit's own) of the
// packages the package pkg links, built with the flag tags.
func modulesLinked(t *testing.T, pkg, tags string) map[string]bool {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", tags, "-f", "{{with .Module}}{{.Path}}{{end}}", pkg).Output()
	if err != nil {
		t.Skipf("go list is not available: %v", err)
	}
	mods := map[string]bool{}
	for _, m := range strings.Fields(string(out)) {
		mods[m] = true
	}
	return mods
}

// helpTexts returns what gitedit prints for --help (the program's and each
// command's), man and completion.
func helpTexts(t *testing.T) map[string]string {
	texts := map[string]string{}
	run := func(args ...string) {
		var out, errb bytes.Buffer
		code := cli.Main(append([]string{"gitedit"}, args...), nil, &out, &errb)
		require.Equal(t, 0, code, "gitedit %v: %s", args, errb.String())
		texts["gitedit "+strings.Join(args, " ")] = out.String()
	}
	run("--help")
	run("man")
	for _, sh := range []string{"bash", "zsh", "fish"} {
		run("completion", sh)
	}
	_, commands, _ := strings.Cut(texts["gitedit --help"], "COMMANDS:\n")
	commands, _, _ = strings.Cut(commands, "\n\n")
	for _, line := range strings.Split(commands, "\n") {
		run(strings.TrimSuffix(strings.Fields(line)[0], ","), "--help")
	}
	return texts
}

func TestNothingUsersReadPointsOutsideTheRepository(t *testing.T) {
	texts := helpTexts(t)
	require.Contains(t, texts, "gitedit edit --help")
	files, err := filepath.Glob("docs/*.md")
	require.NoError(t, err)
	examples, err := filepath.Glob("examples/*")
	require.NoError(t, err)
	for _, f := range append(append(files, examples...), "README.md", "CHANGELOG.md", ".pre-commit-hooks.yaml") {
		if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			texts[f] = string(data)
		}
	}
	outside := regexp.MustCompile(`\.\./shared|\bSPEC\b|SPEC\.md`)
	for name, text := range texts {
		for i, line := range strings.Split(text, "\n") {
			assert.False(t, outside.MatchString(line), "%s:%d points outside the repository: %s", name, i+1, line)
		}
	}
}
