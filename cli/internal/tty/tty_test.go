package tty

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gitEnv is an environment where git reads no system or global config.
func gitEnv(t *testing.T) []string {
	home := t.TempDir()
	return append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@example.com", "GIT_COMMITTER_NAME=A",
		"GIT_COMMITTER_EMAIL=a@example.com", "GIT_AUTHOR_DATE=2026-01-02T03:04:05Z",
		"GIT_COMMITTER_DATE=2026-01-02T03:04:05Z")
}

// git runs git in dir and returns its standard output.
func git(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, gitEnv(t)
	out, err := cmd.Output()
	return string(out), err
}

func TestParseGivesWhatGitConfigGetColorGives(t *testing.T) {
	values := []string{"red", "brightred", "default", "bold red blue", "nobold", "no-ul", "Red",
		"BOLD", "res", "reset", "  green ", "#ff00AA", "#fff", "#gg0000", "255", "8", "15", "16",
		"-1", "-2", "256", "7", "+3", "0x10", "ul bold", "red green blue", "normal bold",
		"normal normal red", "", "brightdefault", "bright", "italic strike dim blink reverse",
		"normal", "normal ul", "default default", "brightblue brightyellow", "blink noblink",
		"no-", "nobright", "#000000 #FFFFFF strike", "reset red", "bold Reset", "reset reset"}
	dir := t.TempDir()
	for _, v := range values {
		want, gitErr := git(t, dir, "-c", "x.y="+v, "config", "--get-color", "x.y")
		got, err := Parse(v)
		if gitErr != nil {
			assert.Error(t, err, "git refuses %q, Parse gave %q", v, got)
			continue
		}
		if assert.NoError(t, err, v) {
			assert.Equal(t, want, got, "%q", v)
		}
	}
}

func TestParseWhitespaceReadsCoreWhitespaceAsGitDoes(t *testing.T) {
	assert.Equal(t, DefaultWSRule(), ParseWhitespace(""))
	r := ParseWhitespace("-trailing-space,indent-with-non-tab tabwidth=4,-space-before-tab,bogus")
	assert.Equal(t, WSRule{IndentWithNonTab: true, TabWidth: 4}, r)
	assert.Equal(t, 8, ParseWhitespace("tabwidth=64").TabWidth)
	assert.True(t, ParseWhitespace("tab-in-indent").TabInIndent)
}

// diffCase is a change and the git config under which git colours it.
type diffCase struct {
	name     string
	old, new string
	config   []string
}

func TestPainterColoursDiffsAsGitDiffColor(t *testing.T) {
	old := "package a\n\nfunc f() {\n\tfoo()\n}\n-- dashes\n++ pluses\nx1\nx2\nx3\nx4\nx5\nx6\nx7\nx8\nlast"
	neu := "package a\n\nfunc f() {\n\tbar()  \n    \tx\n  \t \ty\n        eight\n}\n++ pluses\n-- dashes\nx1\nx2\nx3\nx4\nx5\nx6\nx7\ny8\n\n\t\nlast2"
	cases := []diffCase{
		{"defaults", old, neu, nil},
		{"slots", old, neu, []string{"color.diff.meta=blue ul", "color.diff.frag=yellow bold",
			"color.diff.func=italic", "color.diff.old=#ff0000", "color.diff.new=brightgreen black",
			"color.diff.plain=dim", "color.diff.whitespace=reverse"}},
		{"indent-with-non-tab", old, neu, []string{"core.whitespace=indent-with-non-tab,-space-before-tab,tabwidth=4"}},
		{"tab-in-indent", old, neu, []string{"core.whitespace=tab-in-indent"}},
		{"no blank-at-eol", old, neu, []string{"core.whitespace=-blank-at-eol"}},
		{"new file", "", "one\ntwo \n", nil},
		{"controls", "a\n", "a\x1b]0;title\x07\n\x7f\r\n\u009b\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plain, colored := gitDiffs(t, c)
			p := DefaultPalette()
			for _, kv := range c.config {
				k, v, _ := strings.Cut(kv, "=")
				if slot, ok := strings.CutPrefix(k, "color.diff."); ok {
					_, err := p.Set(slot, v)
					require.NoError(t, err)
				} else {
					p.WS = ParseWhitespace(v)
				}
			}
			pt := NewPainter(p)
			var got []string
			for _, l := range strings.SplitAfter(strings.TrimSuffix(plain, "\n"), "\n") {
				got = append(got, pt.Line(strings.TrimSuffix(l, "\n")))
			}
			want := strings.ReplaceAll(colored, "\n"+p.Whitespace+"+"+Reset+"\n", "\n"+p.New+"+"+Reset+"\n")
			assert.Equal(t, want, strings.Join(got, "\n")+"\n")
		})
	}
}

