package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// output runs Main with args and returns its standard output, requiring
// exit status 0.
func output(t *testing.T, args ...string) string {
	var out, errb bytes.Buffer
	code := Main(append([]string{"gitedit"}, args...), nil, &out, &errb)
	require.Equal(t, 0, code, "gitedit %v: %s", args, errb.String())
	return out.String()
}

// shell returns the path of the shell, or skips the test saying so.
func shell(t *testing.T, name string) string {
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed here: its completion script is not checked", name)
	}
	return path
}

func TestHelpCompletionAndManListEveryCommandAndFlag(t *testing.T) {
	app := newApp(&env{out: &printer{}})
	scripts := map[string]string{}
	for _, sh := range completionShells {
		scripts[sh] = output(t, "completion", sh)
	}
	man := output(t, "man")
	appHelp := output(t, "--help")
	for _, c := range app.Commands {
		help := output(t, c.Name, "--help")
		assert.Contains(t, appHelp, "   "+c.Name+" ", "gitedit --help lists %s", c.Name)
		assert.True(t, strings.Contains(man, `.SS "gitedit `+c.Name), "the man page has a section for %s", c.Name)
		assert.True(t, strings.Contains(scripts["bash"], "    "+c.Name+")\n"), "bash completes %s", c.Name)
		assert.True(t, strings.Contains(scripts["zsh"], "    "+c.Name+")\n"), "zsh completes %s", c.Name)
		assert.True(t, strings.Contains(scripts["fish"], "-a "+c.Name+" -d "), "fish completes %s", c.Name)
		fishLines := linesWith(scripts["fish"], fishQuote("__fish_seen_subcommand_from "+c.Name)+" ")
		for _, f := range c.Flags {
			for _, n := range f.Names() {
				d := dashed(n)
				assert.Contains(t, help, d, "gitedit %s --help shows %s", c.Name, d)
				assert.True(t, strings.Contains(man, `\fB`+roff(d)+`\fR`), "the man page shows %s %s", c.Name, d)
				word := regexp.QuoteMeta(d)
				bashRe := regexp.MustCompile(`[ '|]` + word + `[ '|)]`)
				zshRe := regexp.MustCompile(`'` + word + `(=|\+|=-|-)?\[`)
				assert.True(t, bashRe.MatchString(bashCase(scripts["bash"], c.Name)), "bash completes %s %s", c.Name, d)
				assert.True(t, zshRe.MatchString(zshCase(scripts["zsh"], c.Name)), "zsh completes %s %s", c.Name, d)
				opt := " -l " + n + " "
				if !long(n) {
					opt = " -s " + n + " "
				}
				assert.True(t, strings.Contains(fishLines, opt), "fish completes %s %s", c.Name, d)
			}
		}
	}
}

// bashCase returns the case branch of command name in the bash script.
func bashCase(script, name string) string {
	_, rest, _ := strings.Cut(script, "\n    "+name+")\n")
	branch, _, _ := strings.Cut(rest, "\n      ;;\n")
	return branch
}

// zshCase returns the case branch of command name in the zsh script.
func zshCase(script, name string) string {
	_, rest, _ := strings.Cut(script, "\n    "+name+")\n")
	branch, _, _ := strings.Cut(rest, " ;;\n")
	return branch
}

// linesWith returns the lines of s that contain substr, joined.
func linesWith(s, substr string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, substr) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func TestCompletionScriptsParseInTheirShells(t *testing.T) {
	for sh, check := range map[string][]string{"bash": {"-n"}, "zsh": {"-n"}, "fish": {"--no-execute"}} {
		t.Run(sh, func(t *testing.T) {
			bin := shell(t, sh)
			script := filepath.Join(t.TempDir(), "gitedit."+sh)
			require.NoError(t, os.WriteFile(script, []byte(output(t, "completion", sh)), 0o644))
			out, err := exec.Command(bin, append(check, script)...).CombinedOutput()
			assert.NoError(t, err, "%s", out)
			assert.Empty(t, string(out))
		})
	}
}

