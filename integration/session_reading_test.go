package integration

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// Reading sessions takes what it can from the entries' messages and
// diffs their trees only where a message may not say exactly what the
// entry changed. These tests hold the readers to git's own view of the
// ledger: every kind of entry, read with git.

// renameAB renames a.txt to b.txt (git diff --raw lists both paths).
const renameAB = "diff --git a/a.txt b/b.txt\nsimilarity index 100%\nrename from a.txt\nrename to b.txt\n"

// chmodX makes x.sh executable (same blob before and after).
const chmodX = "diff --git a/x.sh b/x.sh\nold mode 100644\nnew mode 100755\n"

// sessionSummary is one session of session list --json.
type sessionSummary struct {
	Session, State string
	Batches, Files int
}

// listSessions runs session list --json, by session.
func listSessions(t *testing.T, dir string) map[string]sessionSummary {
	t.Helper()
	var list struct {
		Sessions []sessionSummary `json:"sessions"`
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, dir, "session", "list", "--json").stdout), &list))
	out := map[string]sessionSummary{}
	for _, s := range list.Sessions {
		out[s.Session] = s
	}
	return out
}

// gitBatches reads session id's ledger with git: its batch entries
// (those without an Edit-Ledger trailer, down to the start entry), newest first, and the paths
// git diff --raw E^ E lists for them all.
func gitBatches(t *testing.T, dir, id string) ([]string, map[string]bool) {
	t.Helper()
	var batches []string
	paths := map[string]bool{}
	for _, e := range strings.Fields(git(t, dir, "rev-list", "--first-parent", ledgerRef(id))) {
		kind := git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-Ledger,valueonly)", e)
		if kind == "start" {
			break
		}
		if kind != "" {
			continue
		}
		batches = append(batches, e)
		raw := fixtures.Git(t, dir, "diff", "--raw", "--no-renames", "-z", e+"^", e)
		fields := strings.Split(raw, "\x00")
		for i := 1; i < len(fields); i += 2 {
			paths[fields[i]] = true
		}
	}
	return batches, paths
}

// session list counts, for every session, the batch entries and the
// paths their git diff --raw E^ E list, whatever the entries are: a
// rename (both paths), a mode change (same blob), two paths a trailer
// writes alike (it folds white space), a quoted path, a commit-mode batch (a second
// parent), an outside change, an undo and the batch it undid, a land (its
// message names files its entry does not change), a batch after it.
func TestSessionListCountsWhatGitDiffLists(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\n", "x.sh": "x\n", "sp  ace.txt": "q\n", "sp ace.txt": "q\n",
		"é.txt": "e\n", "c.txt": tenLines, "o.txt": tenLines})
	gitedit(t, dir, renameAB, "patch", "-", "--session", "r")
	gitedit(t, dir, chmodX, "patch", "-", "--session", "r")
	ok(t, dir, "edit", "sp  ace.txt", "--old", "q", "--new", "Q", "--session", "r")
	ok(t, dir, "edit", "sp ace.txt", "--old", "q", "--new", "Q", "--session", "r")
	ok(t, dir, "edit", "é.txt", "--old", "e", "--new", "E", "--session", "r")
	sessionEdit(t, dir, "r", "c.txt", "l2", "C2", "--commit")
	write(t, dir, "c.txt", strings.Replace(read(t, dir, "c.txt"), "l9", "outside", 1))
	sessionEdit(t, dir, "r", "c.txt", "l3", "C3")
	ok(t, dir, "edit", "new.txt", "--old", "", "--new", "n\n", "--session", "r")
	ok(t, dir, "undo", "--session", "r", "--last", "1")
	ok(t, dir, "session", "land", "r", "-m", "land r")
	sessionEdit(t, dir, "r", "o.txt", "l1", "O1")

	sessionEdit(t, dir, "u", "o.txt", "l5", "U5")
	ok(t, dir, "undo", "--session", "u")
	sessionEdit(t, dir, "l", "o.txt", "l7", "L7")
	ok(t, dir, "session", "land", "l", "-m", "land l")

	list := listSessions(t, dir)
	for id, state := range map[string]string{"r": "open", "u": "undone", "l": "landed"} {
		batches, paths := gitBatches(t, dir, id)
		require.Equal(t, sessionSummary{Session: id, State: state, Batches: len(batches), Files: len(paths)}, list[id], "paths %v", paths)
	}
	_, paths := gitBatches(t, dir, "r")
	require.True(t, paths["a.txt"] && paths["b.txt"] && paths["x.sh"] && paths["sp  ace.txt"] && paths["sp ace.txt"] && paths["é.txt"] && paths["new.txt"], "%v", paths)

	// log --session lists each batch's files as its message names them.
	var out struct {
		Commits []struct {
			Entry string   `json:"entry"`
			Files []string `json:"files"`
		} `json:"commits"`
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, dir, "log", "--session", "r", "--json").stdout), &out))
	log := out.Commits
	batches, _ := gitBatches(t, dir, "r")
	require.Len(t, log, len(batches))
	for i, e := range batches {
		require.Equal(t, e, log[i].Entry)
		want := messageFiles(t, dir, e)
		sort.Strings(log[i].Files)
		require.Equal(t, want, log[i].Files, e)
	}
}

