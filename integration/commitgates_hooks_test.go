package integration

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// hookRepo is a repository with a.txt and b.txt committed.
func hookRepo(t *testing.T) string {
	t.Helper()
	return fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "b.txt": "alpha\n", "sub/c.txt": "c\n"})
}

// installHook writes an executable hook script into dir/.git/hooks (or
// the folder given).
func installHook(t *testing.T, hooksDir, name, script string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(hooksDir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(hooksDir, name), []byte("#!/bin/sh\n"+script), 0o755))
}

// recordingHooks installs the five hooks, each appending its name, its
// arguments, its folder, the git variables it sees and its standard input
// (reference-transaction) to log.
func recordingHooks(t *testing.T, dir, log string) {
	for _, h := range []string{"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "reference-transaction"} {
		script := `{ echo "== ` + h + ` $# $* $(pwd)"; env | grep -E '^(GIT_|PATH=)' | sort; } >> '` + log + `'` + "\n"
		if h == "reference-transaction" {
			script += "cat >> '" + log + "'\n"
		}
		installHook(t, filepath.Join(dir, ".git", "hooks"), h, script)
	}
}

var (
	hexID     = regexp.MustCompile(`[0-9a-f]{40}`)
	nextIndex = regexp.MustCompile(`next-index-[0-9]+\.lock`)
)

// normalizedLog reads a hook log with the repository folder, object ids
// and process ids masked.
func normalizedLog(t *testing.T, log, dir string) string {
	data, err := os.ReadFile(log)
	require.NoError(t, err)
	s := strings.ReplaceAll(string(data), dir, "REPO")
	s = hexID.ReplaceAllString(s, "ID")
	return nextIndex.ReplaceAllString(s, "next-index-PID.lock")
}

func TestHooksRunAsGitCommitRunsThem(t *testing.T) {
	for _, c := range []struct {
		name   string
		git    []string // the git commit that commits what the batch commits
		staged bool     // another staged change the commit leaves staged
	}{
		{name: "whole index", git: []string{"commit", "-q", "-a", "-m", "m"}},
		{name: "partial commit", git: []string{"commit", "-q", "-m", "m", "--", "../a.txt"}, staged: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			logs := map[string]string{}
			for _, who := range []string{"git", "gitedit"} {
				dir := hookRepo(t)
				log := filepath.Join(t.TempDir(), "log")
				recordingHooks(t, dir, log)
				if c.staged {
					write(t, dir, "b.txt", "beta\n")
					git(t, dir, "add", "b.txt")
				}
				sub := filepath.Join(dir, "sub")
				env := fixtures.Env(fixtures.Home(dir))
				if who == "git" {
					write(t, dir, "a.txt", "uno\n")
					r := runIn(t, sub, env, "", "git", c.git...)
					require.Equal(t, 0, r.code, r.stderr)
				} else {
					r := runIn(t, sub, env, "", "gitedit", "edit", "../a.txt", "--old", "one", "--new", "uno", "--commit", "-m", "m")
					require.Equal(t, 0, r.code, r.stderr)
				}
				logs[who] = normalizedLog(t, log, dir)
				if c.staged {
					require.Equal(t, "M  b.txt", git(t, dir, "status", "--porcelain"), who)
				}
			}
			require.Equal(t, logs["git"], logs["gitedit"])
			require.Contains(t, logs["git"], "== reference-transaction 1 committed")
		})
	}
}

