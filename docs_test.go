package main

import (
	"bufio"
	"bytes"
	"os"
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