// completionDir is a folder with a file and a subfolder to complete.
func completionDir(t *testing.T) string {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), nil, 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	return dir
}

func TestBashCompletionOffersCommandsFlagsValuesAndFiles(t *testing.T) {
	bash := shell(t, "bash")
	dir := completionDir(t)
	script := filepath.Join(dir, "..", "gitedit.bash")
	require.NoError(t, os.WriteFile(script, []byte(output(t, "completion", "bash")), 0o644))
	tests := []struct {
		words []string // as bash splits the command line; the last is being completed
		want  string
	}{
		{[]string{"gitedit", "mul"}, "multiedit"},
		{[]string{"gitedit", "--v"}, "--version"},
		{[]string{"gitedit", "edit", "--ma"}, "--match"},
		{[]string{"gitedit", "edit", "--match", "line"}, "line_trimmed"},
		{[]string{"gitedit", "edit", "main.go", "--dirty", ""}, "refuse include commit-first"},
		{[]string{"gitedit", "edit", "--color", "=", ""}, "always never auto"},
		{[]string{"gitedit", "edit", "--color", "=", "ne"}, "never"},
		{[]string{"gitedit", "edit", "--color", "ma"}, "main.go"},
		{[]string{"gitedit", "edit", "--gpg-sign", "ma"}, "main.go"},
		{[]string{"gitedit", "edit", "m"}, "main.go"},
		{[]string{"gitedit", "edit", "-C", ""}, "sub"},
		{[]string{"gitedit", "run", "-r", "ma"}, "main.go"},
		{[]string{"gitedit", "multiedit", "x", "--edits", "m"}, "main.go"},
		{[]string{"gitedit", "schema", "--format", "o"}, "openai"},
		{[]string{"gitedit", "completion", "z"}, "zsh"},
		{[]string{"gitedit", "edit", "--old", "m"}, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.words, " "), func(t *testing.T) {
			words := "'" + strings.Join(tt.words, "' '") + "'"
			prog := "source " + script + "; COMP_WORDS=(" + words + "); COMP_CWORD=" +
				strconv.Itoa(len(tt.words)-1) + `; _gitedit; echo "${COMPREPLY[*]}"`
			cmd := exec.Command(bash, "--norc", "-c", prog)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			assert.Equal(t, tt.want, strings.TrimSpace(string(out)))
		})
	}
}

func TestFishCompletionOffersCommandsFlagsValuesAndFiles(t *testing.T) {
	fish := shell(t, "fish")
	dir := completionDir(t)
	script := filepath.Join(dir, "..", "gitedit.fish")
	require.NoError(t, os.WriteFile(script, []byte(output(t, "completion", "fish")), 0o644))
	tests := map[string][]string{
		"gitedit mul":                  {"multiedit"},
		"gitedit edit --match line":    {"line_trimmed"},
		"gitedit edit --dirty ":        {"commit-first", "include", "refuse"},
		"gitedit edit --color=":        {"--color=always", "--color=auto", "--color=never"},
		"gitedit edit ":                {"main.go", "sub/"},
		"gitedit schema --format ":     {"anthropic", "jsonschema", "openai"},
		"gitedit completion ":          {"bash", "fish", "zsh"},
		"gitedit run --recipe ma":      {"main.go"},
		"gitedit series -o ":           {"sub/"},
		"gitedit edit --expected-hash": {"--expected-hash"},
	}
	for line, want := range tests {
		t.Run(line, func(t *testing.T) {
			cmd := exec.Command(fish, "--no-config", "-c", "source "+script+"; complete -C '"+line+"'")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			var got []string
			for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				word, _, _ := strings.Cut(l, "\t")
				got = append(got, word)
			}
			assert.Equal(t, want, got)
		})
	}
}

