package integration

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// gitQuoted is name as git quotes it (git ls-files, core.quotePath on).
func gitQuoted(t *testing.T, dir, name string) string {
	t.Helper()
	out := fixtures.Git(t, dir, "-c", "core.quotePath=true", "ls-files", "--", name)
	return strings.TrimSuffix(out, "\n")
}

// TestOddFileNamesAreQuotedAsGitQuotesThem edits files whose names hold a
// newline, a tab, a non-UTF-8 byte, UTF-8 and a quote: the generated
// subject stays one line, subjects and trailers write the name as git
// quotes it (the oracle: git ls-files), git interpret-trailers parses
// the trailers, gitedit log reads the exact names back, JSON carries a
// non-UTF-8 name C-quoted and takes it back in a request, and the series
// of these commits applies with git am to the same tree.
func TestOddFileNamesAreQuotedAsGitQuotesThem(t *testing.T) {
	names := []string{"a\nb.txt", "tab\there.txt", "caf\xe9.txt", "café.txt", `q"uote.txt`}
	files := map[string]string{}
	for _, n := range names {
		files[n] = "one\n"
	}
	dir := fixtures.NewRepo(t, files)
	base := git(t, dir, "rev-parse", "HEAD")
	for _, n := range names {
		m, r := jsonResult(t, dir, "", "edit", n, "--old", "one", "--new", "two", "--commit")
		require.Equal(t, 0, r.code, "%q: %+v", n, r)
		quoted := gitQuoted(t, dir, n)
		require.Equal(t, "edit "+quoted+": replace 1 occurrence", git(t, dir, "log", "-1", "--format=%s"), n)
		msg := git(t, dir, "log", "-1", "--format=%B")
		parsed := interpretTrailers(t, dir, msg)
		require.Contains(t, parsed, "Edit-File: "+quoted+"\n", n)
		wantJSON := n
		if !utf8.ValidString(n) {
			wantJSON = quoted
		}
		require.Equal(t, wantJSON, m["file_path"], n)
	}
	var log struct {
		Commits []struct {
			Files []string `json:"files"`
		} `json:"commits"`
	}
	r := ok(t, dir, "log", "--json")
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &log))
	require.Len(t, log.Commits, len(names))
	for i, c := range log.Commits {
		n := names[len(names)-1-i]
		want := n
		if n == "caf\xe9.txt" {
			want = `"caf\351.txt"`
		}
		require.Equal(t, []string{want}, c.Files)
	}
	// A quoted file_path in a request names the non-UTF-8 file.
	_, r = jsonResult(t, dir, `{"file_path":"\"caf\\351.txt\"","old_string":"two","new_string":"three"}`+"\n", "apply")
	require.Equal(t, 0, r.code, "%+v", r)
	require.Equal(t, "three\n", read(t, dir, "caf\xe9.txt"))
	requireHealthy(t, dir)
	requireSeriesApplies(t, dir, base)
}

// interpretTrailers runs git interpret-trailers --parse on msg.
func interpretTrailers(t *testing.T, dir, msg string) string {
	t.Helper()
	return fixtures.GitInput(t, dir, msg+"\n", "interpret-trailers", "--parse")
}

// requireSeriesApplies exports the gitedit commits after base, applies
// them with git am on base in a clone, and compares the trees.
func requireSeriesApplies(t *testing.T, dir, base string) {
	t.Helper()
	r := ok(t, dir, "series", base+"..HEAD", "--stdout")
	clone := filepath.Join(filepath.Dir(dir), "am")
	fixtures.Git(t, filepath.Dir(dir), "clone", "-q", dir, clone)
	fixtures.Git(t, clone, "reset", "-q", "--hard", base)
	mbox := filepath.Join(filepath.Dir(dir), "series.mbox")
	require.NoError(t, os.WriteFile(mbox, []byte(r.stdout), 0o644))
	fixtures.Git(t, clone, "am", "-q", mbox)
	require.Equal(t, git(t, dir, "rev-parse", "HEAD^{tree}"), git(t, clone, "rev-parse", "HEAD^{tree}"))
}
