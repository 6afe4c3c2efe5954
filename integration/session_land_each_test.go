package integration

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// gitAmSeries exports session id of dir with series --session, applies
// the patches (all, or those whose 1-based numbers keep lists) with git
// am on HEAD of a copy of dir whose session changes are discarded, and
// returns the copy.
func gitAmSeries(t *testing.T, dir, id string, keep ...int) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "series")
	ok(t, dir, "series", "--session", id, "-o", out)
	names, err := filepath.Glob(filepath.Join(out, "*.patch"))
	require.NoError(t, err)
	sort.Strings(names)
	if keep != nil {
		var kept []string
		for _, n := range keep {
			kept = append(kept, names[n-1])
		}
		names = kept
	}
	cp := copyRepo(t, dir)
	git(t, cp, "reset", "-q", "--hard", "HEAD")
	git(t, cp, append([]string{"am", "-q"}, names...)...)
	return cp
}

// commitTrees lists the tree ids of the commits of dir from base to HEAD,
// oldest first.
func commitTrees(t *testing.T, dir, base string) []string {
	t.Helper()
	var out []string
	for _, c := range strings.Fields(git(t, dir, "rev-list", "--reverse", base+"..HEAD")) {
		out = append(out, git(t, dir, "rev-parse", c+"^{tree}"))
	}
	return out
}

// defaultLandTree is the tree the default land of session id makes, on a
// copy of dir.
func defaultLandTree(t *testing.T, dir, id string) string {
	t.Helper()
	cp := copyRepo(t, dir)
	ok(t, cp, "session", "land", id)
	return git(t, cp, "rev-parse", "HEAD^{tree}")
}

// land --each of a staging-mode session with a batch undone in the
// middle makes the commits git am of series --session makes on the same
// HEAD, tree by tree and message by message; its last tree is the
// default land's; the session is landed and the ledger names the last
// commit; a second land changes nothing.
func TestSessionLandEachMatchesGitAmOfTheSeries(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "gone.txt": "bye\n", "g.txt": tenLines})
	base := git(t, dir, "rev-parse", "HEAD")
	sessionEdit(t, dir, "s", "f.txt", "l1", "s1")
	sessionEdit(t, dir, "s", "f.txt", "l5", "s5")
	ok(t, dir, "undo", "--session", "s", "--last", "1")
	ok(t, dir, "edit", "d/new.txt", "--old", "", "--new", "new\n", "--session", "s")
	_, r0 := jsonResult(t, dir, deleteGone, "patch", "-", "--session", "s")
	require.Equal(t, 0, r0.code, r0.stderr)
	sessionEdit(t, dir, "s", "f.txt", "l9", "s9")
	sessionEdit(t, dir, "s", "g.txt", "l2", "s2")
	am := gitAmSeries(t, dir, "s")
	want := defaultLandTree(t, dir, "s")

	m, r := jsonResult(t, dir, "", "session", "land", "s", "--each")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Len(t, m["commits"], 5)
	require.Equal(t, commitTrees(t, am, base), commitTrees(t, dir, base))
	require.Equal(t, git(t, am, "log", "--format=%an <%ae> %ad%n%B", base+"..HEAD"), git(t, dir, "log", "--format=%an <%ae> %ad%n%B", base+"..HEAD"))
	require.Equal(t, want, git(t, dir, "rev-parse", "HEAD^{tree}"))
	require.NotContains(t, git(t, dir, "log", "--format=%B", base+"..HEAD"), "s5")
	require.Equal(t, 5, strings.Count(git(t, dir, "log", "--format=%B", base+"..HEAD"), "Edit-Session: s\n"))
	requireSessionState(t, dir, "s", "landed")
	require.Equal(t, git(t, dir, "rev-parse", "HEAD"), git(t, dir, "rev-parse", ledgerRef("s")+"^2"))
	require.Contains(t, git(t, dir, "log", "-1", "--format=%B", ledgerRef("s")), "Edit-Tool: land\n")
	require.Len(t, strings.Split(git(t, dir, "reflog", "--format=%gs"), "\n"), 2, "the branch moved once")
	requireClean(t, dir)
	m, r = jsonResult(t, dir, "", "session", "land", "s", "--each")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Equal(t, false, m["changed"])
}