func TestZshCompletionRegistersWithCompinit(t *testing.T) {
	zsh := shell(t, "zsh")
	dir := t.TempDir()
	script := filepath.Join(dir, "_gitedit")
	require.NoError(t, os.WriteFile(script, []byte(output(t, "completion", "zsh")), 0o644))
	for name, prog := range map[string]string{
		"sourced after compinit": `autoload -Uz compinit; compinit -u -d ` + dir + `/dump; source ` + script,
		"autoloaded from fpath":  `fpath=(` + dir + ` $fpath); autoload -Uz compinit; compinit -u -d ` + dir + `/dump`,
	} {
		cmd := exec.Command(zsh, "-f", "-c", prog+`; echo ${_comps[gitedit]}`)
		cmd.Env = append(os.Environ(), "HOME="+dir)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		assert.Equal(t, "_gitedit", strings.TrimSpace(string(out)), name)
	}
}

func TestManPageIsValidRoff(t *testing.T) {
	groff := shell(t, "groff")
	cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
	cmd.Stdin = strings.NewReader(output(t, "man"))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Empty(t, string(out), "groff warns about nothing")
}

// zshComplete is a zsh script that starts an interactive zsh on a
// pseudo-terminal (zsh/zpty) with the completion of $1 autoloaded, types
// "gitedit $2<TAB>" and prints what the terminal shows.
const zshComplete = `zmodload zsh/zpty || exit 3
zpty z zsh -f -i
zpty -w z "PS1=; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -d $1/dump; setopt nobeep; zstyle ':completion:*' menu no; LISTMAX=10000; print READY"
local out= chunk
integer i
for (( i = 0; i < 200; i++ )); do
  zpty -r -t z chunk && out+=$chunk
  [[ $out == *READY$'\r'* ]] && break
  sleep 0.05
done
zpty -w -n z "gitedit $2"$'\t'
out=
integer quiet=0
for (( i = 0; i < 200 && quiet < 10; i++ )); do
  if zpty -r -t z chunk; then out+=$chunk; quiet=0; else (( quiet++ )); sleep 0.05; fi
done
print -r -- "$out"
zpty -d z
`

func TestZshCompletionOffersCommandsFlagsValuesAndFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("drives an interactive zsh")
	}
	zsh := shell(t, "zsh")
	dir := completionDir(t)
	fpath := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(fpath, "_gitedit"), []byte(output(t, "completion", "zsh")), 0o644))
	escape := regexp.MustCompile(`\x1b\[[0-9;?]*[a-zA-Z]`)
	tests := map[string][]string{
		"mul":               {"gitedit multiedit "},
		"edit --match line": {"gitedit edit --match line_trimmed "},
		"edit --dirty ":     {"commit-first", "include", "refuse"},
		"edit --color=":     {"always", "auto", "never"},
		"edit m":            {"gitedit edit main.go "},
		"edit -C ":          {"gitedit edit -C sub/"},
		"completion ":       {"bash", "fish", "zsh"},
	}
	for typed, want := range tests {
		t.Run(typed, func(t *testing.T) {
			cmd := exec.Command(zsh, "-f", "-c", zshComplete, "zsh", fpath, typed)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "HOME="+dir)
			out, err := cmd.CombinedOutput()
			if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 3 {
				t.Skip("zsh has no zpty module here")
			}
			require.NoError(t, err, "%s", out)
			screen := escape.ReplaceAllString(strings.ReplaceAll(string(out), "\r", ""), "")
			for _, w := range want {
				assert.Contains(t, screen, w)
			}
		})
	}
}

// TestManHeadingsHoldTheWholeArgumentUsage checks that a command's
// subsection heading in the manual keeps every word of its argument usage,
// however many lines the usage takes in --help (gitedit run's was cut at
// its first line, mid-sentence).
func TestManHeadingsHoldTheWholeArgumentUsage(t *testing.T) {
	man := output(t, "man")
	for _, c := range newApp(&env{out: &printer{}}).Commands {
		if c.ArgsUsage == "" {
			continue
		}
		want := "gitedit " + c.Name + " " + strings.Join(strings.Fields(c.ArgsUsage), " ")
		assert.Contains(t, man, ".SS "+roffQuote(want)+"\n", "the heading of %s", c.Name)
	}
}
