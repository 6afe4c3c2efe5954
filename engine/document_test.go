package engine

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

func TestDecodeDropsBOMAndCRLFAndRecordsWhereTheyWere(t *testing.T) {
	tests := []struct {
		content string
		bom     bool
		text    string
		crlfs   []int
	}{
		{"", false, "", nil},
		{"a\nb\n", false, "a\nb\n", nil},
		{"a\r\nb\r\n", false, "a\nb\n", []int{1, 3}},
		{"\uFEFFa\r\nb\nc", true, "a\nb\nc", []int{1}},
		{"a\rb\r\r\n", false, "a\rb\r\n", []int{4}},
		{"\uFEFF", true, "", nil},
	}
	for _, tt := range tests {
		d := decode(tt.content)
		if d.bom != tt.bom || d.text != tt.text || !reflect.DeepEqual(d.crlfs, tt.crlfs) {
			t.Errorf("decode(%q) = bom %v text %q crlfs %v, want %v %q %v",
				tt.content, d.bom, d.text, d.crlfs, tt.bom, tt.text, tt.crlfs)
		}
	}
}

// TestRawOffsetKeepsTheTextBeforeItAndNeverSplitsCRLF checks every text offset maps to the raw offset with the
// same text before it, and that a CRLF is never split.
func TestRawOffsetKeepsTheTextBeforeItAndNeverSplitsCRLF(t *testing.T) {
	for _, content := range []string{"a\r\nb\nc\r\n\r\nd", "x\r\n", "\r\n\n\r\n", "plain"} {
		d := decode(content)
		for p := 0; p <= len(d.text); p++ {
			r := d.rawOffset(p)
			if toLF(d.raw[:r]) != d.text[:p] {
				t.Fatalf("%q: rawOffset(%d) = %d maps %q to %q", content, p, r, d.text[:p], d.raw[:r])
			}
			if r > 0 && r < len(d.raw) && d.raw[r-1] == '\r' && d.raw[r] == '\n' {
				t.Fatalf("%q: rawOffset(%d) = %d splits a CRLF", content, p, r)
			}
		}
	}
}

func TestEOLAtIsTheEndingOfTheLineAtTheOffset(t *testing.T) {
	tests := []struct {
		content  string
		at       int // offset in the LF text
		fallback string
		want     string
	}{
		{"a\nb\n", 0, eolCRLF, eolLF},
		{"a\r\nb\r\n", 0, eolLF, eolCRLF},
		{"abc", 1, eolCRLF, eolCRLF},
		{"a\r\nb\nc", 0, eolLF, eolCRLF}, // line 1 ends CRLF
		{"a\r\nb\nc", 2, eolCRLF, eolLF}, // line 2 ends LF
		{"a\r\nb\nc", 4, eolCRLF, eolLF}, // last line: the break before it
		{"a\nb\r\nc", 4, eolLF, eolCRLF},
	}
	for _, tt := range tests {
		if got := decode(tt.content).eolAt(tt.at, tt.fallback); got != tt.want {
			t.Errorf("eolAt(%q, %d) = %q, want %q", tt.content, tt.at, got, tt.want)
		}
	}
}

func TestKeepFinalNewlineFollowsTheOriginalFile(t *testing.T) {
	tests := []struct{ original, ending, want string }{
		{"a\n", "b", "b\n"},
		{"a\r\n", "b", "b\n"}, // LF text: encoding adds the CR
		{"a", "b\n", "b"},
		{"a\n", "b\n", "b\n"},
		{"a", "b", "b"},
		{"a\n", "", ""},
		{"\uFEFFa\n", "b", "b\n"},
	}
	for _, tt := range tests {
		if got := decode(tt.original).keepFinalNewline(tt.ending); got != tt.want {
			t.Errorf("keepFinalNewline(%q over %q) = %q, want %q", tt.ending, tt.original, got, tt.want)
		}
	}
}

func TestWholeContentTakesTheFilesLineEndingsAndBOM(t *testing.T) {
	tests := []struct{ original, content, want string }{
		{"", "a\r\nb", "a\r\nb"},
		{"\uFEFF", "a\n", "\uFEFFa\n"},
		{"\uFEFF", "\uFEFFa\n", "\uFEFFa\n"},
		{"x\r\ny\r\n", "a\nb", "a\r\nb\r\n"},
		{"x\r\ny\nz\r\n", "a\nb\n", "a\r\nb\r\n"}, // majority CRLF
		{"x\r\ny\nz\n", "a\r\nb\r\n", "a\nb\n"},   // majority LF
		{"x", "a\r\nb\r\n", "a\r\nb"},             // no break: new's own, final state kept
		{"x\n", "\uFEFFa\n", "a\n"},               // BOM follows the file
	}
	for _, tt := range tests {
		if got := decode(tt.original).whole(tt.content); got != tt.want {
			t.Errorf("whole(%q over %q) = %q, want %q", tt.content, tt.original, got, tt.want)
		}
	}
}

