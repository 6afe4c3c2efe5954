package history

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// revRepo builds a history with a merge, tags (annotated, lightweight,
// one named like a branch), a remote-tracking branch set as upstream,
// checkouts in HEAD's reflog and commits one minute apart.
func revRepo(t *testing.T) string {
	t.Helper()
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	n := 0
	gitAt := func(args ...string) string {
		n++
		date := fmt.Sprintf("GIT_COMMITTER_DATE=2026-02-01T10:%02d:00Z", n)
		out, err := fixtures.GitEnv(dir, dir, []string{date, strings.Replace(date, "COMMITTER", "AUTHOR", 1)}, args...)
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return strings.TrimSpace(out)
	}
	commit := func(file, msg string) {
		fixtures.WriteFiles(t, dir, map[string]string{file: msg + "\n"})
		gitAt("add", file)
		gitAt("commit", "-q", "-m", msg)
	}
	commit("b.txt", "fix: alpha bug")
	gitAt("tag", "-a", "-m", "release", "v1")
	gitAt("checkout", "-q", "-b", "feature")
	commit("c.txt", "feature work\n\nbody line")
	gitAt("tag", "dup")
	gitAt("checkout", "-q", "main")
	commit("d.txt", "main work")
	gitAt("merge", "-q", "--no-ff", "-m", "merge feature", "feature")
	gitAt("branch", "dup", "HEAD~1")
	gitAt("update-ref", "refs/remotes/origin/main", "HEAD~1")
	gitAt("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main")
	gitAt("config", "branch.main.remote", "origin")
	gitAt("config", "branch.main.merge", "refs/heads/main")
	gitAt("config", "remote.origin.fetch", "+refs/heads/*:refs/remotes/origin/*")
	commit("e.txt", "alpha again")
	return dir
}

// TestResolveMatchesGitRevParse resolves revisions of every form git
// rev-parse reads and compares with `git rev-parse --verify REV`, peeled
// to a commit; what git refuses, or names no commit, is invalid_input
// here.
func TestResolveMatchesGitRevParse(t *testing.T) {
	dir := revRepo(t)
	tr := openRepo(t, dir)
	h, err := openHistory(tr.r)
	if err != nil {
		t.Fatal(err)
	}
	defer h.close()
	short := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "--short=7", "HEAD~2"))
	full := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD~1"))
	good := []string{"HEAD", "@", "main", "refs/heads/main", "heads/main", "v1", "v1^{}", "v1^{commit}", "v1~1",
		"dup", "feature", "HEAD~1", "HEAD^", "HEAD~1^2", "HEAD^0", "HEAD~2", "HEAD~1^2~1", "main@{1}", "main@{0}",
		"@{1}", "HEAD@{2}", "@{-1}", "@{-2}", "@{u}", "main@{upstream}", "main@{U}", "origin/main", "origin",
		":/alpha", ":/feature", ":/!-alpha", "HEAD^{/work}", "feature^{/alpha}", ":/body line", short, full,
		short + "~1", "v1-3-g" + short, "  HEAD~1  ", "main@{1}~1", "HEAD^{commit}~1", "ORIG_HEAD"}
	for _, rev := range good {
		id, err := fixtures.RunGit(dir, "rev-parse", "--verify", "-q", strings.TrimSpace(rev))
		if err != nil {
			t.Fatalf("git rev-parse %s: %v", rev, err)
		}
		want := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "--verify", strings.TrimSpace(id)+"^{commit}"))
		got, err := h.resolve(rev)
		if err != nil || got.String() != want {
			t.Errorf("resolve(%q) = %s, %v; git rev-parse: %s", rev, got, err, want)
		}
	}
	blob := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD:a.txt"))
	bad := []string{"HEAD:a.txt", ":a.txt", ":0:a.txt", "HEAD^{tree}", blob, blob[:8], "nosuch", "HEAD~99", "HEAD^3",
		"main@{99}", "v1^{tag}~1^{tag}", ":/no such message", "", "deadbeef", "HEAD^{bogus}", ":/"}
	for _, rev := range bad {
		if id, err := fixtures.RunGit(dir, "rev-parse", "--verify", "-q", rev+"^{commit}"); err == nil && !strings.HasPrefix(rev, ":/") {
			t.Fatalf("git rev-parse resolves %q to %s", rev, id)
		}
		if got, err := h.resolve(rev); spec.CodeOf(err) != spec.CodeInvalidInput {
			t.Errorf("resolve(%q) = %s, %v; want invalid_input", rev, got, err)
		}
	}
	// Forms gitedit does not read are refused with a clear reason.
	for _, rev := range []string{"main@{yesterday}", "@{push}"} {
		if _, err := h.resolve(rev); spec.CodeOf(err) != spec.CodeInvalidInput || !strings.Contains(err.Error(), "git rev-parse") {
			t.Errorf("resolve(%q): %v", rev, err)
		}
	}
}

// TestLongRevisionsCostLinearTime: a revision of 1,000 "~" is parsed in
// one pass (it took a regular expression per suffix, quadratic: 10,000
// took 12 s), and one longer than maxRevLen is refused at once.
func TestLongRevisionsCostLinearTime(t *testing.T) {
	dir := revRepo(t)
	h, err := openHistory(openRepo(t, dir).r)
	if err != nil {
		t.Fatal(err)
	}
	defer h.close()
	start := time.Now()
	for _, rev := range []string{"HEAD" + strings.Repeat("~", 1000), "HEAD" + strings.Repeat("~", 100000)} {
		if _, err := h.resolve(rev); spec.CodeOf(err) != spec.CodeInvalidInput {
			t.Errorf("resolve(%d bytes): %v", len(rev), err)
		}
	}
	if got, err := h.resolve("HEAD" + strings.Repeat("^{}", 300) + "~1"); err != nil || got.String() != strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD~1")) {
		t.Errorf("300 peels then ~1: %s, %v", got, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}