// Batches already committed (commit mode) are not committed again: the
// commits are those git am of the series without their patches makes on
// the same HEAD, and the last tree is the default land's. --author
// replaces every commit's author.
func TestSessionLandEachSkipsCommittedBatches(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": tenLines, "b.txt": tenLines, "c.txt": tenLines})
	sessionEdit(t, dir, "s", "a.txt", "l1", "a1")
	sessionEdit(t, dir, "s", "b.txt", "l1", "b1", "--commit")
	sessionEdit(t, dir, "s", "a.txt", "l2", "a2")
	sessionEdit(t, dir, "s", "c.txt", "l1", "c1")
	head := git(t, dir, "rev-parse", "HEAD")
	am := gitAmSeries(t, dir, "s", 1, 3, 4)
	want := defaultLandTree(t, dir, "s")
	m, r := jsonResult(t, dir, "", "session", "land", "s", "--each", "--author", "Grace <grace@example.com>")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Len(t, m["commits"], 3)
	require.Equal(t, commitTrees(t, am, head), commitTrees(t, dir, head))
	require.Equal(t, strings.Repeat("Grace <grace@example.com>\n", 3), git(t, dir, "log", "--format=%an <%ae>", head+"..HEAD")+"\n",
		"--author names every commit's author")
	require.Equal(t, want, git(t, dir, "rev-parse", "HEAD^{tree}"))
	require.NotContains(t, git(t, dir, "log", "--format=%s", head+"..HEAD"), "b.txt")
	requireClean(t, dir)
}

// When another session changed a landed file between two of the
// session's batches, the land commits what the session's last batch
// left (SPEC 7): the other's change is in the commit of the batch that
// followed it, the last tree is the default land's, and the result marks
// the file outside_changes. The commits before the change are git am's.
func TestSessionLandEachWithAChangeFromOutside(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": tenLines})
	base := git(t, dir, "rev-parse", "HEAD")
	sessionEdit(t, dir, "a", "f.txt", "l1", "a1")
	sessionEdit(t, dir, "a", "g.txt", "l1", "a1")
	sessionEdit(t, dir, "b", "f.txt", "l5", "b5")
	sessionEdit(t, dir, "a", "f.txt", "l9", "a9")
	am := gitAmSeries(t, dir, "a")
	want := defaultLandTree(t, dir, "a")
	m, r := jsonResult(t, dir, "", "session", "land", "a", "--each")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	trees := commitTrees(t, dir, base)
	require.Len(t, trees, 3)
	require.Equal(t, commitTrees(t, am, base)[:2], trees[:2])
	require.Equal(t, want, trees[2])
	require.Contains(t, git(t, dir, "show", "HEAD"), "+b5")
	require.Equal(t, true, m["files"].([]any)[0].(map[string]any)["outside_changes"])
	requireClean(t, dir)
}

// gitState is every byte of a repository's working-tree files, index,
// refs and reflogs (not the objects, of which a refused batch may leave
// unreferenced ones, nor COMMIT_EDITMSG, which git too leaves written).
func gitState(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	gitDir := filepath.Join(dir, ".git")
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case p == gitDir:
			for _, name := range []string{"index", "HEAD", "packed-refs", "ORIG_HEAD"} {
				out[name] = digestFile(t, filepath.Join(gitDir, name))
			}
			for _, sub := range []string{"refs", "logs"} {
				require.NoError(t, filepath.WalkDir(filepath.Join(gitDir, sub), func(q string, e fs.DirEntry, err error) error {
					if err == nil && !e.IsDir() {
						out[q] = digestFile(t, q)
					}
					return err
				}))
			}
			return filepath.SkipDir
		case !d.IsDir():
			out[p] = digestFile(t, p)
		}
		return nil
	})
	require.NoError(t, err)
	return out
}

// A refused land --each changes nothing, byte for byte: a file changed
// since the session's last batch (dirty), a commit-msg hook refusing the
// second commit (no first commit either), -m (invalid_input).
func TestSessionLandEachRefusedChangesNothing(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": tenLines})
	sessionEdit(t, dir, "s", "f.txt", "l1", "s1")
	sessionEdit(t, dir, "s", "g.txt", "l1", "s1")
	write(t, dir, "g.txt", strings.Replace(read(t, dir, "g.txt"), "l9\n", "mine9\n", 1))
	before := gitState(t, dir)
	r := gitedit(t, dir, "", "session", "land", "s", "--each", "--json")
	require.Equal(t, "dirty", errorCode(r), r.stdout)
	require.Equal(t, before, gitState(t, dir))
	r = gitedit(t, dir, "", "session", "land", "s", "--each", "-m", "one", "--json")
	require.Equal(t, "invalid_input", errorCode(r), r.stdout)
	require.Equal(t, before, gitState(t, dir))

	write(t, dir, "g.txt", strings.Replace(read(t, dir, "g.txt"), "mine9\n", "l9\n", 1))
	installHook(t, filepath.Join(dir, ".git", "hooks"), "commit-msg", "! grep -q 'edit g.txt' \"$1\"\n")
	before = gitState(t, dir)
	r = gitedit(t, dir, "", "session", "land", "s", "--each", "--json")
	require.Equal(t, "conflict", errorCode(r), r.stdout)
	require.Equal(t, before, gitState(t, dir))
	requireSessionState(t, dir, "s", "open")
	require.NoError(t, os.Remove(filepath.Join(dir, ".git", "hooks", "commit-msg")))
	ok(t, dir, "session", "land", "s", "--each")
	require.Equal(t, "2", git(t, dir, "rev-list", "--count", "HEAD~2..HEAD"))
	requireHealthy(t, dir)
}

