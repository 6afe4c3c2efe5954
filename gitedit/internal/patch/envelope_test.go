package patch

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// TestEnvelopesGiveTheirGoldenOutput applies each testdata/patch/env-*.patch (an update of
// file "f") to the matching .in file and compares with .out, or checks
// the error code in .err.
func TestEnvelopesGiveTheirGoldenOutput(t *testing.T) {
	patches, err := filepath.Glob("testdata/patch/env-*.patch")
	if err != nil || len(patches) == 0 {
		t.Fatalf("no golden envelopes: %v", err)
	}
	for _, p := range patches {
		name := strings.TrimSuffix(p, ".patch")
		t.Run(filepath.Base(name), func(t *testing.T) {
			got, err := applyGoldenEnvelope(t, name)
			if want, ok := readOptional(t, name+".err"); ok {
				if spec.CodeOf(err) != spec.Code(strings.TrimSpace(want)) {
					t.Fatalf("error = %v, want code %s", err, want)
				}
				return
			}
			if err != nil {
				t.Fatalf("apply: %v", err)
			}
			want, _ := readOptional(t, name+".out")
			if got != want {
				t.Fatalf("result\n%q\nwant\n%q", got, want)
			}
		})
	}
}

// applyGoldenEnvelope parses name.patch and applies its single update to
// name.in.
func applyGoldenEnvelope(t *testing.T, name string) (string, error) {
	t.Helper()
	patch, _ := readOptional(t, name+".patch")
	in, _ := readOptional(t, name+".in")
	ops, err := parseEnvelope(patch)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if len(ops) != 1 || ops[0].Kind != envUpdate {
		t.Fatalf("want one update, got %+v", ops)
	}
	got, _, err := applyChunks(ops[0].Path, in, ops[0].Chunks)
	return got, err
}

// readOptional reads a file, reporting whether it exists.
func readOptional(t *testing.T, path string) (string, bool) {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b), true
}

func TestMalformedEnvelopesAreInvalidInputNamingTheLine(t *testing.T) {
	tests := []struct {
		name, patch, want string
	}{
		{"empty", "  \n", "the patch is empty"},
		{"missing begin", "*** Update File: a\n@@\n-a\n+b\n*** End Patch", "first line of the patch must be '*** Begin Patch'"},
		{"missing end", "*** Begin Patch\n*** Update File: a\n@@\n-a\n+b\n", "last line of the patch must be '*** End Patch'"},
		{"only markers", "*** Begin Patch\n*** End Patch", "holds no file operation"},
		{"unknown header", "*** Begin Patch\n*** Frobnicate File: a\n*** End Patch", "line 2: \"*** Frobnicate File: a\" is not a valid hunk header"},
		{"stray text", "*** Begin Patch\nhello\n*** End Patch", "is not a valid hunk header"},
		{"empty update", "*** Begin Patch\n*** Update File: a.go\n*** End Patch", "line 2: the update of a.go is empty"},
		{"no path", "*** Begin Patch\n*** Delete File:\n*** End Patch", "names no path"},
		{"bad add line", "*** Begin Patch\n*** Add File: n\n+ok\nbad\n*** End Patch", "line 4: every line of '*** Add File: n' must start with '+'"},
		{"bad chunk line", "*** Begin Patch\n*** Update File: a\n@@\n a\n?b\n*** End Patch", "line 5: unexpected line in an update chunk"},
		{"anchor without body", "*** Begin Patch\n*** Update File: a\n@@ x\n*** End Patch", "line 3: the chunk has no lines"},
		{"move without path", "*** Begin Patch\n*** Update File: a\n*** Move to:\n*** End Patch", "'*** Move to:' names no path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseEnvelope(tt.patch)
			if spec.CodeOf(err) != spec.CodeInvalidInput || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want invalid_input containing %q", err, tt.want)
			}
		})
	}
}

