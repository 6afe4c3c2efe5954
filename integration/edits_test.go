package integration

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

const greet = "package greet\n\nfunc Hello() string {\n\treturn \"hello\"\n}\n"

func TestEditStagesWithoutPhantomChanges(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "other.txt": "x\n"})
	ok(t, dir, "edit", "greet.go", "--old", `"hello"`, "--new", `"hi"`)

	require.Contains(t, read(t, dir, "greet.go"), `return "hi"`)
	require.Equal(t, "M  greet.go", git(t, dir, "status", "--porcelain"))
	require.Equal(t, git(t, dir, "hash-object", "greet.go"), git(t, dir, "rev-parse", ":greet.go"))
	requireHealthy(t, dir)
}

func TestCommitModeWritesTrailersReflogAndRevertableCommit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	before := git(t, dir, "rev-parse", "HEAD:greet.go")
	ok(t, dir, "edit", "greet.go", "--old", `"hello"`, "--new", `"hi"`, "--commit", "--session", "s1", "--agent", "claude")
	after := git(t, dir, "rev-parse", "HEAD:greet.go")

	require.Equal(t, "", git(t, dir, "status", "--porcelain"))
	trailers := git(t, dir, "log", "-1", "--format=%(trailers)")
	for _, want := range []string{"Edit-Tool: edit", "Edit-File: greet.go", "Edit-Blob-Before: greet.go " + before,
		"Edit-Blob-After: greet.go " + after, "Edit-Count: 1", "Edit-Match: exact", "Edit-Session: s1", "Edit-Agent: claude", "Edit-Request: sha256:"} {
		require.Contains(t, trailers, want)
	}
	message := git(t, dir, "log", "-1", "--format=%B")
	msgFile := filepath.Join(t.TempDir(), "msg")
	require.NoError(t, os.WriteFile(msgFile, []byte(message+"\n"), 0o644))
	parsed := git(t, dir, "interpret-trailers", "--parse", msgFile)
	require.Equal(t, trailers, parsed, "git interpret-trailers --parse reads exactly the trailers")

	require.Contains(t, git(t, dir, "reflog", "-1", "--format=%gs", "refs/heads/main"), "commit: edit greet.go")
	require.Contains(t, git(t, dir, "reflog", "-1", "--format=%gs", "HEAD"), "commit: edit greet.go")
	requireHealthy(t, dir)

	git(t, dir, "revert", "--no-edit", "HEAD")
	require.Equal(t, greet, read(t, dir, "greet.go"))
}

func TestCommitLeavesOtherStagedChangesStaged(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "notes.txt": "one\n"})
	write(t, dir, "notes.txt", "two\n")
	git(t, dir, "add", "notes.txt")

	ok(t, dir, "edit", "greet.go", "--old", `"hello"`, "--new", `"hi"`, "--commit")

	require.Equal(t, "greet.go", git(t, dir, "show", "--format=", "--name-only", "HEAD"))
	require.Equal(t, "notes.txt", git(t, dir, "diff", "--cached", "--name-only"))
	require.Equal(t, "one\n", git(t, dir, "show", "HEAD:notes.txt")+"\n")
	requireHealthy(t, dir)
}

func TestRefusedRequestsChangeNothing(t *testing.T) {
	files := map[string]string{"greet.go": greet, "dup.txt": "a\na\n", "dirty.txt": "x\n", "sub/x.txt": "x\n"}
	cases := []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"not found", []string{"edit", "greet.go", "--old", "absent", "--new", "x"}, 1, "not_found"},
		{"ambiguous", []string{"edit", "dup.txt", "--old", "a", "--new", "b"}, 1, "ambiguous"},
		{"count mismatch", []string{"edit", "dup.txt", "--old", "a", "--new", "b", "--replace-all", "--expect", "3"}, 1, "count_mismatch"},
		{"hash mismatch", []string{"edit", "greet.go", "--old", "hello", "--new", "x", "--expected-hash", "1234567"}, 1, "hash_mismatch"},
		{"file exists", []string{"edit", "greet.go", "--old", "", "--new", "x"}, 1, "file_exists"},
		{"file missing", []string{"edit", "nope.go", "--old", "a", "--new", "b"}, 1, "file_missing"},
		{"is directory", []string{"edit", "sub", "--old", "a", "--new", "b"}, 1, "is_directory"},
		{"outside repo", []string{"edit", "../elsewhere.txt", "--old", "", "--new", "b"}, 1, "outside_repo"},
		{"under .git", []string{"edit", ".git/config", "--old", "a", "--new", "b"}, 1, "outside_repo"},
		{"dirty in commit mode", []string{"edit", "dirty.txt", "--old", "y", "--new", "z", "--commit"}, 1, "dirty"},
		{"bad match mode", []string{"edit", "greet.go", "--old", "hello", "--new", "x", "--match", "fuzzy"}, 2, "invalid_input"},
		{"multiedit atomic", []string{"multiedit", "greet.go", "--edits", "-"}, 1, "not_found"},
	}
	stdin := `[{"old_string": "hello", "new_string": "hi"}, {"old_string": "absent", "new_string": "x"}]`
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, files)
			write(t, dir, "dirty.txt", "y\n")
			before := take(t, dir)
			r := gitedit(t, dir, stdin, tc.args...)
			require.Equal(t, tc.code, r.code, "stdout %s stderr %s", r.stdout, r.stderr)
			require.Contains(t, r.stderr, tc.err)
			requireUnchanged(t, before, take(t, dir))
		})
	}
}