// Every commit of land --each passes the gates of a commit: each is
// signed (git verify-commit accepts it) and the message hooks run on
// each, pre-commit and post-commit once for the land.
func TestSessionLandEachCommitsPassTheGates(t *testing.T) {
	s := sshSignRepo(t)
	for _, old := range []string{"one", "two"} {
		r := runIn(t, s.dir, s.env, "", "gitedit", "edit", "a.txt", "--old", old, "--new", old+"!", "--session", "s")
		require.Equal(t, 0, r.code, r.stderr)
	}
	log := filepath.Join(t.TempDir(), "hooks.log")
	for _, h := range []string{"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit"} {
		installHook(t, filepath.Join(s.dir, ".git", "hooks"), h, "echo "+h+" >> '"+log+"'\n")
	}
	r := runIn(t, s.dir, s.env, "", "gitedit", "session", "land", "s", "--each")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	s.verified(t, "HEAD")
	s.verified(t, "HEAD~1")
	calls, err := os.ReadFile(log)
	require.NoError(t, err)
	require.Equal(t, "pre-commit\nprepare-commit-msg\ncommit-msg\nprepare-commit-msg\ncommit-msg\npost-commit\n", string(calls))
}

// objectFiles lists the files of dir's object folder.
func objectFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(filepath.Join(dir, ".git", "objects"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return err
	}))
	return out
}

// land --each --dry-run reports the commits it would make and writes
// nothing, not even an object, though its replay on HEAD (which moved
// since the session's batches) writes trees.
func TestSessionLandEachDryRunWritesNoObject(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines})
	sessionEdit(t, dir, "s", "f.txt", "l1", "s1")
	sessionEdit(t, dir, "s", "f.txt", "l5", "s5")
	sessionEdit(t, dir, "s", "f.txt", "l9", "s9")
	ok(t, dir, "undo", "--session", "s", "--last", "2")
	sessionEdit(t, dir, "s", "f.txt", "l7", "s7")
	write(t, dir, "g.txt", "g\n")
	git(t, dir, "add", "g.txt")
	git(t, dir, "commit", "-q", "-m", "g", "--", "g.txt") // HEAD's tree is no ledger tree: the replay writes new trees
	before, objs := gitState(t, dir), objectFiles(t, dir)
	m, r := jsonResult(t, dir, "", "session", "land", "s", "--each", "--dry-run")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Contains(t, m["summary"], "Dry run: Landed session s: 2 batches as 2 commits")
	require.Equal(t, before, gitState(t, dir))
	require.Equal(t, objs, objectFiles(t, dir))
}

// An undo of a batch already on the branch (a commit-mode batch, or one
// an earlier land committed) is a change on HEAD: land --each commits it
// with the batches it names (the series leaves them out, on the
// session's base), and its last tree is the default land's.
func TestSessionLandEachCommitsTheUndoOfABatchOnTheBranch(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": tenLines, "g.txt": tenLines})
	sessionEdit(t, dir, "s", "g.txt", "l1", "g1")
	sessionEdit(t, dir, "s", "f.txt", "l1", "c1", "--commit")
	ok(t, dir, "undo", "--session", "s", "--last", "1")
	sessionEdit(t, dir, "s", "g.txt", "l3", "g3")
	want := defaultLandTree(t, dir, "s")
	head := git(t, dir, "rev-parse", "HEAD")
	ok(t, dir, "session", "land", "s", "--each")
	require.Equal(t, want, git(t, dir, "rev-parse", "HEAD^{tree}"))
	require.Equal(t, "edit g.txt: replace 1 occurrence\nRevert session s\nedit g.txt: replace 1 occurrence",
		git(t, dir, "log", "--reverse", "--format=%s", head+"..HEAD"))
	requireClean(t, dir)

	sessionEdit(t, dir, "s", "f.txt", "l2", "s2")
	ok(t, dir, "session", "land", "s", "--each")
	ok(t, dir, "undo", "--session", "s")
	sessionEdit(t, dir, "s", "g.txt", "l5", "g5")
	want = defaultLandTree(t, dir, "s")
	ok(t, dir, "session", "land", "s", "--each")
	require.Equal(t, want, git(t, dir, "rev-parse", "HEAD^{tree}"))
	require.Equal(t, tenLines, git(t, dir, "show", "HEAD:f.txt")+"\n")
	requireClean(t, dir)
}
