package gitconfig

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// configSyntax are config files and keys whose values are compared with
// `git config -f FILE --get KEY`.
var configSyntax = []struct {
	name string
	src  string
	keys []string
}{
	{"case rules", "[Core]\n\tAutoCRLF = input\n[Remote \"Origin\"]\n\tURL = x\n[remote \"origin\"]\n\turl = y\n",
		[]string{"core.autocrlf", "CORE.AUTOCRLF", "remote.Origin.url", "remote.origin.URL", "remote.ORIGIN.url"}},
	{"deprecated dotted subsection is lower-cased", "[Foo.Bar]\n\tkey = v\n", []string{"foo.bar.key", "foo.Bar.key"}},
	{"last value wins", "[a]\n\tk = 1\n\tk = 2\n[a]\nk = 3\n", []string{"a.k"}},
	{"quotes, escapes, comments, spaces", "[a]\n\tq = \" x  y \" # c\n\te = a\\tb\\\\c\\\"d\n\tc = v ; comment\n\tw =   in   side   \n\tm = x\"  ;\"y\n",
		[]string{"a.q", "a.e", "a.c", "a.w", "a.m"}},
	{"continuation lines", "[a]\n\tk = one \\\n  two\n", []string{"a.k"}},
	{"empty and missing values", "[a]\n\tnovalue\n\tempty =\n", []string{"a.novalue", "a.empty", "a.missing"}},
	{"section and key on one line, CRLF, BOM", "\xef\xbb\xbf[a] k = v\r\n[b \"s p\\\"q\"]\r\n\tk = w\r\n", []string{"a.k", "b.s p\"q.k"}},
	{"a variable before any section", "k = v\n[a]\n\tk = w\n", []string{"a.k"}},
	{"tabs inside values", "[a]\n\tk = x\t\ty\n", []string{"a.k"}},
}

// TestValuesMatchGitConfigGet reads each file of configSyntax and compares
// every key with `git config -f FILE --get KEY`.
func TestValuesMatchGitConfigGet(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range configSyntax {
		t.Run(tt.name, func(t *testing.T) {
			f := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_"))
			if err := os.WriteFile(f, []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			l := &loader{cfg: &Config{}, env: testEnv(dir)}
			if err := l.file(f); err != nil {
				t.Fatal(err)
			}
			for _, key := range tt.keys {
				want, gitErr := gitIn(dir, dir, nil, "config", "-f", f, "--get", key)
				got, ok := l.cfg.Get(key)
				if ok != (gitErr == nil) || (ok && got+"\n" != want) {
					t.Errorf("%s = %q, %v; git: %q, %v", key, got, ok, want, gitErr)
				}
			}
		})
	}
}

// TestSyntaxErrorsAreRefusedAsGitRefusesThem checks that what git's
// parser refuses is an error here too.
func TestSyntaxErrorsAreRefusedAsGitRefusesThem(t *testing.T) {
	for _, src := range []string{"[a\n", "[a]\n\tk = \"open\n", "[a]\n\tk v\n", "[a]\n\tk = \\q\n", "[a \"x]\n", "[a]\n\t1k = v\n"} {
		err := parseConfig([]byte(src), func(string, Value) error { return nil })
		f := filepath.Join(t.TempDir(), "c")
		_ = os.WriteFile(f, []byte(src), 0o644)
		_, gitErr := gitIn(t.TempDir(), t.TempDir(), nil, "config", "-f", f, "--list")
		if err == nil || gitErr == nil {
			t.Errorf("%q: gitedit error %v, git error %v; both should fail", src, err, gitErr)
		}
	}
}

// TestBoolsMatchGitConfigTypeBool compares Bool with
// `git config --type=bool`, refusals included.
func TestBoolsMatchGitConfigTypeBool(t *testing.T) {
	dir := t.TempDir()
	src := "[b]\n\tnovalue\n\tempty =\n\tyes = yes\n\ton = On\n\ttrue = TRUE\n\tone = 1\n\tten = 10\n\tno = no\n\toff = off\n\tfalse = false\n\tzero = 0\n\tbad = maybe\n"
	f := filepath.Join(dir, "c")
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	l := &loader{cfg: &Config{}, env: testEnv(dir)}
	if err := l.file(f); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"novalue", "empty", "yes", "on", "true", "one", "ten", "no", "off", "false", "zero", "bad"} {
		want, gitErr := gitIn(dir, dir, nil, "config", "-f", f, "--type=bool", "--get", "b."+key)
		got, _, err := l.cfg.Bool("b." + key)
		if (err == nil) != (gitErr == nil) || (err == nil && want != map[bool]string{true: "true\n", false: "false\n"}[got]) {
			t.Errorf("b.%s = %v, %v; git: %q, %v", key, got, err, want, gitErr)
		}
	}
}

