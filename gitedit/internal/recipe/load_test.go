package recipe

import (
	"strings"
	"testing"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
	"github.com/gitedit/gitedit/gitedit/internal/wildmatch"
)

func TestLoadReadsOneOrSeveralRecipesFromYAMLOrJSON(t *testing.T) {
	tests := []struct {
		file  string
		names []string
		edits []int
	}{
		{"testdata/rename.yaml", []string{"rename-fetch-user"}, []int{2}},
		{"testdata/several.yaml", []string{"rename-fetch-user", "load-user-ctx"}, []int{1, 1}},
		{"testdata/several.json", []string{"rename-fetch-user", "load-user-ctx"}, []int{1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			rs, err := Load(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != len(tt.names) {
				t.Fatalf("got %d recipes, want %d", len(rs), len(tt.names))
			}
			for i, rc := range rs {
				if rc.Name != tt.names[i] || len(rc.Edits) != tt.edits[i] {
					t.Errorf("recipe %d = %s with %d edits, want %s with %d", i, rc.Name, len(rc.Edits), tt.names[i], tt.edits[i])
				}
			}
		})
	}
}

func TestParseRefusesMalformedRecipesNamingTheField(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"empty", "", "empty"},
		{"not yaml", "name: [", "recipe file"},
		{"unknown field", "name: a\nedits: [{old_string: x, new_string: y}]\nfile: ['*']\n", "field file not found"},
		{"unknown item field", "name: a\nedits: [{old_string: x, new_strin: y}]\n", "new_strin"},
		{"no name", "edits: [{old_string: x, new_string: y}]\n", "recipes[0].name"},
		{"no edits", "name: a\n", "recipes[0] (a).edits"},
		{"both kinds", "name: a\nedits: [{old_string: x, regex: y}]\n", "edits[0]: give either"},
		{"neither kind", "name: a\nedits: [{new_string: y}]\n", "old_string (or regex) is required"},
		{"bad regex", "name: a\nedits: [{regex: 'a(', replace: b}]\n", "missing closing )"},
		{"regex with replace_all", "name: a\nedits: [{regex: a, replace: b, replace_all: true}]\n", "only regex and replace"},
		{"replace without regex", "name: a\nedits: [{old_string: a, replace: b}]\n", "replace goes with regex"},
		{"bad match mode", "name: a\nedits: [{old_string: a, new_string: b, match_mode: fuzzy}]\n", "unknown match_mode"},
		{"empty glob", "name: a\nfiles: ['!']\nedits: [{old_string: a, new_string: b}]\n", "empty glob"},
		{"second recipe", "- name: a\n  edits: [{old_string: a, new_string: b}]\n- name: b\n  edits: []\n", "recipes[1] (b).edits"},
		{"negative total", "name: a\nexpected_replacements: -1\nedits: [{old_string: a, new_string: b}]\n", "must not be negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src))
			if spec.CodeOf(err) != spec.CodeInvalidInput || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want invalid_input containing %q", err, tt.want)
			}
		})
	}
}

// inScope matches globs against one path, as a recipe's scope does.
func inScope(globs []string, rel string) bool { return compileGlobs(globs).match(rel) }

func TestGlobsSelectByTheLastMatchingGlob(t *testing.T) {
	tests := []struct {
		globs []string
		path  string
		want  bool
	}{
		{nil, "a/b.txt", true},
		{[]string{"**/*.go"}, "main.go", true},
		{[]string{"**/*.go"}, "a/b/c.go", true},
		{[]string{"**/*.go"}, "a/b/c.gox", false},
		{[]string{"*.go"}, "a/b.go", false},
		{[]string{"*.go"}, "b.go", true},
		{[]string{"/*.go"}, "b.go", true},
		{[]string{"src/?.go"}, "src/a.go", true},
		{[]string{"src/?.go"}, "src/ab.go", false},
		{[]string{"src/[ab].go"}, "src/b.go", true},
		{[]string{"**/*.go", "!vendor/**"}, "vendor/x/y.go", false},
		{[]string{"**/*.go", "!vendor/**"}, "pkg/vendor.go", true},
		{[]string{"**/*.go", "!vendor/**", "vendor/keep/**"}, "vendor/keep/k.go", true},
		{[]string{"!**/*_test.go"}, "a/b.go", true},
		{[]string{"!**/*_test.go"}, "a/b_test.go", false},
		{[]string{"docs/**"}, "docs/a/b/c.md", true},
		{[]string{"docs/**"}, "docs", false},
	}
	for _, tt := range tests {
		if got := inScope(tt.globs, tt.path); got != tt.want {
			t.Errorf("inScope(%q, %q) = %v, want %v", tt.globs, tt.path, got, tt.want)
		}
	}
}

// TestGlobShortcutsAgreeWithWildmatch checks the shortcut shapes against
// wildmatch itself, including the edge cases of each shape.
func TestGlobShortcutsAgreeWithWildmatch(t *testing.T) {
	globs := []string{"**/*.go", "*.go", "docs/**", "a/b.go", "**/*", "*", "**/*_test.go", "a/**", "**/*.",
		"src/*.go", "**/?.go", "**/[ab].go", "x\\*.go", "**/a/*.go", "a/b/**"}
	paths := []string{"a.go", ".go", "a/b.go", "a/b/c.go", "a/b.gox", "docs", "docs/x", "docs/a/b", "docsx/a",
		"x_test.go", "a/x_test.go", "a/b/**", "a.", "a/b/", "src/a.go", "x*.go", "a"}
	for _, g := range globs {
		fast := globShortcut(g)
		for _, p := range paths {
			if fast != nil && fast(g, p) != wildmatch.Match(g, p, true) {
				t.Errorf("shortcut for %q on %q = %v, wildmatch says %v", g, p, fast(g, p), !fast(g, p))
			}
		}
	}
	for _, g := range []string{"**/*.go", "*.go", "docs/**", "a/b.go"} {
		if globShortcut(g) == nil {
			t.Errorf("no shortcut for the common shape %q", g)
		}
	}
}

func TestNeedleIsTheLongestLineWithoutItsCR(t *testing.T) {
	tests := map[string]string{"FetchUser(": "FetchUser(", "a\r\nlonger\nb": "longer", "": ""}
	for in, want := range tests {
		if got := longestLine(in); got != want {
			t.Errorf("longestLine(%q) = %q, want %q", in, got, want)
		}
	}
}
