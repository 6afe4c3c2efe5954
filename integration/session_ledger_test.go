package integration

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// ledgerRef is the ledger ref of session id.
func ledgerRef(id string) string { return "refs/gitedit/sessions/" + id }

// rawOfResult is what git diff --raw --no-abbrev prints for the files of
// a --json result (in git's path order), for regular files.
func rawOfResult(t *testing.T, m map[string]any) string {
	t.Helper()
	var lines []string
	for _, f := range m["files"].([]any) {
		f := f.(map[string]any)
		before, after := f["blob_before"].(string), f["blob_after"].(string)
		modeB, modeA, status := "100644", "100644", "M"
		if f["created"] == true {
			modeB, status = "000000", "A"
		}
		if f["deleted"] == true {
			modeA, status = "000000", "D"
		}
		lines = append(lines, fmt.Sprintf(":%s %s %s %s %s\t%s", modeB, modeA, before, after, status, f["file_path"]))
	}
	sort.Slice(lines, func(i, j int) bool {
		return strings.SplitN(lines[i], "\t", 2)[1] < strings.SplitN(lines[j], "\t", 2)[1]
	})
	return strings.Join(lines, "\n")
}

// entryRaw is git diff --raw of a ledger entry against its first parent.
func entryRaw(t *testing.T, dir, entry string) string {
	return git(t, dir, "diff", "--raw", "--no-abbrev", "--no-renames", entry+"^", entry)
}

const sessionBatch = `{"operations":[{"file_path":"greet.go","old_string":"hello","new_string":"hi"},` +
	`{"file_path":"d/new.txt","old_string":"","new_string":"new\n"}]}`

// deleteGone is a patch that deletes gone.txt ("bye\n").
const deleteGone = "diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n"

// Every batch with a session id, in staging mode and in commit mode,
// adds one ledger entry: git diff --raw E^ E is exactly the batch (with
// its Edit-Blob trailers' blobs), its message is the batch's commit
// message (or the one it would have had), with Edit-Commit naming the
// branch commit in commit mode.
func TestSessionEntryIsExactlyTheBatchInBothModes(t *testing.T) {
	for _, commit := range []bool{false, true} {
		t.Run(fmt.Sprintf("commit=%v", commit), func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "gone.txt": "bye\n"})
			args := []string{"batch", "-", "--session", "s1"}
			if commit {
				args = append(args, "--commit")
			}
			m, r := jsonResult(t, dir, deleteGone, append([]string{"patch", "-"}, args[2:]...)...)
			require.Equal(t, 0, r.code, r.stdout+r.stderr)
			require.Equal(t, rawOfResult(t, m), entryRaw(t, dir, git(t, dir, "rev-parse", ledgerRef("s1"))))
			m, r = jsonResult(t, dir, sessionBatch, args...)
			require.Equal(t, 0, r.code, r.stdout+r.stderr)
			entry := git(t, dir, "rev-parse", ledgerRef("s1"))
			require.Equal(t, rawOfResult(t, m), entryRaw(t, dir, entry))
			msg := git(t, dir, "log", "-1", "--format=%B", entry)
			require.Contains(t, msg, "Edit-Session: s1")
			for _, f := range m["files"].([]any) {
				f := f.(map[string]any)
				require.Contains(t, msg, fmt.Sprintf("Edit-Blob-After: %s %s", f["file_path"], f["blob_after"]))
			}
			if commit {
				head := git(t, dir, "rev-parse", "HEAD")
				require.Equal(t, head, git(t, dir, "rev-parse", entry+"^2"))
				require.Equal(t, git(t, dir, "log", "-1", "--format=%B", "HEAD")+"\nEdit-Commit: "+head, msg)
			} else {
				require.Equal(t, "1", git(t, dir, "rev-list", "--count", "--no-walk", entry+"^@"), "a staging-mode entry has one parent")
				require.Equal(t, git(t, dir, "rev-parse", "HEAD"), git(t, dir, "rev-parse", entry+"~3"), "the start entry sits on HEAD")
			}
			require.Equal(t, "record: "+git(t, dir, "log", "-1", "--format=%s", entry)+"\nrecord: patch gone.txt: delete the file",
				git(t, dir, "reflog", "show", "--format=%gs", ledgerRef("s1")))
			requireHealthy(t, dir)
		})
	}
}

