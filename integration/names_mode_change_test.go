package integration

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestAModeChangeLineQuotesItsPathAsGitDoes: the diff of a mode change
// to a file whose name holds a newline, a tab or a quote names it as git
// quotes it (the oracle: git ls-files with core.quotePath), in the human
// output and in the JSON diff, never with the raw byte (a newline in it
// once split the "mode 100644 => 100755" line in two).
func TestAModeChangeLineQuotesItsPathAsGitDoes(t *testing.T) {
	for _, name := range []string{"new\nline.txt", "tab\tx.txt", `q"uote.txt`} {
		t.Run(strings.ReplaceAll(name, "\n", `\n`), func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{name: "a\n"})
			q := gitQuoted(t, dir, name)
			require.True(t, strings.HasPrefix(q, `"`), q)
			p := "diff --git " + quotedSide("a/", q) + " " + quotedSide("b/", q) + "\nold mode 100644\nnew mode 100755\n"
			r := gitedit(t, dir, p, "patch", "-", "--dry-run")
			require.Equal(t, 0, r.code, r.stderr)
			assert.Contains(t, r.stdout, "mode 100644 => 100755 "+q+"\n")
			m, rj := jsonResult(t, dir, p, "patch", "-", "--dry-run")
			require.Equal(t, 0, rj.code, rj.stderr)
			assert.Contains(t, m["diff"], "mode 100644 => 100755 "+q+"\n")
		})
	}
}

// quotedSide is a C-quoted name q with prefix inside its quotes.
func quotedSide(prefix, q string) string { return `"` + prefix + q[1:] }