func TestRefusingHooksChangeNothing(t *testing.T) {
	for _, hook := range []string{"pre-commit", "prepare-commit-msg", "commit-msg", "reference-transaction"} {
		t.Run(hook, func(t *testing.T) {
			dir := hookRepo(t)
			script := "echo 'policy: no commits today' >&2\nexit 1\n"
			if hook == "reference-transaction" {
				script = "[ \"$1\" = prepared ] || exit 0\n" + script
			}
			installHook(t, filepath.Join(dir, ".git", "hooks"), hook, script)
			write(t, dir, "b.txt", "beta\n")
			git(t, dir, "add", "b.txt") // a staged change that must stay staged
			before := take(t, dir)
			m, r := jsonResult(t, dir, "", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
			require.Equal(t, 1, r.code, r.stderr)
			e := m["error"].(map[string]any)
			require.Equal(t, "conflict", e["code"])
			require.Contains(t, e["message"], "policy: no commits today")
			requireUnchanged(t, before, take(t, dir))
			require.NoFileExists(t, filepath.Join(dir, ".git", "index.lock"))
			g := runIn(t, dir, fixtures.Env(fixtures.Home(dir)), "", "git", "commit", "-qm", "x")
			require.NotEqual(t, 0, g.code, "git commit passes the hook gitedit failed")
		})
	}
}

func TestMessageHooksRewriteTheMessage(t *testing.T) {
	dir := hookRepo(t)
	hooks := filepath.Join(dir, ".git", "hooks")
	installHook(t, hooks, "prepare-commit-msg", `sed -i '1s/^/[PROJ-1] /' "$1"`+"\n")
	installHook(t, hooks, "commit-msg", `printf 'Change-Id: I123\n' >> "$1"`+"\n")
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "-m", "Rename one")
	msg := git(t, dir, "log", "-1", "--format=%B")
	require.True(t, strings.HasPrefix(msg, "[PROJ-1] Rename one\n"), msg)
	trailers := git(t, dir, "log", "-1", "--format=%(trailers:only,unfold)")
	require.Contains(t, trailers, "Edit-Tool: edit")
	require.Contains(t, trailers, "Change-Id: I123")
	require.Contains(t, ok(t, dir, "log").stdout, "Rename one", "gitedit log still finds the commit")

	installHook(t, hooks, "commit-msg", `printf 'just a subject\n' > "$1"`+"\n")
	before := take(t, dir)
	r := gitedit(t, dir, "", "edit", "a.txt", "--old", "uno", "--new", "dos", "--commit")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "trailer")
	requireUnchanged(t, before, take(t, dir))

	// Trailers pushed out of the last paragraph no longer parse as trailers.
	installHook(t, hooks, "commit-msg", `printf '\nSee also: the wiki\n' >> "$1"`+"\n")
	r = gitedit(t, dir, "", "edit", "a.txt", "--old", "uno", "--new", "dos", "--commit")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "trailer block")
	requireUnchanged(t, before, take(t, dir))

	installHook(t, hooks, "commit-msg", `: > "$1"`+"\n")
	r = gitedit(t, dir, "", "edit", "a.txt", "--old", "uno", "--new", "dos", "--commit")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "empty commit message")
	requireUnchanged(t, before, take(t, dir))
}

func TestNoVerifySkipsPreCommitAndCommitMsg(t *testing.T) {
	dir := hookRepo(t)
	hooks := filepath.Join(dir, ".git", "hooks")
	log := filepath.Join(t.TempDir(), "log")
	for _, h := range []string{"pre-commit", "commit-msg"} {
		installHook(t, hooks, h, "exit 1\n")
	}
	installHook(t, hooks, "prepare-commit-msg", "echo prepare >> '"+log+"'\n")
	installHook(t, hooks, "post-commit", "echo post >> '"+log+"'\n")
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "--no-verify")
	data, err := os.ReadFile(log)
	require.NoError(t, err)
	require.Equal(t, "prepare\npost\n", string(data), "git commit --no-verify still runs prepare-commit-msg and post-commit")
}

func TestCoreHooksPathIsHonoured(t *testing.T) {
	dir := hookRepo(t)
	git(t, dir, "config", "core.hooksPath", "team-hooks")
	installHook(t, filepath.Join(dir, ".git", "hooks"), "pre-commit", "exit 0\n")
	installHook(t, filepath.Join(dir, "team-hooks"), "pre-commit", "echo 'team policy refuses' >&2\nexit 1\n")
	git(t, dir, "add", "team-hooks")
	git(t, dir, "commit", "-qm", "hooks", "--no-verify")
	r := gitedit(t, dir, "", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "team policy refuses")
	require.NoError(t, os.Chmod(filepath.Join(dir, "team-hooks", "pre-commit"), 0o644))
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "uno", "--commit") // not executable: ignored, as by git
}

func TestPreCommitRunningGiteditCheckRefusesWhatItWouldChange(t *testing.T) {
	dir := hookRepo(t)
	write(t, dir, ".gitedit.yaml", "- name: no-todo\n  files: [\"*.txt\"]\n  edits:\n    - old_string: TODO\n      new_string: DONE\n")
	git(t, dir, "add", ".gitedit.yaml")
	git(t, dir, "commit", "-qm", "recipe")
	installHook(t, filepath.Join(dir, ".git", "hooks"), "pre-commit", "exec '"+binary+"' run --check --lock-timeout 2s\n")
	ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
	require.Equal(t, "uno\n", read(t, dir, "a.txt"))

	before := take(t, dir)
	r := gitedit(t, dir, "", "edit", "a.txt", "--old", "uno", "--new", "TODO", "--commit")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "pre-commit hook refused")
	requireUnchanged(t, before, take(t, dir))
	// The files were written for the hook and put back: same content, new
	// stat data, which git status refreshes without showing a change.
	require.Empty(t, git(t, dir, "status", "--porcelain"))
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress")
	require.NoError(t, err, out)
}

