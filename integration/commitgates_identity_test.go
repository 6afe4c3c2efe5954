package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// identitySetup is one way a team sets its identity: a global config
// (with the files it includes), repository config, and environment.
type identitySetup struct {
	name   string
	global string            // ~/.gitconfig
	files  map[string]string // more files under HOME
	local  [][2]string       // git config KEY VALUE in the repository
	env    []string
	branch string // checked out before the commit ("" keeps main)
}

func TestIdentityFromEverySourceMatchesGitVar(t *testing.T) {
	cases := []identitySetup{
		{name: "user.* in global config", global: "[user]\n\tname = Global U\n\temail = g@x\n"},
		{name: "include.path relative", global: "[include]\n\tpath = inc/id.inc\n", files: map[string]string{"inc/id.inc": "[user]\n name = Included\n email = inc@x\n"}},
		{name: "include.path ~/", global: "[include]\n\tpath = ~/id2.inc\n", files: map[string]string{"id2.inc": "[user]\n name = Tilde\n email = t@x\n"}},
		{name: "includeIf gitdir: matches", global: "[user]\n name = Outside\n email = o@x\n[includeIf \"gitdir:@REPO@/\"]\n path = work.inc\n", files: map[string]string{"work.inc": "[user]\n name = Work Self\n email = work@corp\n"}},
		{name: "includeIf gitdir: ./ relative to the file, .. not resolved", global: "[user]\n name = Outside\n email = o@x\n[includeIf \"gitdir:./../repo/\"]\n path = work.inc\n", files: map[string]string{"work.inc": "[user]\n name = Dot Rel\n email = dr@corp\n"}},
		{name: "includeIf gitdir: relative pattern", global: "[user]\n name = Outside\n email = o@x\n[includeIf \"gitdir:repo/.git\"]\n path = work.inc\n", files: map[string]string{"work.inc": "[user]\n name = Rel Work\n email = rel@corp\n"}},
		{name: "includeIf gitdir: no match", global: "[user]\n name = Outside\n email = o@x\n[includeIf \"gitdir:/nowhere/\"]\n path = work.inc\n", files: map[string]string{"work.inc": "[user]\n name = Never\n email = never@corp\n"}},
		{name: "includeIf gitdir/i: case folded", global: "[user]\n name = Outside\n email = o@x\n[includeIf \"gitdir/i:**/REPO/\"]\n path = work.inc\n", files: map[string]string{"work.inc": "[user]\n name = Folded\n email = f@corp\n"}},
		{name: "includeIf gitdir: case sensitive", global: "[user]\n name = Outside\n email = o@x\n[includeIf \"gitdir:**/REPO/\"]\n path = work.inc\n", files: map[string]string{"work.inc": "[user]\n name = Never\n email = n@corp\n"}},
		{name: "includeIf onbranch: matches", global: "[user]\n name = Outside\n email = o@x\n[includeIf \"onbranch:feature/\"]\n path = br.inc\n", files: map[string]string{"br.inc": "[user]\n name = Feature Dev\n email = fd@x\n"}, branch: "feature/x"},
		{name: "includeIf onbranch: other branch", global: "[user]\n name = Outside\n email = o@x\n[includeIf \"onbranch:feature/\"]\n path = br.inc\n", files: map[string]string{"br.inc": "[user]\n name = Never\n email = n@x\n"}},
		{name: "includeIf hasconfig:remote.*.url:", global: "[user]\n name = Outside\n email = o@x\n[includeIf \"hasconfig:remote.*.url:https://corp.example/**\"]\n path = corp.inc\n", files: map[string]string{"corp.inc": "[user]\n name = Corp Remote\n email = cr@corp\n"}, local: [][2]string{{"remote.origin.url", "https://corp.example/team/repo.git"}}},
		{name: "includeIf hasconfig: no remote matches", global: "[user]\n name = Outside\n email = o@x\n[includeIf \"hasconfig:remote.*.url:https://corp.example/**\"]\n path = corp.inc\n", files: map[string]string{"corp.inc": "[user]\n name = Never\n email = n@corp\n"}, local: [][2]string{{"remote.origin.url", "https://other.example/repo.git"}}},
		{name: "author.* and committer.*", global: "[user]\n name = U\n email = u@x\n[author]\n name = The Author\n email = au@x\n[committer]\n name = The Committer\n email = co@x\n"},
		{name: "local beats global", global: "[user]\n name = Global\n email = g@x\n", local: [][2]string{{"user.name", "Local"}, {"user.email", "l@x"}}},
		{name: "EMAIL variable", global: "[user]\n name = U\n", env: []string{"EMAIL=env@mail"}},
		{name: "GIT_* variables beat config", global: "[user]\n name = U\n email = u@x\n", env: []string{"GIT_AUTHOR_NAME=Env Author", "GIT_COMMITTER_EMAIL=envc@x"}},
		{name: "useConfigOnly with config", global: "[user]\n useConfigOnly = true\n name = U\n email = u@x\n", env: []string{"EMAIL=ignored@x"}},
		{name: "GIT_CONFIG_PARAMETERS", global: "[user]\n name = U\n email = u@x\n", env: []string{"GIT_CONFIG_PARAMETERS='user.name'='Dash C'"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := identityRepo(t, c)
			env := gateEnv(dir, c.env...)
			r := runIn(t, dir, env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "two", "--commit")
			require.Equal(t, 0, r.code, "stderr: %s", r.stderr)
			for _, role := range []string{"author", "committer"} {
				v := runIn(t, dir, env, "", "git", "var", "GIT_"+strings.ToUpper(role)+"_IDENT")
				require.Equal(t, 0, v.code, v.stderr)
				require.Equal(t, maskTime(strings.TrimSpace(v.stdout)), maskTime(headerLine(t, dir, "HEAD", role)), role)
			}
		})
	}
}

