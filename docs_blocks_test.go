package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/cli"
)

// TestMain registers the gitedit command for the scripts the tests
// generate, as the real binary would run.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"gitedit": func() { os.Exit(cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// block is one fenced code block of a Markdown file, with the example
// directives written in HTML comments (invisible when rendered) just before
// it:
//
//	<!-- example: skip (REASON) -->     the block is not run, for the reason given
//	<!-- example-setup: COMMAND -->     a command run before the block
//	<!-- example: file PATH -->         the block is the content of PATH
type block struct {
	file  string
	line  int
	lang  string
	body  string
	skip  string
	setup []string
	same  string
}

// name is the block's place, as a test name: README.md:40.
func (b block) name() string { return fmt.Sprintf("%s:%d", b.file, b.line) }

// command reports whether the block holds shell commands a user would copy.
func (b block) command() bool {
	switch b.lang {
	case "sh", "bash", "shell", "console":
		return true
	}
	return false
}

// directive matches one example directive.
var directive = regexp.MustCompile(`^<!-- (example: skip|example-setup:|example: file) ?(.*?) ?-->$`)

// blocks returns the fenced code blocks of the Markdown file.
func blocks(t *testing.T, file string) []block {
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	var out []block
	var pending block
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := directive.FindStringSubmatch(line); m != nil {
			pending.addDirective(t, file, i+1, m[1], m[2])
			continue
		}
		fence, ok := strings.CutPrefix(line, "```")
		if !ok {
			if strings.TrimSpace(line) != "" {
				pending = block{}
			}
			continue
		}
		b := pending
		b.file, b.line, b.lang = file, i+1, strings.Fields(fence + " x")[0]
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			b.body += lines[i] + "\n"
		}
		out = append(out, b)
		pending = block{}
	}
	return out
}

// addDirective records one directive for the next block.
func (b *block) addDirective(t *testing.T, file string, line int, kind, arg string) {
	switch kind {
	case "example: skip":
		require.NotEmpty(t, arg, "%s:%d: a skipped example says why", file, line)
		b.skip = arg
	case "example-setup:":
		b.setup = append(b.setup, arg)
	case "example: file":
		b.same = arg
	}
}

// documents returns the Markdown files whose examples are checked.
func documents(t *testing.T) []string {
	docs, err := filepath.Glob("docs/*.md")
	require.NoError(t, err)
	return append([]string{"README.md", "CHANGELOG.md"}, docs...)
}

// script turns a command block into a testscript script: the block runs
// with bash -e in the fixture repository, after its setup commands.
func (b block) script() string {
	var s strings.Builder
	fmt.Fprintf(&s, "# %s\ncd repo\nexec bash -e $WORK/block.sh\n-- block.sh --\n", b.name())
	for _, c := range b.setup {
		s.WriteString(c + "\n")
	}
	s.WriteString(b.body)
	return s.String()
}

// scriptParams writes the scripts (name → text) into dir and returns the
// testscript parameters that run them against the fixture repository.
func scriptParams(t *testing.T, dir string, scripts map[string]string) testscript.Params {
	for name, text := range scripts {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".txtar"), []byte(text), 0o644))
	}
	return testscript.Params{Dir: dir, RequireExplicitExec: true, Setup: fixtureSetup}
}

// scriptName turns a block's place into a file name.
func scriptName(b block) string {
	return strings.NewReplacer("/", "_", ":", "_L").Replace(b.name())
}

func TestDocumentedCommandsRun(t *testing.T) {
	scripts := map[string]string{}
	for _, doc := range documents(t) {
		for _, b := range blocks(t, doc) {
			if b.command() && b.skip == "" {
				scripts[scriptName(b)] = b.script()
			}
		}
	}
	require.NotEmpty(t, scripts)
	testscript.Run(t, scriptParams(t, t.TempDir(), scripts))
}

func TestDocumentedFilesMatchTheirExamples(t *testing.T) {
	n := 0
	for _, doc := range documents(t) {
		for _, b := range blocks(t, doc) {
			if b.same == "" {
				continue
			}
			n++
			want, err := os.ReadFile(b.same)
			require.NoError(t, err, b.name())
			assert.Equal(t, string(want), b.body, "%s shows %s as it is", b.name(), b.same)
		}
	}
	assert.NotZero(t, n)
}

// failures is a testscript.T that records failures instead of failing.
type failures struct {
	failed bool
	logs   []string
}

func (f *failures) Skip(args ...any)  { panic("skip") }
func (f *failures) Fatal(args ...any) { f.failed = true; panic(fatal{}) }
func (f *failures) Parallel()         {}
func (f *failures) Log(args ...any)   { f.logs = append(f.logs, fmt.Sprint(args...)) }
func (f *failures) FailNow()          { f.failed = true; panic(fatal{}) }
func (f *failures) Verbose() bool     { return false }
func (f *failures) Run(name string, fn func(testscript.T)) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(fatal); !ok {
				panic(r)
			}
		}
	}()
	fn(f)
}

// fatal ends a recorded test.
type fatal struct{}

func TestARottenExampleFails(t *testing.T) {
	const doc = "# Doc\n\n```sh\ngitedit edit src/a.go --old 'return 1' --new 'return 2'\n" +
		"gitedit edit src/a.go --old 'return 1' --new 'return 3'   # rotten: the text is gone\n```\n"
	file := filepath.Join(t.TempDir(), "doc.md")
	require.NoError(t, os.WriteFile(file, []byte(doc), 0o644))
	bs := blocks(t, file)
	require.Len(t, bs, 1)
	var rec failures
	testscript.RunT(&rec, scriptParams(t, t.TempDir(), map[string]string{"rotten": bs[0].script()}))
	assert.True(t, rec.failed, "the second command fails, so the example fails")
	assert.Contains(t, strings.Join(rec.logs, "\n"), "not_found")

	good := strings.Replace(doc, "--old 'return 1' --new 'return 3'", "--old 'return 2' --new 'return 3'", 1)
	require.NoError(t, os.WriteFile(file, []byte(good), 0o644))
	rec = failures{}
	testscript.RunT(&rec, scriptParams(t, t.TempDir(), map[string]string{"good": blocks(t, file)[0].script()}))
	assert.False(t, rec.failed, strings.Join(rec.logs, "\n"))
}