func TestPreCommitHookWritingInsideGiteditIsRefusedWithoutDeadlock(t *testing.T) {
	// A nested gitedit that writes (stages) in the hooks' index, and one
	// that commits: the first changes the index the commit is made from,
	// which gitedit refuses; the second moves the branch, which makes the
	// outer batch's compare-and-swap fail. Neither deadlocks.
	dir := hookRepo(t)
	hooks := filepath.Join(dir, ".git", "hooks")
	installHook(t, hooks, "pre-commit", "'"+binary+"' edit b.txt --old alpha --new beta --lock-timeout 2s >&2\n")
	before := take(t, dir)
	r := gitedit(t, dir, "", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "changed the index")
	after := take(t, dir)
	require.Equal(t, before.refs, after.refs)
	require.Equal(t, before.index, after.index)
	require.Equal(t, "one\n", read(t, dir, "a.txt"))
	require.NoFileExists(t, filepath.Join(dir, ".git", "index.lock"))

	git(t, dir, "checkout", "-q", "--", "b.txt")
	installHook(t, hooks, "pre-commit", "unset GIT_INDEX_FILE; '"+binary+"' edit b.txt --old alpha --new beta --commit --lock-timeout 2s >&2\n")
	r = gitedit(t, dir, "", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
	require.NotEqual(t, 0, r.code, "the outer batch must not commit over the nested one: %s", r.stderr)
	require.Equal(t, "one\n", read(t, dir, "a.txt"))
}

func TestPreCommitStagingIsRefused(t *testing.T) {
	dir := hookRepo(t)
	installHook(t, filepath.Join(dir, ".git", "hooks"), "pre-commit", "echo formatted >> b.txt && git add b.txt\n")
	before := take(t, dir)
	r := gitedit(t, dir, "", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "changed the index")
	after := take(t, dir)
	require.Equal(t, before.index, after.index)
	require.Equal(t, before.refs, after.refs)
	require.Equal(t, "one\n", read(t, dir, "a.txt"))
}

func TestSignedCommitVerifiesWithWhatHooksAdded(t *testing.T) {
	s := sshSignRepo(t)
	installHook(t, filepath.Join(s.dir, ".git", "hooks"), "commit-msg", `printf 'Reviewed-by: hook\n' >> "$1"`+"\n")
	r := runIn(t, s.dir, s.env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
	require.Equal(t, 0, r.code, r.stderr)
	s.verified(t, "HEAD")
	require.Contains(t, git(t, s.dir, "log", "-1", "--format=%B"), "Reviewed-by: hook")
}

func TestHooksRunForBothCommitsOfCommitFirst(t *testing.T) {
	dir := hookRepo(t)
	log := filepath.Join(t.TempDir(), "log")
	hooks := filepath.Join(dir, ".git", "hooks")
	installHook(t, hooks, "pre-commit", "echo pre >> '"+log+"'\n")
	installHook(t, hooks, "commit-msg", `printf 'Ticket: T-1\n' >> "$1"; echo msg >> '`+log+"'\n")
	installHook(t, hooks, "post-commit", "echo post >> '"+log+"'\n")
	write(t, dir, "a.txt", "one\nby hand\n")
	ok(t, dir, "edit", "a.txt", "--old", "by hand", "--new", "by agent", "--commit", "--dirty", "commit-first")
	data, err := os.ReadFile(log)
	require.NoError(t, err)
	require.Equal(t, "pre\nmsg\nmsg\npost\n", string(data))
	for _, rev := range []string{"HEAD", "HEAD~1"} {
		require.Contains(t, git(t, dir, "log", "-1", "--format=%B", rev), "Ticket: T-1", rev)
	}
	require.Contains(t, git(t, dir, "log", "-1", "--format=%s", "HEAD~1"), "Commit existing changes")
	ok(t, dir, "undo")
	require.Equal(t, "one\nby hand\n", read(t, dir, "a.txt"))
}
