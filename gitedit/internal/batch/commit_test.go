package batch

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

const (
	blobA = "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c"
	blobB = "9c4d5e6f7a8b9c0d9c4d5e6f7a8b9c0d9c4d5e6f"
)

func TestMessageIsSubjectBodyThenTrailers(t *testing.T) {
	m := &commitmsg.Meta{Tool: string(spec.ToolMultiEdit), Count: 3, Match: []string{"exact", "line_trimmed", "exact"},
		Body:    []string{"src/a.go: edit 1 replaced 1 occurrence (exact)", "src/a.go: edit 2 replaced 2 occurrences (line_trimmed)"},
		Request: []byte(`{"file_path":"src/a.go"}`)}
	files := []spec.FileResult{{FilePath: "src/a.go", BlobBefore: blobA, BlobAfter: blobB, Replacements: 3}}
	want := "multiedit src/a.go: apply 3 edits\n\n" +
		"src/a.go: edit 1 replaced 1 occurrence (exact)\n" +
		"src/a.go: edit 2 replaced 2 occurrences (line_trimmed)\n\n" +
		"Edit-Tool: multiedit\nEdit-File: src/a.go\n" +
		"Edit-Blob-Before: src/a.go " + blobA + "\nEdit-Blob-After: src/a.go " + blobB + "\n" +
		"Edit-Count: 3\nEdit-Match: exact,line_trimmed\nEdit-Session: s-1\nEdit-Agent: claude\n" +
		"Edit-Request: sha256:5e4ebe8a2d30d556727edb62385814818212616aa72f73f1ed75b4e672949497\n"
	got := message(m, files, "s-1", "claude")
	if got != want {
		t.Errorf("message:\n%s\nwant:\n%s", got, want)
	}
}

func TestMessagePartsFollowTheToolAndTheFiles(t *testing.T) {
	tests := []struct {
		name    string
		meta    commitmsg.Meta
		files   []spec.FileResult
		subject string
		body    []string
		has     []string // trailer lines expected
		hasNot  []string
	}{
		{"generated edit subject", commitmsg.Meta{Tool: string(spec.ToolEdit), Count: 1},
			[]spec.FileResult{{FilePath: "a.go", BlobBefore: blobA, BlobAfter: blobB, Replacements: 2}},
			"edit a.go: replace 2 occurrences", []string{"a.go: 2 replacements"}, nil, []string{"Edit-Session", "Edit-Request", "Edit-Match"}},
		{"created file uses the zero id", commitmsg.Meta{Tool: string(spec.ToolEdit), Count: 1, Match: []string{"exact"}},
			[]spec.FileResult{{FilePath: "new.txt", BlobAfter: blobB, Created: true}},
			"edit new.txt: create the file", []string{"new.txt: created"}, []string{"Edit-Blob-Before: new.txt " + commitmsg.ZeroBlob}, nil},
		{"deleted file uses the zero id", commitmsg.Meta{Tool: string(spec.ToolPatch), Count: 1},
			[]spec.FileResult{{FilePath: "old.txt", BlobBefore: blobA, Deleted: true}},
			"patch old.txt: delete the file", []string{"old.txt: deleted"}, []string{"Edit-Blob-After: old.txt " + commitmsg.ZeroBlob}, nil},
		{"batch subject", commitmsg.Meta{Tool: string(spec.ToolBatch), Count: 4},
			[]spec.FileResult{{FilePath: "a", BlobBefore: blobA, BlobAfter: blobB}, {FilePath: "b", BlobBefore: blobA, BlobAfter: blobB}},
			"batch: 4 edits on 2 files", []string{"a: modified", "b: modified"}, []string{"Edit-File: a", "Edit-File: b"}, nil},
		{"-m multi-line: rest goes first", commitmsg.Meta{Tool: string(spec.ToolEdit), Count: 1, Subject: "\n\nRename Foo  \n\nWhy:\n---\ndiff --git a/x b/x\n\n", Body: []string{"a: edit 1"}},
			[]spec.FileResult{{FilePath: "a", BlobBefore: blobA, BlobAfter: blobB}},
			"Rename Foo", []string{"Why:", " ---", " diff --git a/x b/x", "", "a: edit 1"}, nil, nil},
		{"extra trailers after agent", commitmsg.Meta{Tool: string(spec.ToolUndo), Subject: `Revert "x"`, Extra: []commitmsg.Trailer{{Key: "Edit-Reverts", Value: blobA}}},
			nil, `Revert "x"`, []string{}, []string{"Edit-Agent: bot\nEdit-Reverts: " + blobA}, nil},
		{"undo message: body from -m, no files", commitmsg.Meta{Tool: string(spec.ToolUndo), Subject: "Revert \"x\"\n\nThis reverts commit " + blobA + ".", Extra: []commitmsg.Trailer{{Key: "Edit-Reverts", Value: blobA}}},
			nil, `Revert "x"`, []string{"This reverts commit " + blobA + "."}, []string{"Edit-Tool: undo", "Edit-Reverts: " + blobA}, []string{"Edit-Count: 0\n\n"}},
		{"odd path is quoted", commitmsg.Meta{Tool: string(spec.ToolEdit), Count: 1},
			[]spec.FileResult{{FilePath: "a\nb \"c\".go", BlobBefore: blobA, BlobAfter: blobB}},
			`edit "a\nb \"c\".go": replace 0 occurrences`, []string{`"a\nb \"c\".go": modified`}, []string{`Edit-File: "a\nb \"c\".go"`}, nil},
		{"body entry with a newline is split and made safe", commitmsg.Meta{Tool: string(spec.ToolEdit), Count: 1, Body: []string{"a: x\n---\ndiff -u"}},
			[]spec.FileResult{{FilePath: "a", BlobBefore: blobA, BlobAfter: blobB}},
			"edit a: replace 0 occurrences", []string{"a: x", " ---", " diff -u"}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := message(&tt.meta, tt.files, "", "bot")
			subject, rest, _ := strings.Cut(msg, "\n\n")
			if subject != tt.subject {
				t.Errorf("subject = %q, want %q", subject, tt.subject)
			}
			body := ""
			if i := strings.LastIndex(rest, "\n\n"); i >= 0 {
				body = rest[:i]
			}
			if tt.body != nil && body != strings.Join(tt.body, "\n") {
				t.Errorf("body = %q, want %q", body, strings.Join(tt.body, "\n"))
			}
			for _, h := range tt.has {
				if !strings.Contains(msg, "\n"+h+"\n") {
					t.Errorf("message lacks %q:\n%s", h, msg)
				}
			}
			for _, h := range tt.hasNot {
				if strings.Contains(msg, h) {
					t.Errorf("message has %q:\n%s", h, msg)
				}
			}
		})
	}
}