func TestJSONResultHasEveryDocumentedField(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	stdin := `[{"old_string": "Hello", "new_string": "Greet"}, {"old_string": "\"hello\"", "new_string": "\"hi\""}]`
	m, r := jsonResult(t, dir, stdin, "multiedit", "greet.go", "--edits", "-", "--commit")
	require.Equal(t, 0, r.code)
	require.Equal(t, true, m["ok"])
	require.Equal(t, "multiedit", m["tool"])
	require.Equal(t, "greet.go", m["file_path"])
	require.Equal(t, float64(2), m["edits_applied"])
	require.Equal(t, float64(2), m["replacements"])
	require.Equal(t, "exact", m["match_mode"])
	require.True(t, strings.HasPrefix(m["diff"].(string), "--- a/greet.go\n+++ b/greet.go\n@@"))
	require.Equal(t, git(t, dir, "rev-parse", "HEAD"), m["commit"])
	files := m["files"].([]any)
	require.Len(t, files, 1)
	f := files[0].(map[string]any)
	require.Equal(t, git(t, dir, "rev-parse", "HEAD~1:greet.go"), f["blob_before"])
	require.Equal(t, git(t, dir, "rev-parse", "HEAD:greet.go"), f["blob_after"])
	require.Equal(t, "Edit-Count: 2", git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-Count)"))
}

func TestErrorJSONCarriesCodeLinesAndMessageWithExitOne(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"dup.txt": "a\nb\na\n"})
	m, r := jsonResult(t, dir, "", "edit", "dup.txt", "--old", "a", "--new", "c")
	require.Equal(t, 1, r.code)
	require.Equal(t, false, m["ok"])
	e := m["error"].(map[string]any)
	require.Equal(t, "ambiguous", e["code"])
	require.Equal(t, []any{float64(1), float64(3)}, e["lines"])
	require.Contains(t, e["message"], "replace_all")
}

func TestPartialMultieditExitsThree(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	stdin := `{"edits": [{"old_string": "Hello", "new_string": "Greet"}, {"old_string": "absent", "new_string": "x"}]}`
	m, r := jsonResult(t, dir, stdin, "multiedit", "greet.go", "--edits", "-", "--partial")
	require.Equal(t, 3, r.code)
	require.Equal(t, float64(1), m["edits_applied"])
	failed := m["edits_failed"].([]any)
	require.Len(t, failed, 1)
	require.Equal(t, float64(1), failed[0].(map[string]any)["index"])
	require.Contains(t, read(t, dir, "greet.go"), "func Greet()")
}

func TestNoOpEditWritesNothing(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	before := take(t, dir)
	m, r := jsonResult(t, dir, "", "edit", "greet.go", "--old", "Hello", "--new", "Hello", "--commit")
	require.Equal(t, 0, r.code)
	require.Equal(t, false, m["changed"])
	require.Nil(t, m["commit"])
	requireUnchanged(t, before, take(t, dir))
}