// randomDoc builds a random file: words on lines with LF, CRLF or mixed
// endings, maybe a BOM, maybe no final newline.
func randomDoc(r *rand.Rand) (content string, style int) {
	var b strings.Builder
	if r.Intn(3) == 0 {
		b.WriteString(utf8BOM)
	}
	style = r.Intn(3) // 0 LF, 1 CRLF, 2 mixed
	n := 1 + r.Intn(8)
	for i := 0; i < n; i++ {
		b.WriteString([]string{"foo", "bar", "baz", "  qux", ""}[r.Intn(5)])
		if i == n-1 && r.Intn(3) == 0 {
			break
		}
		if style == 1 || (style == 2 && r.Intn(2) == 0) {
			b.WriteString("\r\n")
		} else {
			b.WriteString("\n")
		}
	}
	return b.String(), style
}

// TestApplyEditKeepsBOMFinalNewlineAndUniformEndings replaces a random region of random files and
// checks the rules: the BOM is kept, the final-newline state too (except
// after a deletion at the end, taken literally), and a uniform file stays
// uniform.
func TestApplyEditKeepsBOMFinalNewlineAndUniformEndings(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for i := 0; i < 3000; i++ {
		content, style := randomDoc(r)
		d := decode(content)
		s := r.Intn(len(d.text) + 1)
		e := s + r.Intn(len(d.text)-s+1)
		old := d.text[s:e]
		repl := []string{"", "N", "N\nM", "N\r\nM\n"}[r.Intn(4)]
		got, _, err := ApplyEdit(content, Edit{OldString: old, NewString: repl, ReplaceAll: true})
		if old == "" || toLF(old) == toLF(repl) {
			continue
		}
		if err != nil {
			t.Fatalf("round %d: %v", i, err)
		}
		deletedEnd := repl == "" && strings.HasSuffix(d.text, old)
		checkStyle(t, content, got, style, !deletedEnd)
		checkUntouched(t, content, got, d, old, toLF(repl))
	}
}

// checkUntouched asserts the raw bytes before the first and after the last
// match are unchanged and, when no match ends the file, that the LF view
// of got is the plain replacement.
func checkUntouched(t *testing.T, content, got string, d *document, old, repl string) {
	t.Helper()
	cands := exactStrategy{}.Find(d.text, old)
	first, last := cands[0], cands[len(cands)-1]
	head := len(content) - len(d.raw) + d.rawOffset(first.Start)
	tail := content[len(content)-len(d.raw)+d.rawOffset(last.End):]
	if !strings.HasPrefix(got, content[:head]) || !strings.HasSuffix(got, tail) {
		t.Fatalf("bytes outside the matches changed: %q -> %q", content, got)
	}
	if last.End < len(d.text) {
		want := strings.ReplaceAll(d.text, old, repl)
		if lfView := toLF(strings.TrimPrefix(got, utf8BOM)); lfView != want {
			t.Fatalf("LF view %q, want %q (from %q)", lfView, want, content)
		}
	}
}

// checkStyle asserts got keeps content's BOM, its final-newline state
// (when final is set) and, for a uniform file, its line ending.
func checkStyle(t *testing.T, content, got string, style int, final bool) {
	t.Helper()
	if strings.HasPrefix(content, utf8BOM) != strings.HasPrefix(got, utf8BOM) {
		t.Fatalf("BOM state changed: %q -> %q", content, got)
	}
	body := strings.TrimPrefix(got, utf8BOM)
	orig := strings.TrimPrefix(content, utf8BOM)
	if final && body != "" && strings.HasSuffix(orig, "\n") != strings.HasSuffix(body, "\n") {
		t.Fatalf("final newline state changed: %q -> %q", content, got)
	}
	lfs, crlfs := strings.Count(body, "\n"), strings.Count(body, "\r\n")
	if !strings.Contains(orig, "\n") {
		return // no line break: the file has no style of its own
	}
	if (style == 0 && crlfs > 0) || (style == 1 && crlfs != lfs) {
		t.Fatalf("uniform style %d broken: %q -> %q", style, content, got)
	}
}