// TestLoadMergesSourcesInGitsOrder sets one key in every source and checks
// the merged value git reports, removing the sources from the highest down.
func TestLoadMergesSourcesInGitsOrder(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	home := fixtures.Home(repo)
	fixtures.Git(t, repo, "config", "extensions.worktreeConfig", "true")
	files := map[string]string{
		filepath.Join(home, ".config", "git", "config"): "[t]\n\tk = xdg\n\txdgOnly = 1\n",
		filepath.Join(home, ".gitconfig"):               "[t]\n\tk = home\n[include]\n\tpath = inc.cfg\n",
		filepath.Join(home, "inc.cfg"):                  "[t]\n\tincluded = yes\n",
		filepath.Join(repo, ".git", "config.worktree"):  "[t]\n\tk = worktree\n",
	}
	for f, src := range files {
		mustMkdir(t, filepath.Dir(f))
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fixtures.Git(t, repo, "config", "t.k", "local")
	cases := [][]string{
		{"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=T.K", "GIT_CONFIG_VALUE_0=count", "GIT_CONFIG_PARAMETERS='t.k'='params'"},
		{"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=T.K", "GIT_CONFIG_VALUE_0=count"},
		{"GIT_CONFIG_GLOBAL=" + filepath.Join(home, "inc.cfg")},
		nil,
	}
	for _, extra := range cases {
		gitDir := filepath.Join(repo, ".git")
		cfg, err := Load(gitDir, gitDir, true, testEnv(repo, extra...))
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"t.k", "t.xdgonly", "t.included"} {
			want, gitErr := gitIn(repo, repo, extra, "config", "--get", key)
			got, ok := cfg.Get(key)
			if ok != (gitErr == nil) || (ok && got+"\n" != want) {
				t.Errorf("env %v: %s = %q, %v; git: %q, %v", extra, key, got, ok, want, gitErr)
			}
		}
	}
}

// TestSqWordsSplitsWhatGitQuotes splits GIT_CONFIG_PARAMETERS as git's
// sq_quote writes it.
func TestSqWordsSplitsWhatGitQuotes(t *testing.T) {
	got, err := sqWords(`'a.b=c' 'x.y'='it'\''s' 'z.w'`)
	want := []string{"a.b=c", "x.y=it's", "z.w"}
	if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sqWords = %q, %v; want %q", got, err, want)
	}
}

// TestRefusedValuesAreInvalidErrors checks the errors callers give a code
// to: a bad boolean and a bad GIT_CONFIG_COUNT are *InvalidError (Is
// ErrInvalid) naming what is wrong; a syntax error is not.
func TestRefusedValuesAreInvalidErrors(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "c")
	if err := os.WriteFile(f, []byte("[b]\n\tk = maybe\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = cfg.Bool("b.k")
	if !errors.Is(err, ErrInvalid) || err.Error() != `config b.k: bad boolean value "maybe"` {
		t.Errorf("Bool(b.k) = %v; want an InvalidError naming config b.k", err)
	}
	gitDir := filepath.Join(dir, ".git")
	_, err = Load(gitDir, gitDir, false, testEnv(dir, "GIT_CONFIG_COUNT=x"))
	if !errors.Is(err, ErrInvalid) || !strings.HasPrefix(err.Error(), "GIT_CONFIG_COUNT: ") {
		t.Errorf("Load with GIT_CONFIG_COUNT=x = %v; want an InvalidError naming it", err)
	}
	if err := os.WriteFile(f, []byte("[b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(f); err == nil || errors.Is(err, ErrInvalid) {
		t.Errorf("LoadFile of a bad header = %v; want a syntax error, not ErrInvalid", err)
	}
}

// testEnv is fixtures.EnvLookup.
var testEnv = fixtures.EnvLookup

// gitIn is fixtures.GitEnv.
var gitIn = fixtures.GitEnv

// mustMkdir creates dir and its parents.
func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestFilesReadEachFileOnce checks that a config file read through one
// Files is read from disk once: LoadFile then Load see the contents of the
// first reading, even when the file changes between them (a repository's
// opening checks its format, then loads the whole configuration), and a
// missing file stays missing; a new Files reads the file again.
func TestFilesReadEachFileOnce(t *testing.T) {
	dir := t.TempDir()
	gitDir := filepath.Join(dir, ".git")
	mustMkdir(t, gitDir)
	local := filepath.Join(gitDir, "config")
	if err := os.WriteFile(local, []byte("[t]\n\tk = first\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := new(Files)
	env := testEnv(dir, "GIT_CONFIG_NOSYSTEM=1")
	get := func(cfg *Config, err error) string { return mustGet(t, cfg, err) }
	if got := get(files.LoadFile(local)); got != "first" {
		t.Fatalf("LoadFile: t.k = %q, want first", got)
	}
	if err := os.WriteFile(local, []byte("[t]\n\tk = second\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wt := filepath.Join(gitDir, "config.worktree")
	if got := get(files.Load(gitDir, gitDir, true, env)); got != "first" {
		t.Errorf("Load through the same Files: t.k = %q, want first (read once)", got)
	}
	if err := os.WriteFile(wt, []byte("[t]\n\tk = worktree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := get(files.Load(gitDir, gitDir, true, env)); got != "first" {
		t.Errorf("config.worktree missing at the first reading: t.k = %q, want first", got)
	}
	if got := get(new(Files).Load(gitDir, gitDir, true, env)); got != "worktree" {
		t.Errorf("a new Files: t.k = %q, want worktree (read again)", got)
	}
}

// mustGet returns t.k of a loaded Config.
func mustGet(t *testing.T, cfg *Config, err error) string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	v, _ := cfg.Get("t.k")
	return v
}
