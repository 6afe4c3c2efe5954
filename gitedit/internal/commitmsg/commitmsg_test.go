package commitmsg

import (
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/fixtures"
)

// gitParseTrailers returns what git interpret-trailers --parse reads from
// message.
func gitParseTrailers(t *testing.T, dir, message string) []Trailer {
	t.Helper()
	cmd := exec.Command("git", "interpret-trailers", "--parse")
	cmd.Dir = dir
	cmd.Env = fixtures.Env(fixtures.Home(dir))
	cmd.Stdin = strings.NewReader(message)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git interpret-trailers --parse: %v", err)
	}
	var ts []Trailer
	for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		if line == "" {
			continue
		}
		k, v, _ := strings.Cut(line, ":")
		ts = append(ts, Trailer{Key: k, Value: strings.TrimSpace(v)})
	}
	return ts
}

// TestParseReadsTrailersAsGitInterpretTrailersDoes compares Parse with
// `git interpret-trailers --parse` on messages at the edges of its rules.
func TestParseReadsTrailersAsGitInterpretTrailersDoes(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	tests := []struct{ name, message string }{
		{"subject only", "subject\n"},
		{"single trailer paragraph is the title", "Key: v\n"},
		{"subject and trailers", "subject\n\nKey: v\nOther-Key: w\n"},
		{"body and trailers", "subject\n\nbody line\nmore body\n\nA: 1\nB: 2\n"},
		{"paragraph with a non-trailer line", "subject\n\nbody\n\nA: 1\nnot a trailer\n"},
		{"signed-off-by 25% rule met", "subject\n\nbody\n\nSigned-off-by: A <a@x>\nfoo\nbar\nbaz\n"},
		{"signed-off-by 25% rule not met", "subject\n\nbody\n\nSigned-off-by: A <a@x>\nfoo\nbar\nbaz\nqux\n"},
		{"cherry-pick line", "subject\n\nbody\n\nA: 1\n(cherry picked from commit 1234567)\n"},
		{"continuation lines", "subject\n\nKey: v\n  cont\n\tmore\nK2: w\n"},
		{"comment lines", "subject\n\nA: 1\n# comment\nB: 2\n# trailing comment\n"},
		{"trailing blank lines", "subject\n\nA: 1\n\n\n\n"},
		{"patch divider", "subject\n\nA: 1\n---\n\nB: 2\n"},
		{"divider with a file name", "subject\n\nA: 1\n--- a/x\n"},
		{"blank before colon", "subject\n\nKey : v\nKey\t: w\n"},
		{"no blank after colon", "subject\n\nKey:v\n"},
		{"empty values", "subject\n\nKey:\nB:   \n"},
		{"token with underscore", "subject\n\nKey_x: v\n"},
		{"indented first line", "subject\n\n  Key: v\n"},
		{"url value", "subject\n\nSee: http://example.com/a:b\n"},
		{"no final newline", "subject\n\nA: 1"},
		{"only blank", "\n\n"},
		{"gitedit message", "edit a.go: replace 1 occurrence\n\na.go: edit 1 replaced 1 occurrence (exact)\n\nEdit-Tool: edit\nEdit-File: a.go\nEdit-Blob-Before: a.go " + ZeroBlob + "\nEdit-Count: 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, want := Parse(tt.message), gitParseTrailers(t, dir, tt.message)
			if len(got) != 0 || len(want) != 0 {
				if !reflect.DeepEqual(got, want) {
					t.Errorf("Parse = %q\n git reads    %q", got, want)
				}
			}
		})
	}
}

// TestSafeLineIndentsWhatGitWouldTakeForAPatch checks the lines git
// mailinfo or interpret-trailers would stop at.
func TestSafeLineIndentsWhatGitWouldTakeForAPatch(t *testing.T) {
	tests := []struct{ in, want string }{
		{"---", " ---"}, {"--- a/file", " --- a/file"}, {"---   ", " ---   "}, {"----", " ----"},
		{"diff --git a/x b/x", " diff --git a/x b/x"}, {"diff -u", " diff -u"}, {"Index: foo", " Index: foo"},
		{"-- ", "-- "}, {"a --- b", "a --- b"}, {"different", "different"}, {"line\r", "line"},
	}
	for _, tt := range tests {
		if got := SafeLine(tt.in); got != tt.want {
			t.Errorf("SafeLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestMessageTrailersAreWhatGitReads composes messages for created,
// deleted, renamed and odd-named files and checks that git
// interpret-trailers --parse, and Parse, read back exactly Trailers.
func TestMessageTrailersAreWhatGitReads(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	files := []File{{Path: "new.go", Created: true, BlobAfter: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c"},
		{Path: "dir/a b.go", Replacements: 2, BlobBefore: "9c4d5e6f7a8b9c0d9c4d5e6f7a8b9c0d9c4d5e6f", BlobAfter: "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c"},
		{Path: "odd\nname", Deleted: true, BlobBefore: "9c4d5e6f7a8b9c0d9c4d5e6f7a8b9c0d9c4d5e6f"},
		{Path: "to.go", RenamedFrom: "from.go"}}
	metas := []*Meta{{Tool: "batch", Count: 4, Match: []string{"exact", "exact", "fuzzy"}, Request: []byte("{}")},
		{Tool: "edit", Subject: "fix\n\n---\ndiff --git a b\n", Count: 1, Extra: []Trailer{{Key: "Edit-Recipe", Value: "r.yaml"}}},
		{Tool: "recipe", Count: 9, FileTrailerLimit: 2}}
	for i, m := range metas {
		msg := m.Message(files, "sess 1", "agent")
		want := m.Trailers(files, "sess 1", "agent")
		if got := gitParseTrailers(t, dir, msg); !reflect.DeepEqual(got, want) {
			t.Errorf("%d: git reads %q\nwant %q\nmessage:\n%s", i, got, want, msg)
		}
		if got := Parse(msg); !reflect.DeepEqual(got, want) {
			t.Errorf("%d: Parse = %q, want %q", i, got, want)
		}
	}
}

// TestPathIsReadBackByUnquotePath reads back every path the messages
// write (quote.UnquotePath, as log and request decoding read paths).
func TestPathIsReadBackByUnquotePath(t *testing.T) {
	for _, p := range []string{"src/a.go", "dir/a b.go", " lead", `we"ird name `, "new\nline", "tab\tname", "é.go", `back\slash`, "\x7fdel", "caf\xe9.txt"} {
		if got := quote.UnquotePath(Path(p)); got != p {
			t.Errorf("quote.UnquotePath(Path(%q)) = %q", p, got)
		}
	}
}
