package main

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
