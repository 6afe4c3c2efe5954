package batch

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // Europe/Paris for the local-zone cases

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/ident"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// identityCase is one environment and configuration, judged by what git
// itself writes for it.
type identityCase struct {
	name   string
	role   string
	author string // --author override (checked with git commit --author)
	env    map[string]string
	config map[string]string
	tz     string
}

func TestSignatureMatchesGit(t *testing.T) {
	date := map[string]string{"GIT_AUTHOR_DATE": "1700000000 +0100", "GIT_COMMITTER_DATE": "1700000000 +0100"}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range date {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	user := map[string]string{"user.name": "Config User", "user.email": "user@example.com"}
	tests := []identityCase{
		{name: "env only", role: roleAuthor, env: with(map[string]string{"GIT_AUTHOR_NAME": "Env A", "GIT_AUTHOR_EMAIL": "a@env"})},
		{name: "user config", role: roleCommitter, env: date, config: user},
		{name: "env beats config", role: roleCommitter, env: with(map[string]string{"GIT_COMMITTER_NAME": "Env C"}), config: user},
		{name: "author.* beats user.*", role: roleAuthor, env: date, config: map[string]string{"user.name": "U", "user.email": "u@x", "author.name": "Au", "author.email": "au@x"}},
		{name: "committer.* only for committer", role: roleAuthor, env: date, config: map[string]string{"user.name": "U", "user.email": "u@x", "committer.name": "Co"}},
		{name: "committer.email", role: roleCommitter, env: date, config: map[string]string{"user.name": "U", "user.email": "u@x", "committer.email": "co@x"}},
		{name: "EMAIL fallback", role: roleAuthor, env: with(map[string]string{"EMAIL": "mail@env"}), config: map[string]string{"user.name": "U"}},
		{name: "user.email beats EMAIL", role: roleAuthor, env: with(map[string]string{"EMAIL": "mail@env"}), config: user},
		{name: "empty config value is unset", role: roleAuthor, env: date, config: map[string]string{"user.name": "U", "user.email": "u@x", "author.name": ""}},
		{name: "crud stripped", role: roleAuthor, env: with(map[string]string{"GIT_AUTHOR_NAME": ` "<Jo>. ,`, "GIT_AUTHOR_EMAIL": " <a@b> "})},
		{name: "inner delimiters dropped", role: roleAuthor, env: with(map[string]string{"GIT_AUTHOR_NAME": "A <b> C", "GIT_AUTHOR_EMAIL": "x<y>z"})},
		{name: "unicode name", role: roleAuthor, env: date, config: map[string]string{"user.name": "Zoë Ünïcode", "user.email": "z@x"}},
		{name: "no date: now", role: roleAuthor, config: user},
		{name: "empty email variable", role: roleCommitter, env: with(map[string]string{"GIT_COMMITTER_EMAIL": ""}), config: map[string]string{"user.name": "U"}},
		{name: "empty user.email", role: roleCommitter, env: with(map[string]string{"EMAIL": "e@x"}), config: map[string]string{"user.name": "U", "user.email": ""}},
		{name: "author.email given: no EMAIL for committer", role: roleCommitter, env: with(map[string]string{"EMAIL": "e@x"}), config: map[string]string{"user.name": "U", "author.email": "a@x"}},
		{name: "useConfigOnly with config", role: roleAuthor, env: with(map[string]string{"EMAIL": "e@x"}), config: map[string]string{"user.name": "U", "user.email": "u@x", "user.useConfigOnly": "true"}},
		{name: "useConfigOnly: env still wins", role: roleAuthor, env: with(map[string]string{"GIT_AUTHOR_NAME": "N", "GIT_AUTHOR_EMAIL": "n@x"}), config: map[string]string{"user.useConfigOnly": "true"}},
		{name: "override", role: roleAuthor, author: "Over Ride <over@ride>", env: date, config: user},
		{name: "override with crud", role: roleAuthor, author: "  Over, <over@ride>", env: date, config: user},
	}
	for _, d := range []string{"1700000000 -0730", "@1700000000", "@1700000000 +0530", "1700000000",
		"Tue, 14 Nov 2023 22:13:20 +0100", "14 Nov 2023 22:13:20 -0200", "2023-11-14T22:13:20",
		"2023-11-14T22:13:20Z", "2023-11-14T22:13:20+05:30", "2023-11-14 22:13:20 +0530", "2023-11-14T22:13:20.123Z"} {
		for _, tz := range []string{"UTC", "Europe/Paris"} {
			tests = append(tests, identityCase{name: "date " + d + " in " + tz, role: roleCommitter, tz: tz,
				env: map[string]string{"GIT_COMMITTER_DATE": d}, config: user})
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tz := tt.tz
			if tz == "" {
				tz = "UTC"
			}
			loc, err := time.LoadLocation(tz)
			if err != nil {
				t.Fatal(err)
			}
			got, err := signature(tt.role, tt.author, source(tt.env, tt.config), time.Now().In(loc))
			if err != nil {
				t.Fatal(err)
			}
			want := gitIdent(t, tt, tz)
			if _, dated := tt.env["GIT_"+strings.ToUpper(tt.role)+"_DATE"]; !dated {
				got, want = got[:strings.LastIndex(got, ">")+1], want[:strings.LastIndex(want, ">")+1]
			}
			if got != want {
				t.Errorf("signature = %q\n       git writes %q", got, want)
			}
		})
	}
}