func TestParseEnvelopeReadsAddsUpdatesMovesAndDeletes(t *testing.T) {
	patch := strings.Join([]string{
		"*** Begin Patch",
		"*** Add File: dir/new.txt",
		"+hello",
		"+",
		"*** Update File: old.go",
		"*** Move to: new.go",
		"@@ func a() {",
		"@@   if x {",
		"-  y()",
		"+  z()",
		"",
		"@@",
		" tail",
		"+more",
		"*** End of File",
		"*** Delete File: gone.txt",
		"*** End Patch",
	}, "\n")
	ops, err := parseEnvelope(patch)
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 3 {
		t.Fatalf("ops = %+v", ops)
	}
	add, upd, del := ops[0], ops[1], ops[2]
	if add.Kind != envAdd || add.Path != "dir/new.txt" || addedContent(add.Add) != "hello\n\n" {
		t.Errorf("add = %+v", add)
	}
	if upd.Kind != envUpdate || upd.Path != "old.go" || upd.MoveTo != "new.go" || len(upd.Chunks) != 2 {
		t.Fatalf("update = %+v", upd)
	}
	c0, c1 := upd.Chunks[0], upd.Chunks[1]
	if strings.Join(c0.Anchors, "|") != "func a() {|if x {" || len(c0.Lines) != 3 || c0.EOF {
		t.Errorf("chunk 0 = %+v", c0)
	}
	if !c1.EOF || len(c1.Lines) != 2 || c1.Line != 12 {
		t.Errorf("chunk 1 = %+v", c1)
	}
	if del.Kind != envDelete || del.Path != "gone.txt" || del.Line != 16 {
		t.Errorf("delete = %+v", del)
	}
}

func TestApplyChunksNotFoundNamesClosestLines(t *testing.T) {
	in := "package a\n\nfunc f() {\n\treturn 1\n}\n"
	chunks := []envChunk{{Lines: []engine.LineChange{{Op: ' ', Text: "func f() {"}, {Op: '-', Text: "\treturn 2"}, {Op: '+', Text: "\treturn 3"}}}}
	_, _, err := applyChunks("a.go", in, chunks)
	e := spec.AsError(err)
	if e.Code != spec.CodeNotFound || e.FilePath != "a.go" || spec.JoinInts(e.Lines) != "3, 4" || !strings.Contains(e.Message, "3\tfunc f() {") {
		t.Fatalf("error = %#v", e)
	}
}

func TestApplyChunksReportsTheMatchModeEachChunkNeeded(t *testing.T) {
	tests := []struct{ in, old, want string }{
		{"x\n", "x", "exact"},
		{"x  \n", "x", "line_trimmed"},
		{"  x\n", "x", "line_trimmed"},
		{"\u201cx\u201d\n", `"x"`, "unicode_normalized"},
	}
	for _, tt := range tests {
		chunks := []envChunk{{Lines: []engine.LineChange{{Op: '-', Text: tt.old}, {Op: '+', Text: "y"}}}}
		got, modes, err := applyChunks("f", tt.in, chunks)
		if err != nil || got != "y\n" || strings.Join(modes, ",") != tt.want {
			t.Errorf("%q: got %q %v %v, want mode %s", tt.in, got, modes, err, tt.want)
		}
	}
}

// BenchmarkEnvelopeApply applies a 2-chunk update (one anchored) to a
// 5000-line file: every chunk scans the file for uniqueness.
func BenchmarkEnvelopeApply(b *testing.B) {
	var in strings.Builder
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&in, "line %d\n", i)
	}
	patch := "*** Begin Patch\n*** Update File: f\n@@\n line 10\n-line 11\n+changed\n line 12\n" +
		"@@ line 4000\n-line 4001\n+begin\n*** End Patch\n"
	ops, err := parseEnvelope(patch)
	if err != nil {
		b.Fatal(err)
	}
	content := in.String()
	for b.Loop() {
		if _, _, err := applyChunks("f", content, ops[0].Chunks); err != nil {
			b.Fatal(err)
		}
	}
}
