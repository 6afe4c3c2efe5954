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

// pushedSessions makes a repository whose sessions were pushed to a
// bare origin (main and refs/gitedit/*), and a reviewer's git clone
// --mirror of that origin; it returns both. Session s1 has staging and
// commit-mode batches and an undo, s2 another file, s3 was landed.
func pushedSessions(t *testing.T) (dir, mirror string) {
	t.Helper()
	dir = fixtures.NewRepo(t, map[string]string{"a.txt": tenLines, "b.txt": tenLines, "c.txt": tenLines})
	sessionEdit(t, dir, "s1", "a.txt", "l1", "A1")
	sessionEdit(t, dir, "s1", "b.txt", "l2", "B2", "--commit")
	sessionEdit(t, dir, "s1", "a.txt", "l5", "A5")
	ok(t, dir, "undo", "--session", "s1", "--last", "1")
	sessionEdit(t, dir, "s1", "a.txt", "l8", "A8")
	sessionEdit(t, dir, "s2", "c.txt", "l3", "C3")
	sessionEdit(t, dir, "s3", "b.txt", "l9", "B9")
	ok(t, dir, "session", "land", "s3")
	top := filepath.Dir(dir)
	origin, mirror := filepath.Join(top, "origin.git"), filepath.Join(top, "mirror.git")
	git(t, top, "init", "-q", "--bare", "-b", "main", origin)
	git(t, dir, "push", "-q", origin, "main", "refs/gitedit/*")
	git(t, top, "clone", "-q", "--mirror", origin, mirror)
	return dir, mirror
}

// TestBareMirrorReadsPushedSessions runs the commands that read only
// objects and refs in a reviewer's bare mirror of pushed sessions: each
// was unsupported there, and now prints what it prints in the original
// repository, byte for byte (session list, session show --stat -p, with
// and without --json, log --session, log, series --session); the series
// applies with git am on the session's base in a fresh clone, giving the
// ledger's tree. None of them writes to the mirror.
func TestBareMirrorReadsPushedSessions(t *testing.T) {
	dir, mirror := pushedSessions(t)
	before := treeDigest(t, mirror)
	for _, args := range [][]string{
		{"session", "list"}, {"session", "list", "--json"},
		{"session", "show", "s1", "--stat", "-p"}, {"session", "show", "s1", "--stat", "-p", "--json"},
		{"session", "show", "s3", "--json"},
		{"log", "--session", "s1"}, {"log", "--session", "s1", "--oneline", "-p"}, {"log", "--session", "s1", "--json"},
		{"log", "--stat"}, {"log", "--file", "b.txt", "--oneline"},
		{"series", "--session", "s1", "--stdout", "--cover-letter"}, {"series", "--session", "s1", "--stdout", "--keep-undone"},
		{"series", "--stdout"},
	} {
		want := ok(t, dir, args...)
		got := ok(t, mirror, args...)
		require.Equal(t, want.stdout, got.stdout, "%v", args)
		require.NotEmpty(t, got.stdout, "%v", args)
	}
	require.Equal(t, ok(t, dir, "session", "list").stdout, ok(t, filepath.Join(mirror, "refs"), "session", "list").stdout)
	require.Equal(t, before, treeDigest(t, mirror), "the readers wrote nothing in the mirror")

	var show struct{ Base string }
	require.NoError(t, json.Unmarshal([]byte(ok(t, mirror, "session", "show", "s1", "--json").stdout), &show))
	fresh := filepath.Join(filepath.Dir(mirror), "fresh")
	git(t, filepath.Dir(mirror), "clone", "-q", mirror, fresh)
	git(t, fresh, "checkout", "-q", "--detach", show.Base)
	fixtures.GitInput(t, fresh, ok(t, mirror, "series", "--session", "s1", "--stdout").stdout, "am", "-q")
	require.Equal(t, git(t, mirror, "rev-parse", ledgerRef("s1")+"^{tree}"), git(t, fresh, "rev-parse", "HEAD^{tree}"))
	require.Equal(t, "3", git(t, fresh, "rev-list", "--count", show.Base+"..HEAD"), "the undone batch and its undo left out")
}

// TestBareMirrorRefusesWhatNeedsAWorkTree: in a bare mirror, every batch,
// undo (plain and --session), land, read and hash is unsupported, saying
// it is a bare repository and what runs there; the mirror is left
// byte-identical. session drop deletes a ledger ref there, as git
// update-ref -d would, and the other sessions are still listed.
func TestBareMirrorRefusesWhatNeedsAWorkTree(t *testing.T) {
	_, mirror := pushedSessions(t)
	before := treeDigest(t, mirror)
	for _, args := range [][]string{
		{"edit", "a.txt", "--old", "l2", "--new", "x"}, {"edit", "a.txt", "--old", "l2", "--new", "x", "--commit", "--session", "s1"},
		{"undo"}, {"undo", "--session", "s1"}, {"undo", "--session", "s2", "--last", "1", "--dry-run"},
		{"session", "land", "s1"}, {"session", "land", "s2", "--each"}, {"session", "land", "s2", "--dry-run"},
		{"read", "a.txt"}, {"hash", "a.txt"}, {"apply"},
	} {
		stdin := ""
		if args[0] == "apply" {
			stdin = `{"file_path": "a.txt", "old_string": "l2", "new_string": "x"}`
		}
		m, r := jsonResult(t, mirror, stdin, args...)
		require.Equal(t, 1, r.code, "%v: %s", args, r.stdout)
		e := m["error"].(map[string]any)
		require.Equal(t, "unsupported", e["code"], "%v", args)
		require.Contains(t, e["message"], "bare repository at "+mirror, "%v", args)
		require.Contains(t, e["message"], "session list, session show, session drop, log and series", "%v", args)
	}
	require.Equal(t, before, treeDigest(t, mirror))
	ok(t, mirror, "session", "drop", "s2")
	require.NotContains(t, git(t, mirror, "for-each-ref", "refs/gitedit/sessions"), "s2")
	list := ok(t, mirror, "session", "list").stdout
	require.Contains(t, list, "s1")
	require.NotContains(t, list, "s2")
	_, err := os.Stat(filepath.Join(mirror, "index"))
	require.True(t, os.IsNotExist(err), "no index made in the mirror")
	require.False(t, strings.Contains(git(t, mirror, "fsck", "--strict"), "error"))
}