// messageFiles are the Edit-File trailers of commit e, unquoted, sorted.
func messageFiles(t *testing.T, dir, e string) []string {
	t.Helper()
	var out []string
	for _, v := range strings.Split(git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-File,valueonly)", e), "\n") {
		if u, err := strconv.Unquote(v); err == nil {
			v = u
		}
		if v != "" {
			out = append(out, v)
		}
	}
	sort.Strings(out)
	return out
}

// at runs gitedit with the author and committer dates set to second s of
// 2030 and requires exit status 0.
func at(t *testing.T, dir string, s int, args ...string) run {
	t.Helper()
	date := fmt.Sprintf("GIT_COMMITTER_DATE=%d +0000", 1893456000+s)
	env := append(fixtures.Env(fixtures.Home(dir)), date, strings.Replace(date, "COMMITTER", "AUTHOR", 1))
	r := runIn(t, dir, env, "", "gitedit", args...)
	require.Equal(t, 0, r.code, "gitedit %s: %s", strings.Join(args, " "), r.stderr)
	return r
}

// A plain undo's note names the newest staged batch not undone of any
// session, reading each ledger from its tip only as far as it must:
// past undos and the batches they undid, stopping at a land or a
// commit-mode batch.
func TestPlainUndoNoteFindsTheNewestStagedBatch(t *testing.T) {
	files := map[string]string{}
	for _, f := range []string{"a1", "a2", "b", "c", "d"} {
		files[f+".txt"] = "x\n"
	}
	dir := fixtures.NewRepo(t, files)
	edit := func(s int, id, f string, extra ...string) {
		at(t, dir, s, append([]string{"edit", f + ".txt", "--old", "x", "--new", "y", "--session", id}, extra...)...)
	}
	edit(0, "d", "d", "--commit")
	edit(1, "c", "c")
	at(t, dir, 2, "session", "land", "c", "-m", "land c")
	edit(10, "a", "a1")
	edit(30, "a", "a2")
	at(t, dir, 40, "undo", "--session", "a", "--last", "1")
	edit(20, "b", "b")
	note := func() string {
		m, r := jsonResult(t, dir, "", "undo", "--dry-run")
		require.Equal(t, 0, r.code, r.stderr)
		return fmt.Sprint(m["notes"])
	}
	require.Contains(t, note(), "\"edit b.txt: replace 1 occurrence\", staged by session b;")
	at(t, dir, 50, "undo", "--session", "b")
	require.Contains(t, note(), "\"edit a1.txt: replace 1 occurrence\", staged by session a;")
	at(t, dir, 60, "undo", "--session", "a")
	require.NotContains(t, note(), "staged by session")
}

// A ledger ref moved onto a branch commit (no entry of the session) is
// broken: the note, which reads each ledger only from its tip, gives no
// hint, as when it read every ledger whole.
func TestPlainUndoNoteGivesNoHintOverABrokenLedger(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": "x\n"})
	ok(t, dir, "edit", "g.txt", "--old", "", "--new", "g\n", "--commit")
	at(t, dir, 10, "edit", "f.txt", "--old", "x", "--new", "y", "--session", "s")
	note := func() string {
		m, r := jsonResult(t, dir, "", "undo", "--dry-run")
		require.Equal(t, 0, r.code, r.stderr)
		return fmt.Sprint(m["notes"])
	}
	require.Contains(t, note(), "staged by session s;")
	git(t, dir, "update-ref", ledgerRef("moved"), "HEAD")
	require.NotContains(t, note(), "staged by session")
}