func TestCommitInLinkedWorktreeMovesItsBranchOnly(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	wt := filepath.Join(filepath.Dir(dir), "wt")
	git(t, dir, "worktree", "add", "-q", "-b", "feature", wt)

	ok(t, wt, "edit", "greet.go", "--old", `"hello"`, "--new", `"hi"`, "--commit")

	require.Contains(t, git(t, dir, "show", "feature:greet.go"), `"hi"`)
	require.Contains(t, git(t, dir, "show", "main:greet.go"), `"hello"`)
	require.Equal(t, "", git(t, wt, "status", "--porcelain"))
	require.Contains(t, git(t, wt, "reflog", "-1", "--format=%gs", "HEAD"), "commit: edit greet.go")
	require.Contains(t, git(t, dir, "reflog", "-1", "--format=%gs", "refs/heads/feature"), "commit: edit greet.go")
	require.Equal(t, "", git(t, dir, "status", "--porcelain"), "the main worktree is untouched")
	requireHealthy(t, wt)
}

func TestLockedIndexWaitsThenFails(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	lock := filepath.Join(dir, ".git", "index.lock")
	require.NoError(t, os.WriteFile(lock, nil, 0o644))
	before := take(t, dir)
	r := gitedit(t, dir, "", "edit", "greet.go", "--old", "hello", "--new", "hi", "--lock-timeout", "200ms")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "locked")
	require.FileExists(t, lock, "another process's lock is never removed")
	requireUnchanged(t, before, take(t, dir))
}

func TestDirtyPoliciesIncludeCommitFirstOrRefuse(t *testing.T) {
	files := map[string]string{"a.txt": "one\ntwo\n"}
	t.Run("include commits the existing change with the batch", func(t *testing.T) {
		dir := fixtures.NewRepo(t, files)
		write(t, dir, "a.txt", "one\ntwo\nthree\n")
		ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "--dirty", "include")
		require.Equal(t, "uno\ntwo\nthree\n", git(t, dir, "show", "HEAD:a.txt")+"\n")
		require.Equal(t, "", git(t, dir, "status", "--porcelain"))
	})
	t.Run("commit-first makes two commits so undo takes back only the batch", func(t *testing.T) {
		dir := fixtures.NewRepo(t, files)
		write(t, dir, "a.txt", "one\ntwo\nthree\n")
		ok(t, dir, "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "--dirty", "commit-first")
		require.Equal(t, "one\ntwo\nthree\n", git(t, dir, "show", "HEAD~1:a.txt")+"\n")
		require.Equal(t, "uno\ntwo\nthree\n", git(t, dir, "show", "HEAD:a.txt")+"\n")
		git(t, dir, "revert", "--no-edit", "HEAD")
		require.Equal(t, "one\ntwo\nthree\n", read(t, dir, "a.txt"))
		requireHealthy(t, dir)
	})
}

func TestCRLFFileKeepsItsEndingsAndHashMatchesGit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"win.txt": "alpha\r\nbeta\r\ngamma\r\n"})
	m, r := jsonResult(t, dir, "", "edit", "win.txt", "--old", "alpha\nbeta", "--new", "ALPHA\nBETA")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "ALPHA\r\nBETA\r\ngamma\r\n", read(t, dir, "win.txt"))
	require.Equal(t, git(t, dir, "hash-object", "win.txt"), m["files"].([]any)[0].(map[string]any)["blob_after"])
	requireHealthy(t, dir)
}

func TestHashMatchesGitHashObject(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	r := ok(t, dir, "hash", "greet.go")
	require.Equal(t, git(t, dir, "hash-object", "greet.go")+" greet.go", strings.TrimSpace(r.stdout))
}

func TestExpectedHashFromReadAllowsWholeFileWrite(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet})
	blob := git(t, dir, "hash-object", "greet.go")
	ok(t, dir, "edit", "greet.go", "--old", "", "--new", "package greet\n", "--expected-hash", blob[:7])
	require.Equal(t, "package greet\n", read(t, dir, "greet.go"))
}

func TestCommitOnUnbornBranchMakesTheFirstCommit(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	ok(t, dir, "edit", "new/file.txt", "--old", "", "--new", "first\n", "--commit")
	require.Equal(t, "first", git(t, dir, "show", "HEAD:new/file.txt"))
	require.Equal(t, "1", git(t, dir, "rev-list", "--count", "HEAD"))
	require.Contains(t, git(t, dir, "reflog", "-1", "--format=%gs"), "commit (initial):")
	requireHealthy(t, dir)
}