// A dry run, a --no-stage batch, a refused batch and a batch that changes
// nothing record nothing; a batch without session id neither.
func TestSessionRecordsOnlyAppliedStagedBatches(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	ok(t, dir, "edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "d", "--dry-run")
	ok(t, dir, "edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "d", "--no-stage")
	r := gitedit(t, dir, "", "edit", "greet.go", "--old", "nowhere", "--new", "x", "--session", "d")
	require.Equal(t, 1, r.code)
	ok(t, dir, "edit", "greet.go", "--old", "hi", "--new", "hi", "--session", "d")
	ok(t, dir, "edit", "greet.go", "--old", "hi", "--new", "hey")
	require.Equal(t, "", git(t, dir, "for-each-ref", "refs/gitedit/"))
	require.NoFileExists(t, filepath.Join(dir, ".git", "logs", "refs", "gitedit", "sessions", "d"))
}

// Hostile session ids, from the flag or GITEDIT_SESSION, are
// invalid_input (exit 2) and change nothing.
func TestSessionHostileIDsAreInvalidInput(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	before := take(t, dir)
	for _, id := range []string{"..", "a..b", "@{1}", "x.lock", "a b", "a\tb", "a\x01b", "-rf", "a/b", ".hidden", strings.Repeat("x", 300), "a:b", "a~1"} {
		r := gitedit(t, dir, "", "edit", "greet.go", "--old", "hello", "--new", "hi", "--session", id, "--json")
		require.Equal(t, 2, r.code, "%q: %s", id, r.stdout)
		require.Equal(t, "invalid_input", errorCode(r), "%q", id)
		r = gitedit(t, dir, "", "edit", "greet.go", "--old", "hello", "--new", "hi", "--session", id, "--dry-run", "--json")
		require.Equal(t, "invalid_input", errorCode(r), "%q, dry run", id)
		for _, cmd := range [][]string{{"session", "show", id}, {"session", "drop", id}, {"log", "--session", id}} {
			r := gitedit(t, dir, "", append(cmd, "--json")...)
			require.Equal(t, "invalid_input", errorCode(r), "%v %q: %s", cmd, id, r.stdout)
		}
	}
	env := append(fixtures.Env(fixtures.Home(dir)), "GITEDIT_SESSION=a..b")
	r := runIn(t, dir, env, "", "gitedit", "edit", "greet.go", "--old", "hello", "--new", "hi", "--json")
	require.Equal(t, "invalid_input", errorCode(r), r.stdout)
	requireUnchanged(t, before, take(t, dir))
}

// The ledger keeps what it names through git gc --prune=now, even the
// branch commits a reset took off the branch, and git fsck --strict
// finds nothing wrong, after sessions in both modes.
func TestSessionLedgerSurvivesGcAndFsck(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "gone.txt": "bye\n"})
	gitedit(t, dir, sessionBatch, "batch", "-", "--session", "g")
	write(t, dir, "greet.go", read(t, dir, "greet.go")+"// by hand\n")
	ok(t, dir, "edit", "greet.go", "--old", "hi", "--new", "hey", "--session", "g", "--commit", "--dirty", "include")
	ok(t, dir, "edit", "greet.go", "--old", "hey", "--new", "hallo", "--session", "c", "--commit")
	branchCommits := git(t, dir, "rev-list", "HEAD~2..HEAD")
	git(t, dir, "reset", "-q", "--hard", "HEAD~2")
	git(t, dir, "reflog", "expire", "--expire=now", "--all")
	git(t, dir, "gc", "-q", "--prune=now")
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress")
	require.NoError(t, err, out)
	for _, c := range strings.Fields(branchCommits) {
		require.True(t, gitOK(dir, "cat-file", "-e", c), "branch commit %s pruned", c)
	}
	show, r := jsonResult(t, dir, "", "session", "show", "g", "-p")
	require.Equal(t, 0, r.code, r.stderr)
	require.Len(t, show["batches"], 2)
	require.Contains(t, show["diff"], "+// by hand")
	files := show["files"].([]any)
	require.Equal(t, "greet.go", files[1].(map[string]any)["file_path"])
	require.Equal(t, true, files[1].(map[string]any)["outside_changes"], "greet.go changed by hand between two batches")
	require.Equal(t, false, files[0].(map[string]any)["outside_changes"])
}