// gitMessages are metas whose messages real git must keep intact.
func gitMessages() []*commitmsg.Meta {
	return []*commitmsg.Meta{
		{Tool: string(spec.ToolMultiEdit), Count: 2, Match: []string{"exact"}, Request: []byte("{}"),
			Body: []string{"f.txt: edit 1 replaced 1 occurrence (exact)", "f.txt: edit 2 replaced 1 occurrence (exact)"}},
		{Tool: string(spec.ToolBatch), Count: 1, Subject: "Tricky body\n\n---\n--- a/f.txt\n+++ b/f.txt\ndiff --git a/f.txt b/f.txt\nIndex: f.txt\n# not a comment\nKey: not a trailer\n",
			Extra: []commitmsg.Trailer{{Key: "Edit-Recipe", Value: "rename.yaml"}}},
	}
}

func TestMessageThroughRealGit(t *testing.T) {
	for i, m := range gitMessages() {
		dir := fixtures.NewRepo(t, map[string]string{"f.txt": "one\n", "dir/a b.go": "x\n"})
		before := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD:f.txt"))
		fixtures.WriteFiles(t, dir, map[string]string{"f.txt": "two\n"})
		after := strings.TrimSpace(fixtures.Git(t, dir, "hash-object", "f.txt"))
		files := []spec.FileResult{{FilePath: "f.txt", BlobBefore: before, BlobAfter: after},
			{FilePath: "dir/a b.go", BlobBefore: before, BlobAfter: after}, {FilePath: "new.go", BlobAfter: after, Created: true}}
		msg := message(m, files, "sess 1", "agent-x")
		msgFile := filepath.Join(t.TempDir(), "msg")
		if err := os.WriteFile(msgFile, []byte(msg), 0o644); err != nil {
			t.Fatal(err)
		}
		fixtures.Git(t, dir, "commit", "-q", "-a", "--cleanup=verbatim", "-F", msgFile)
		if got := fixtures.Git(t, dir, "log", "-1", "--format=%B"); got != msg+"\n" {
			t.Errorf("%d: git log %%B = %q, want %q", i, got, msg)
		}
		want := m.Trailers(messageFiles(files), "sess 1", "agent-x")
		if got := gitParseTrailers(t, dir, msg); !reflect.DeepEqual(got, want) {
			t.Errorf("%d: git interpret-trailers --parse = %q\nwant %q", i, got, want)
		}
		if got := commitmsg.Parse(msg); !reflect.DeepEqual(got, want) {
			t.Errorf("%d: parseTrailers = %q\nwant %q", i, got, want)
		}
		if got := fixtures.Git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-File,valueonly,separator=%x2C)"); got != "f.txt,dir/a b.go,new.go\n" {
			t.Errorf("%d: git log trailers Edit-File = %q", i, got)
		}
		checkAmKeepsMessage(t, dir, msg)
	}
}

// checkAmKeepsMessage exports HEAD with git format-patch, applies it with
// git am on a clone at HEAD~1, and checks the message came through whole.
func checkAmKeepsMessage(t *testing.T, dir, msg string) {
	t.Helper()
	patch := fixtures.Git(t, dir, "format-patch", "-1", "--stdout", "HEAD")
	clone := filepath.Join(filepath.Dir(dir), "clone")
	fixtures.Git(t, filepath.Dir(dir), "clone", "-q", dir, clone)
	fixtures.Git(t, clone, "reset", "-q", "--hard", "HEAD~1")
	patchFile := filepath.Join(t.TempDir(), "p.patch")
	if err := os.WriteFile(patchFile, []byte(patch), 0o644); err != nil {
		t.Fatal(err)
	}
	fixtures.Git(t, clone, "am", "-q", patchFile)
	if got := fixtures.Git(t, clone, "log", "-1", "--format=%B"); got != msg+"\n" {
		t.Errorf("after git am: %q\nwant %q", got, msg)
	}
	if got, want := fixtures.Git(t, clone, "rev-parse", "HEAD^{tree}"), fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}"); got != want {
		t.Errorf("git am tree %s, want %s", got, want)
	}
}

// gitParseTrailers returns what git interpret-trailers --parse reads from
// message.
func gitParseTrailers(t *testing.T, dir, message string) []commitmsg.Trailer {
	t.Helper()
	var ts []commitmsg.Trailer
	for _, line := range strings.Split(fixtures.GitInput(t, dir, message, "interpret-trailers", "--parse"), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			ts = append(ts, commitmsg.Trailer{Key: k, Value: strings.TrimSpace(v)})
		}
	}
	return ts
}