func TestSignatureRefusals(t *testing.T) {
	tests := []struct {
		name, role, author string
		env, config        map[string]string
		want               string
	}{
		{"nothing set", roleAuthor, "", nil, nil, "user.name"},
		{"no email", roleCommitter, "", nil, map[string]string{"user.name": "U"}, "no email"},
		{"empty name variable", roleCommitter, "", map[string]string{"GIT_COMMITTER_NAME": "", "EMAIL": "e@x"}, map[string]string{"user.name": "U"}, "empty ident name (for <e@x>) not allowed"},
		{"useConfigOnly without email key", roleAuthor, "", map[string]string{"EMAIL": "e@x"}, map[string]string{"user.name": "U", "user.useConfigOnly": "true"}, "no email was given and auto-detection is disabled"},
		{"useConfigOnly without name key", roleAuthor, "", map[string]string{"GIT_AUTHOR_EMAIL": "e@x"}, map[string]string{"user.useConfigOnly": "true"}, "no name was given and auto-detection is disabled"},
		{"name key set elsewhere, user.name empty", roleCommitter, "", map[string]string{"EMAIL": "e@x"}, map[string]string{"author.name": "A"}, "empty ident name"},
		{"no name", roleAuthor, "", map[string]string{"EMAIL": "e@x"}, nil, "--author"},
		{"name all crud", roleAuthor, "", map[string]string{"GIT_AUTHOR_NAME": " .,", "GIT_AUTHOR_EMAIL": "e@x"}, nil, "name consists only of disallowed characters"},
		{"bad override", roleAuthor, "just a name", nil, nil, "Name <email>"},
		{"bad date", roleAuthor, "", map[string]string{"GIT_AUTHOR_DATE": "garbage"}, map[string]string{"user.name": "U", "user.email": "u@x"}, "GIT_AUTHOR_DATE"},
		{"date without time", roleAuthor, "", map[string]string{"GIT_AUTHOR_DATE": "2023-11-14"}, map[string]string{"user.name": "U", "user.email": "u@x"}, "invalid date"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := signature(tt.role, tt.author, source(tt.env, tt.config), time.Now())
			if strings.Contains(tt.want, "not allowed") || strings.Contains(tt.want, "disabled") || strings.Contains(tt.want, "disallowed") {
				gitVarRefuses(t, identityCase{role: tt.role, env: tt.env, config: tt.config})
			}
			var e *spec.Error
			if !errors.As(err, &e) || e.Code != spec.CodeInvalidInput || !strings.Contains(e.Message, tt.want) {
				t.Errorf("error = %v, want invalid_input mentioning %q", err, tt.want)
			}
		})
	}
}

func TestSignatureCommitterIgnoresOverride(t *testing.T) {
	env := map[string]string{"GIT_COMMITTER_DATE": "@1 +0000"}
	got, err := signature(roleCommitter, "Over <o@x>", source(env, map[string]string{"user.name": "U", "user.email": "u@x"}), time.Now())
	if err != nil || got != "U <u@x> 1 +0000" {
		t.Errorf("committer = %q, %v", got, err)
	}
}

func mapEnv(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// source is the identity source of a test's environment and config.
func source(env, config map[string]string) ident.Source {
	return ident.Source{Env: mapEnv(env), Config: mapConfig(config), UseConfigOnly: config["user.useConfigOnly"] == "true"}
}

func mapConfig(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// gitIdent returns the identity real git writes for c: git var for plain
// cases, the author line of a git commit --author for overrides.
func gitIdent(t *testing.T, c identityCase, tz string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "repo")
	identityGit(t, dir, c, tz, "init", "-q", dir)
	if c.author == "" {
		return strings.TrimSuffix(identityGit(t, dir, c, tz, "var", "GIT_"+strings.ToUpper(c.role)+"_IDENT"), "\n")
	}
	identityGit(t, dir, c, tz, "commit", "-q", "--allow-empty", "-m", "x", "--author="+c.author)
	raw := identityGit(t, dir, c, tz, "cat-file", "commit", "HEAD")
	for _, line := range strings.Split(raw, "\n") {
		if v, ok := strings.CutPrefix(line, c.role+" "); ok {
			return v
		}
	}
	t.Fatalf("no %s line in\n%s", c.role, raw)
	return ""
}

// gitVarRefuses checks that git var refuses c's identity too.
func gitVarRefuses(t *testing.T, c identityCase) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "repo")
	identityGit(t, dir, c, "UTC", "init", "-q", dir)
	var args []string
	for k, v := range c.config {
		args = append(args, "-c", k+"="+v)
	}
	cmd := exec.Command("git", append(args, "-C", dir, "var", "GIT_"+strings.ToUpper(c.role)+"_IDENT")...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + fixtures.Home(dir), "GIT_CONFIG_NOSYSTEM=1"}
	for k, v := range c.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	if out, err := cmd.CombinedOutput(); err == nil {
		t.Errorf("git var accepts what gitedit refuses: %s", out)
	}
}

// identityGit runs git isolated from the machine, with only c's environment and
// configuration (passed with -c).
func identityGit(t *testing.T, dir string, c identityCase, tz string, args ...string) string {
	t.Helper()
	keys := make([]string, 0, len(c.config))
	for k := range c.config {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var full []string
	for _, k := range keys {
		full = append(full, "-c", k+"="+c.config[k])
	}
	cmd := exec.Command("git", append(full, args...)...)
	_ = os.MkdirAll(dir, 0o755)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + fixtures.Home(dir), "GIT_CONFIG_NOSYSTEM=1", "TZ=" + tz}
	for k, v := range c.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	if c.author != "" { // git commit needs a committer too
		cmd.Env = append(cmd.Env, "GIT_COMMITTER_NAME=C", "GIT_COMMITTER_EMAIL=c@x")
	}
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("git %v: %v: %s", args, err, stderr.String())
	}
	return out.String()
}