// gitDiffs returns git's diff of the case, plain and coloured (with
// control characters escaped by cat -v, as gitedit shows them). git
// highlights an added blank line at the end of the file whole in the
// whitespace colour (blank-at-eof); gitedit does not, since the diff text
// alone does not say where the file ends, so the caller maps that line.
func gitDiffs(t *testing.T, c diffCase) (plain, colored string) {
	dir := t.TempDir()
	_, err := git(t, dir, "init", "-q")
	require.NoError(t, err)
	f := filepath.Join(dir, "a.go")
	if c.old != "" {
		require.NoError(t, os.WriteFile(f, []byte(c.old), 0o644))
		_, err = git(t, dir, "add", "a.go")
		require.NoError(t, err)
	}
	require.NoError(t, os.WriteFile(f, []byte(c.new), 0o644))
	args := []string{}
	for _, kv := range c.config {
		args = append(args, "-c", kv)
	}
	diff := []string{"diff", "--no-index", "--", "/dev/null", "a.go"}
	if c.old != "" {
		diff = []string{"diff", "--", "a.go"}
	}
	plain, _ = git(t, dir, append(append(args, "-c", "color.diff=never"), diff...)...)
	colored, _ = git(t, dir, append(append(args, "-c", "color.diff=always"), diff...)...)
	require.NotEmpty(t, plain)
	cmd := exec.Command("cat", "-v")
	cmd.Stdin = strings.NewReader(colored)
	out, err := cmd.Output()
	require.NoError(t, err)
	return plain, strings.ReplaceAll(string(out), "^[[", "\033[")
}

// TestHunkHeadersReadAsTheExpressionDid checks parseHunkHeader against the
// expression it replaced, on hand-picked headers and near misses and on
// random strings built from a header's pieces.
func TestHunkHeadersReadAsTheExpressionDid(t *testing.T) {
	re := regexp.MustCompile(`^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@(.*)$`)
	lines := []string{
		"@@ -1 +1 @@", "@@ -1,2 +3,4 @@ func f() {", "@@ -0,0 +1 @@", "@@ -12,0 +13,99999999999999999999 @@x",
		"@@ -1, +1 @@", "@@ -,1 +1 @@", "@@ -1 +1 @", "@@ -1 +1 @@\nx", "@@ -1 +1 @@ \xff\xfe", "@@@ -1 +1 @@",
		"@@ -1  +1 @@", "@@ -a +1 @@", "@@ -1 +1,2,3 @@", " @@ -1 +1 @@", "@@ -1 +1 @@@@", "@@ -١ +1 @@", "",
	}
	pieces := []string{"@@", " ", "-", "+", ",", "1", "23", "0", "@", "\n", "x", "\xff"}
	rng := rand.New(rand.NewPCG(15, 15))
	for range 20000 {
		var b strings.Builder
		b.WriteString([]string{"", "@@ -", "@@ -1", "@@ -1,2 +"}[rng.IntN(4)])
		for range rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		lines = append(lines, b.String())
	}
	for _, line := range lines {
		old, new, rest, ok := parseHunkHeader(line)
		m := re.FindStringSubmatch(line)
		if ok != (m != nil) {
			t.Fatalf("%q: parsed %v, the expression matched %v", line, ok, m != nil)
		}
		if ok && (old != count(m[1]) || new != count(m[2]) || rest != m[3]) {
			t.Fatalf("%q: %d, %d, %q; the expression: %d, %d, %q", line, old, new, rest, count(m[1]), count(m[2]), m[3])
		}
	}
}
