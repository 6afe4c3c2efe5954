package demo

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// newDemo returns a demo in a new folder, with git's environment that of
// the fixtures (no user configuration).
func newDemo(t *testing.T) (*demo, *bytes.Buffer) {
	dir := filepath.Join(t.TempDir(), "demo")
	for _, kv := range fixtures.Env(fixtures.Home(dir)) {
		if k, v, ok := strings.Cut(kv, "="); ok && (strings.HasPrefix(k, "GIT_") || k == "HOME" || k == "XDG_CONFIG_HOME") {
			t.Setenv(k, v)
		}
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	var out bytes.Buffer
	return &demo{ctx: context.Background(), dir: dir, w: &out}, &out
}

func TestDemoRunsAndLeavesAHealthyRepository(t *testing.T) {
	d, out := newDemo(t)
	require.NoError(t, RunIn(d.ctx, d.dir, out))

	text := out.String()
	for _, want := range []string{"Edit-Tool: edit", "Edit-Tool: multiedit", "Edit-Tool: undo", "Edit-Match:", "0001-", "0004-Revert-multiedit", "+func Greet(",
		"session demo-review: open, 2 batches", "[undone]", "Edit-Tool: land"} {
		require.Contains(t, text, want)
	}
	fixtures.Git(t, d.dir, "fsck", "--strict")
	require.Equal(t, "", fixtures.Git(t, d.dir, "status", "--porcelain"))
	require.Equal(t, "5\n", fixtures.Git(t, d.dir, "rev-list", "--count", "HEAD"))
}

// TestDemoSessionStepsDoWhatTheySay runs the demo step by step and checks,
// with git, what each session step did to the repository and the ledger.
func TestDemoSessionStepsDoWhatTheySay(t *testing.T) {
	d, out := newDemo(t)
	steps := d.steps()
	const firstSessionStep = 6
	for _, step := range steps[:firstSessionStep] {
		require.NoError(t, step())
	}
	git := func(args ...string) string { return fixtures.Git(t, d.dir, args...) }
	require.Equal(t, "", git("status", "--porcelain"), "the commit-mode part leaves nothing uncommitted")
	head := git("rev-parse", "HEAD")
	ledger := "refs/gitedit/sessions/" + review
	var tip, index string // the ledger's newest entry and the index's tree before the step

	checks := []func(string){
		func(text string) { // 6: two staged edits, no commit, two ledger entries
			require.Equal(t, "greet/greet.go\nmain.go\n", git("diff", "--cached", "--name-only"))
			require.Equal(t, "", git("diff", "--name-only"), "the files are as staged")
			require.Contains(t, git("show", ":main.go"), `fmt.Println(">", line)`)
			require.Equal(t, "edit main.go: replace 1 occurrence\nedit greet/greet.go: replace 1 occurrence\n",
				git("log", "-2", "--format=%s", ledger))
			require.Equal(t, "main.go\n", git("diff", "--name-only", ledger+"^", ledger), "the newest entry is exactly the second edit")
			require.Contains(t, text, "M  main.go")
		},
		func(text string) { // 7: session show changes nothing and shows both batches and the net diff
			require.Equal(t, "greet/greet.go\nmain.go\n", git("diff", "--cached", "--name-only"))
			require.Contains(t, text, "$ gitedit session show demo-review -p\nsession demo-review: open, 2 batches since "+head[:7])
			require.Contains(t, text, "+// Greet returns")
			require.Contains(t, text, "+\t\tfmt.Println(\">\", line)")
		},
		func(text string) { // 8: undo --last 1 takes back main.go only, on record
			require.Equal(t, "greet/greet.go\n", git("diff", "--cached", "--name-only"))
			require.Equal(t, git("show", "HEAD:main.go"), git("show", ":main.go"))
			require.Contains(t, git("show", ":greet/greet.go"), "// Greet returns")
			trailers := git("log", "-1", "--format=%(trailers)", ledger)
			require.Contains(t, trailers, "Edit-Tool: undo")
			require.Contains(t, trailers, "Edit-Undoes: "+tip, "the undo names the entry it took back")
			require.Contains(t, text, "edit main.go: replace 1 occurrence [undone]")
			require.Contains(t, text, "-\t\tfmt.Println(\">\", line)\n+\t\tfmt.Println(line)")
		},
		func(text string) { // 9: land commits the index's tree as git commit would, and nothing else
			require.Equal(t, head, git("rev-parse", "HEAD^"), "one commit on the branch")
			require.Equal(t, index, git("rev-parse", "HEAD^{tree}"), "the tree git commit of the staged change makes")
			require.Equal(t, "greet/greet.go\n", git("diff", "--name-only", "HEAD^", "HEAD"))
			require.Equal(t, "", git("status", "--porcelain"))
			msg := git("log", "-1", "--format=%B")
			require.True(t, strings.HasPrefix(msg, landMessage+"\n"), msg)
			for _, tr := range []string{"Edit-Tool: land", "Edit-Session: " + review, "Edit-Batches: 1"} {
				require.Contains(t, msg, tr)
			}
			require.Equal(t, "land", strings.TrimSpace(git("log", "-1", "--format=%(trailers:key=Edit-Tool,valueonly)", ledger)), "the land is on record")
			require.Contains(t, text, review+"   landed")
		},
	}
	require.Len(t, steps, firstSessionStep+len(checks))
	for i, check := range checks {
		out.Reset()
		tip, _ = fixtures.RunGit(d.dir, "rev-parse", "-q", "--verify", ledger)
		tip = strings.TrimSpace(tip)
		index = git("write-tree")
		require.NoError(t, steps[firstSessionStep+i]())
		check(out.String())
		if i < len(checks)-1 {
			require.Equal(t, head, git("rev-parse", "HEAD"), "no session step before land commits")
		}
	}
	fixtures.Git(t, d.dir, "fsck", "--strict")
}
