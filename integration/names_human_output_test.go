package integration

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// requirePrintable fails when s, but for line ends, holds a control byte
// or a byte that is not ASCII: what a terminal would interpret.
func requirePrintable(t *testing.T, s string) {
	t.Helper()
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\n' && (c < 0x20 || c >= 0x7f) {
			require.Failf(t, "raw byte in human output", "byte %#x at %d in %q", c, i, s)
		}
	}
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestOddNamesInHumanOutputAreQuotedAsGitQuotesThem runs edit, multiedit,
// patch, undo and run on files whose names hold control bytes or are not
// UTF-8: each summary and each error message writes the name exactly as
// git ls-files and git status --porcelain quote it, never raw.
func TestOddNamesInHumanOutputAreQuotedAsGitQuotesThem(t *testing.T) {
	for _, n := range controlNames {
		dir := fixtures.NewRepo(t, map[string]string{"keep.txt": "k\n"})
		r := ok(t, dir, "edit", n, "--old", "", "--new", "one\n", "--commit")
		quoted := gitQuoted(t, dir, n)
		require.True(t, strings.HasPrefix(r.stdout, "Created "+quoted+" and committed "), "%q: %q", n, r.stdout)
		r = ok(t, dir, "edit", n, "--old", "one", "--new", "two", "--commit")
		require.True(t, strings.HasPrefix(r.stdout, "Replaced 1 occurrence in "+quoted+" and committed "), "%q: %q", n, r.stdout)
		r = gitedit(t, dir, "", "edit", n, "--old", "absent", "--new", "x")
		require.NotEqual(t, 0, r.code)
		require.Equal(t, "gitedit: not_found: "+quoted+": old_string not found in the file\n", r.stderr, "%q", n)

		writeOutside(t, dir, "edits.json", `[{"old_string":"two","new_string":"three"}]`)
		r = ok(t, dir, "multiedit", n, "--edits", "../edits.json")
		require.Equal(t, "Applied 1 edit to "+quoted, firstLine(r.stdout), "%q", n)
		require.Equal(t, "M  "+quoted, git(t, dir, "status", "--porcelain", "--", n), "%q", n)
		r = gitedit(t, dir, "", "multiedit", n, "--edits", "../edits.json")
		require.Equal(t, "gitedit: not_found: edit 1: "+quoted+": old_string not found in the file\n", r.stderr, "%q", n)

		requireQuotedJSONAndReads(t, dir, n, quoted)
		requireQuotedPatchAndUndo(t, dir, n, quoted)
		requireQuotedRun(t, dir, n, quoted)
	}
}

// requireQuotedJSONAndReads checks that JSON carries name n as documented
// (as is when UTF-8, else git-quoted) in errors, edits and read, and that hash
// and read quote it in their human output.
func requireQuotedJSONAndReads(t *testing.T, dir, n, quoted string) {
	t.Helper()
	want := n
	if !utf8.ValidString(n) {
		want = quoted
	}
	m, _ := jsonResult(t, dir, "", "edit", n, "--old", "absent", "--new", "x")
	require.Equal(t, want, m["error"].(map[string]any)["file_path"], "%q", n)
	m, _ = jsonResult(t, dir, "", "edit", n, "--old", "three", "--new", "three", "--dry-run")
	require.Equal(t, want, m["edits"].([]any)[0].(map[string]any)["file_path"], "%q", n)
	blob := git(t, dir, "hash-object", "--", n)
	require.Equal(t, blob+" "+quoted+"\n", ok(t, dir, "hash", n).stdout, "%q", n)
	require.True(t, strings.HasPrefix(ok(t, dir, "read", n).stdout, "# "+quoted+" blob "+blob+" "), "%q", n)
	m, _ = jsonResult(t, dir, "", "read", n)
	require.Equal(t, want, m["file_path"], "%q", n)
	require.Equal(t, true, m["ok"], "%q", n)
}

// requireQuotedPatchAndUndo checks the patch and undo messages for name n
// (the working tree holds "three\n" in it, uncommitted).
func requireQuotedPatchAndUndo(t *testing.T, dir, n, quoted string) {
	t.Helper()
	writeOutside(t, dir, "p.diff", fixtures.Git(t, dir, "diff", "HEAD", "--", n)) // "two" -> "three", the name quoted by git
	fixtures.Git(t, dir, "checkout", "-q", "HEAD", "--", n)
	r := ok(t, dir, "patch", "../p.diff")
	require.Equal(t, "Applied 1 hunk to 1 file", firstLine(r.stdout), "%q", n)
	r = gitedit(t, dir, "", "patch", "../p.diff")
	require.NotEqual(t, 0, r.code)
	require.True(t, strings.HasPrefix(r.stderr, "gitedit: not_found: "+quoted+": "), "%q: %q", n, r.stderr)
	requirePrintable(t, r.stderr)

	r = gitedit(t, dir, "", "undo") // the file differs from HEAD
	require.Equal(t, "gitedit: dirty: "+quoted+": differs from HEAD (uncommitted changes); commit or discard it before undoing\n", r.stderr, "%q", n)
	fixtures.Git(t, dir, "checkout", "-q", "HEAD", "--", n)
	r = ok(t, dir, "undo")
	requirePrintable(t, firstLine(r.stdout))
	require.Contains(t, firstLine(r.stdout), strconv.Quote("edit "+quoted+": replace 1 occurrence"), "%q", n)
}

// requireQuotedRun checks the messages of a recipe touching name n.
func requireQuotedRun(t *testing.T, dir, n, quoted string) {
	t.Helper()
	writeOutside(t, dir, "r.yaml", "name: r\nfiles: [\"**\"]\nedits:\n  - old_string: one\n    new_string: two\n")
	write(t, dir, n, "one\nuncommitted\n")
	r := gitedit(t, dir, "", "run", "../r.yaml", "--commit")
	require.NotEqual(t, 0, r.code)
	require.True(t, strings.HasPrefix(r.stderr, "gitedit: dirty: "+quoted+": differs from HEAD (uncommitted or untracked changes); commit it first"), "%q: %q", n, r.stderr)
	r = ok(t, dir, "run", "../r.yaml")
	require.Equal(t, "Applied recipe r: 1 replacement in 1 file (2 files scanned)", firstLine(r.stdout), "%q", n)
}

// TestOddNamesInPatchNotesAreQuoted applies a git diff of such a name at
// an offset: the note naming the file quotes it as git does.
func TestOddNamesInPatchNotesAreQuoted(t *testing.T) {
	for _, n := range controlNames {
		body := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
		dir := fixtures.NewRepo(t, map[string]string{n: body})
		write(t, dir, n, strings.Replace(body, "6\n", "six\n", 1))
		writeOutside(t, dir, "p.diff", fixtures.Git(t, dir, "diff", "--", n))
		write(t, dir, n, "x\ny\n"+body)
		r := ok(t, dir, "patch", "../p.diff")
		requirePrintable(t, r.stdout[:strings.Index(r.stdout, "\n\n")])
		require.Contains(t, r.stdout, "\nnote: "+gitQuoted(t, dir, n)+": hunk 1 applied at line 5 instead of line 3 (offset 2,", "%q", n)
	}
}