// session list, show and drop, and log --session over staging-mode
// batches, with --oneline, --stat and -p.
func TestSessionCommandsListShowDropAndLog(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "gone.txt": "bye\n", "other.txt": "other\n"})
	gitedit(t, dir, sessionBatch, "batch", "-", "--session", "a", "--agent", "bot")
	gitedit(t, dir, deleteGone, "patch", "-", "--session", "a")
	ok(t, dir, "edit", "greet.go", "--old", "hi", "--new", "hey", "--session", "a")
	later := append(fixtures.Env(fixtures.Home(dir)), "GIT_COMMITTER_DATE=2030-01-02T03:04:05Z")
	r := runIn(t, dir, later, "", "gitedit", "edit", "other.txt", "--old", "other", "--new", "other\nmore", "--session", "b", "--commit")
	require.Equal(t, 0, r.code, r.stderr)

	var list struct {
		OK       bool `json:"ok"`
		Sessions []struct {
			Session, Agent, State string
			Batches, Files        int
		} `json:"sessions"`
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, dir, "session", "list", "--json").stdout), &list))
	require.Len(t, list.Sessions, 2)
	require.Equal(t, "b", list.Sessions[0].Session, "most recently updated first")
	a := list.Sessions[1]
	require.Equal(t, []any{"a", "bot", "open", 3, 3}, []any{a.Session, a.Agent, a.State, a.Batches, a.Files})

	show, _ := jsonResult(t, dir, "", "session", "show", "a")
	batches := show["batches"].([]any)
	require.Len(t, batches, 3)
	require.Nil(t, batches[0].(map[string]any)["commit"])
	require.Equal(t, []any{"greet.go"}, batches[0].(map[string]any)["files"])
	require.Len(t, show["files"], 3)
	require.Contains(t, show["diff"], "-\treturn \"hello\"\n+\treturn \"hey\"")

	oneline := ok(t, dir, "log", "--session", "a", "--oneline").stdout
	require.Equal(t, 3, strings.Count(oneline, "\n"), oneline)
	require.Contains(t, oneline, "edit greet.go: replace 1 occurrence")
	stat := ok(t, dir, "log", "--session", "a", "--stat", "-n", "1").stdout
	require.Contains(t, stat, " greet.go | 2 +-")
	patch := ok(t, dir, "log", "--session", "a", "-p").stdout
	require.Contains(t, patch, "+new\n")
	require.Contains(t, ok(t, dir, "log", "--stat", "-n", "1").stdout, " other.txt | 1 +", "log --stat over branch commits")

	dropped := ok(t, dir, "session", "drop", "a").stdout
	require.Contains(t, dropped, "Dropped session a")
	require.Equal(t, ledgerRef("b"), git(t, dir, "for-each-ref", "--format=%(refname)", "refs/gitedit/"))
	_, err := os.Stat(filepath.Join(dir, ".git", "logs", "refs", "gitedit", "sessions", "a"))
	require.True(t, os.IsNotExist(err), "the reflog is dropped too")
	r = gitedit(t, dir, "", "session", "show", "a", "--json")
	require.Equal(t, "not_found", errorCode(r))
}

// A batch refused after its entry was recorded (here the
// reference-transaction hook refuses the branch move, the step right
// after the recording) takes its entry back: the ledger and its reflog
// are as they were.
func TestRefusedAfterRecordingPutsTheLedgerBack(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	ok(t, dir, "edit", "greet.go", "--old", "package", "--new", "// first\npackage", "--session", "h", "--commit")
	hook := filepath.Join(dir, ".git", "hooks", "reference-transaction")
	require.NoError(t, os.MkdirAll(filepath.Dir(hook), 0o755))
	require.NoError(t, os.WriteFile(hook, []byte("#!/bin/sh\n[ \"$1\" = prepared ] && exit 1\nexit 0\n"), 0o755))
	before := take(t, dir)
	logPath := filepath.Join(dir, ".git", "logs", "refs", "gitedit", "sessions", "h")
	log, err := os.ReadFile(logPath)
	require.NoError(t, err)
	r := gitedit(t, dir, "", "edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "h", "--commit")
	require.Equal(t, 1, r.code, r.stderr)
	requireUnchanged(t, before, take(t, dir))
	after, err := os.ReadFile(logPath)
	require.NoError(t, err)
	require.Equal(t, string(log), string(after))
	r = gitedit(t, dir, "", "edit", "greet.go", "--old", "hello", "--new", "hi", "--session", "new", "--commit")
	require.Equal(t, 1, r.code, r.stderr)
	require.Equal(t, "", git(t, dir, "for-each-ref", ledgerRef("new")), "a new ledger is removed again")
	require.NoFileExists(t, filepath.Join(dir, ".git", "logs", "refs", "gitedit", "sessions", "new"))
}