func TestIdentityRefusedWhereGitRefuses(t *testing.T) {
	cases := []identitySetup{
		{name: "useConfigOnly without email", global: "[user]\n useConfigOnly = true\n name = U\n", env: []string{"EMAIL=e@x"}},
		{name: "useConfigOnly without name", global: "[user]\n useConfigOnly = true\n email = u@x\n"},
		{name: "empty GIT_AUTHOR_NAME", global: "[user]\n name = U\n email = u@x\n", env: []string{"GIT_AUTHOR_NAME="}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := identityRepo(t, c)
			env := gateEnv(dir, c.env...)
			before := take(t, dir)
			r := runIn(t, dir, env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "two", "--commit")
			require.Equal(t, 2, r.code, "stdout: %s stderr: %s", r.stdout, r.stderr)
			requireUnchanged(t, before, take(t, dir))
			g := runIn(t, dir, env, "", "git", "commit", "--allow-empty", "-qm", "x")
			require.NotEqual(t, 0, g.code, "git commit accepted the identity gitedit refused")
		})
	}
}

// identityRepo builds a repository with a.txt committed and the setup's
// config files.
func identityRepo(t *testing.T, c identitySetup) string {
	t.Helper()
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	home := fixtures.Home(dir)
	global := strings.ReplaceAll(c.global, "@REPO@", dir) // an absolute gitdir: pattern
	require.NoError(t, os.WriteFile(filepath.Join(home, ".gitconfig"), []byte(global), 0o644))
	for rel, content := range c.files {
		fixtures.WriteFiles(t, home, map[string]string{rel: content})
	}
	for _, kv := range c.local {
		git(t, dir, "config", kv[0], kv[1])
	}
	if c.branch != "" {
		git(t, dir, "checkout", "-q", "-b", c.branch)
	}
	return dir
}

func TestCommitEncodingHeaderAsGitWritesIt(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	git(t, dir, "config", "i18n.commitEncoding", "ISO-8859-1")
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "two", "--commit", "-m", "plain ASCII")
	ours := headerLine(t, dir, "HEAD", "encoding")
	git(t, dir, "commit", "--allow-empty", "-qm", "by git")
	require.Equal(t, headerLine(t, dir, "HEAD", "encoding"), ours)
	require.Equal(t, "ISO-8859-1", ours)
	require.Equal(t, "plain ASCII", git(t, dir, "log", "-1", "--skip=1", "--format=%s"))

	before := take(t, dir)
	r := gitedit(t, dir, "", "edit", "a.txt", "--old", "two", "--new", "three", "--commit", "-m", "café")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "unsupported")
	requireUnchanged(t, before, take(t, dir))

	git(t, dir, "config", "i18n.commitEncoding", "utf8")
	ok(t, dir, "edit", "a.txt", "--old", "two", "--new", "three", "--commit", "-m", "café")
	require.Empty(t, headerLine(t, dir, "HEAD", "encoding"), "UTF-8 needs no header")
}
