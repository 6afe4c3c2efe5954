package recipe

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// lineFiles are files whose lines a regex recipe rewrites: with and
// without a final line break, with empty lines, an empty file.
var lineFiles = map[string]string{
	"a.txt":     "alpha\nbeta\n",
	"blank.txt": "one\n\nthree\n\n",
	"open.txt":  "no final\nline break",
	"one.txt":   "x\n",
	"empty.txt": "",
}

// TestRegexLinesAreSedAndPerlLines: a recipe regex with (?m)^ or (?m)$
// rewrites the lines sed and perl -pe see, no line after the final line
// break (issue 23, item 16: "prefix every line" left a stray "> " at the
// end of every file).
func TestRegexLinesAreSedAndPerlLines(t *testing.T) {
	for _, tool := range []string{"sed", "perl"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	for _, c := range []struct{ regex, replace, sed, perl string }{
		{`(?m)^`, "> ", `s/^/> /`, `s/^/> /`},
		{`(?m)$`, ";", `s/$/;/`, `s/$/;/`},
		{`(?m)^(.*)$`, "[$1]", `s/^\(.*\)$/[\1]/`, `s/^(.*)$/[$1]/`},
		{`(?m)^$`, "-", `s/^$/-/`, `s/^$/-/`},
	} {
		t.Run(c.regex, func(t *testing.T) {
			dir := fixtures.NewRepo(t, lineFiles)
			_, err := runIn(t, dir, spec.RunRequest{Recipes: []spec.Recipe{{Name: "lines",
				Edits: []spec.RecipeEdit{{Regex: c.regex, Replace: c.replace}}}}})
			require.NoError(t, err)
			for name, content := range lineFiles {
				got, err := os.ReadFile(filepath.Join(dir, name))
				require.NoError(t, err)
				require.Equal(t, filter(t, content, "sed", c.sed), string(got), "%s against sed %q", name, c.sed)
				require.Equal(t, filter(t, content, "perl", "-pe", c.perl), string(got), "%s against perl -pe %q", name, c.perl)
			}
		})
	}
}

// filter runs the command on content and returns its output.
func filter(t *testing.T, content string, name string, args ...string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "in")
	require.NoError(t, os.WriteFile(f, []byte(content), 0o644))
	out, err := exec.Command(name, append(args, f)...).Output()
	require.NoError(t, err)
	return string(out)
}