func TestBatchOfEditAndPatchIsOneCommit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"greet.go": greet, "a.txt": "one\n", "b.txt": "two\n"})
	patch := "*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+uno\n*** Update File: b.txt\n@@\n-two\n+dos\n*** End Patch\n"
	req := `{"message": "Translate and rename", "operations": [` +
		`{"file_path": "greet.go", "old_string": "Hello", "new_string": "Greet"},` +
		`{"tool": "patch", "input": {"patch": ` + quote(patch) + `}}]}`
	m, r := jsonResult(t, dir, req, "batch", "-", "--commit")
	require.Equal(t, 0, r.code, r.stderr)
	require.Len(t, m["files"], 3)
	require.Equal(t, "Translate and rename", git(t, dir, "log", "-1", "--format=%s"))
	body := git(t, dir, "log", "-1", "--format=%b")
	require.Contains(t, body, "a.txt: 1 hunk applied")
	require.Contains(t, body, "b.txt: 1 hunk applied")
	require.Equal(t, "Edit-Tool: batch", git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-Tool)"))
	require.Equal(t, "a.txt\nb.txt\ngreet.go", git(t, dir, "show", "--format=", "--name-only", "HEAD"))
	requireHealthy(t, dir)
}

// quote returns s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestLogFileFindsPathsGitQuotes(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"keep.txt": "k\n"})
	odd := `we"ird name `
	ok(t, dir, "edit", odd, "--old", "", "--new", "x\n", "--commit")
	r := ok(t, dir, "log", "--file", odd)
	require.Contains(t, r.stdout, "create the file")
	m, _ := jsonResult(t, dir, "", "log")
	entry := m["commits"].([]any)[0].(map[string]any)
	require.Equal(t, []any{odd}, entry["files"])
}

func TestSmallContractDetailsHold(t *testing.T) {
	t.Run("a refused batch names the failing operation", func(t *testing.T) {
		dir := fixtures.NewRepo(t, map[string]string{"a.txt": "alpha\n"})
		req := `{"operations": [{"file_path": "a.txt", "old_string": "alpha", "new_string": "A"}, {"file_path": "a.txt", "old_string": "alpha", "new_string": "B"}]}`
		r := gitedit(t, dir, req, "batch", "-")
		require.Equal(t, 1, r.code)
		require.Contains(t, r.stderr, "operations[1]: ")
		require.Equal(t, "alpha\n", read(t, dir, "a.txt"))
	})
	t.Run("a bad gitedit.matchMode names the config key", func(t *testing.T) {
		dir := fixtures.NewRepo(t, map[string]string{"a.txt": "alpha\n"})
		git(t, dir, "config", "gitedit.matchMode", "bogus")
		r := gitedit(t, dir, "", "edit", "a.txt", "--old", "alpha", "--new", "A")
		require.Equal(t, 2, r.code)
		require.Contains(t, r.stderr, "config gitedit.matchMode")
	})
	t.Run("the zero id as expected_hash means the file must not exist", func(t *testing.T) {
		dir := fixtures.NewRepo(t, map[string]string{"a.txt": "alpha\n"})
		zero := strings.Repeat("0", 40)
		ok(t, dir, "edit", "new.txt", "--old", "", "--new", "n\n", "--expected-hash", zero)
		r := gitedit(t, dir, "", "edit", "a.txt", "--old", "", "--new", "x\n", "--expected-hash", zero)
		require.Equal(t, 1, r.code)
		require.Contains(t, r.stderr, "hash_mismatch")
		blob := git(t, dir, "hash-object", "a.txt")
		require.Contains(t, r.stderr, blob, "the message gives the current blob id")
		r = gitedit(t, dir, "", "edit", "a.txt", "--old", "alpha", "--new", "A", "--expected-hash", zero[:7])
		require.Equal(t, 1, r.code)
		require.Contains(t, r.stderr, blob, "the message gives the current blob id")
		require.Equal(t, "alpha\n", read(t, dir, "a.txt"))
	})
	t.Run("a missing recipe file is a usage error", func(t *testing.T) {
		dir := fixtures.NewRepo(t, map[string]string{"a.txt": "alpha\n"})
		r := gitedit(t, dir, "", "run", "nonexistent.yaml", "--check")
		require.Equal(t, 2, r.code, r.stderr)
	})
}

func TestReadPastTheEndIsRefusedAndWholeFileWriteSaysSo(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\n"})
	r := gitedit(t, dir, "", "read", "a.txt", "--offset", "5")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "past the end of the file (2 lines)")

	blob := git(t, dir, "hash-object", "a.txt")
	m, _ := jsonResult(t, dir, "", "edit", "a.txt", "--old", "", "--new", "new\n", "--expected-hash", blob)
	require.Equal(t, "Rewrote the whole of a.txt", m["summary"])
}
