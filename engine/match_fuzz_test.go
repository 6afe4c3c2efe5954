package engine

import (
	"strings"
	"testing"
)

// FuzzApplyEdit runs every match mode over arbitrary content and strings.
// No mode may panic; a failed edit returns the content unchanged; and in
// Exact mode, over LF text without a BOM, the result is what strings.Replace
// (or ReplaceAll) gives, except at the end of the file, where the
// replacement takes the file's final-newline state.
func FuzzApplyEdit(f *testing.F) {
	f.Add("a\nb\nc\n", "b", "B", uint8(0), false)
	f.Add("x := 1\r\ny := 2\r\n", "x := 1\ny := 2", "z", uint8(1), false)
	f.Add("\uFEFFfoo foo\n", "foo", "bar", uint8(1), true)
	f.Add("\tif a {\n\t\tb()\n\t}\n", "if a {\n    b()\n}", "if c {\n    d()\n}", uint8(4), false)
	f.Add("say \u201chi\u201d \u2014 ok\n", `say "hi" - ok`, "x", uint8(6), false)
	f.Add("s := \"a\\nb\"\n", "s := \"a\nb\"", "s := 1", uint8(5), false)
	f.Add("func a() {\n\tx := 1\n\ty := 2\n\treturn\n}\n", "func a() {\n\tx := 9\n\ty := 2\n\treturn\n}", "f", uint8(8), false)
	f.Add("\n\n  a  b\n\n", "\n a b \n", "c", uint8(3), true)
	f.Add("", "", "new\n", uint8(0), false)
	f.Add("aaa", "aa", "b", uint8(1), true)
	f.Fuzz(func(t *testing.T, content, old, repl string, mode uint8, all bool) {
		e := Edit{OldString: old, NewString: repl, ReplaceAll: all, MatchMode: MatchModes[int(mode)%len(MatchModes)]}
		out, applied, err := ApplyEdit(content, e)
		if err != nil {
			if out != content {
				t.Fatalf("failed edit changed the content: %v", err)
			}
			return
		}
		if applied.Replacements < 0 || (applied.Changed != (out != content)) {
			t.Fatalf("inconsistent result: %+v for %q -> %q", applied, content, out)
		}
		if e.MatchMode == Exact {
			checkExact(t, content, e, out)
		}
	})
}

// checkExact compares an Exact edit's result with strings.Replace.
func checkExact(t *testing.T, content string, e Edit, out string) {
	t.Helper()
	plain := func(s string) bool { return !strings.Contains(s, "\r") && !strings.HasPrefix(s, utf8BOM) }
	if e.OldString == "" || e.OldString == e.NewString || !plain(content) || !plain(e.OldString) || !plain(e.NewString) {
		return
	}
	n := 1
	if e.ReplaceAll {
		n = -1
	}
	if strings.HasSuffix(content, e.OldString) {
		return // the end of the file keeps its final-newline state
	}
	if want := strings.Replace(content, e.OldString, e.NewString, n); out != want {
		t.Fatalf("exact edit of %q (%q -> %q): got %q, want %q", content, e.OldString, e.NewString, out, want)
	}
}

// FuzzApplyEdits checks multiedit sequencing: atomic mode either applies
// every edit or returns the content unchanged, and partial mode reports
// every edit as applied or failed exactly once.
func FuzzApplyEdits(f *testing.F) {
	f.Add("a b c\n", "a", "x", "c", "y", false)
	f.Add("a b c\n", "a", "x", "q", "y", true)
	f.Add("", "", "n\n", "n", "m", false)
	f.Fuzz(func(t *testing.T, content, o1, n1, o2, n2 string, partial bool) {
		edits := []Edit{{OldString: o1, NewString: n1}, {OldString: o2, NewString: n2, MatchMode: Exact}}
		out, err := ApplyEdits(content, edits, partial)
		if err != nil {
			if partial {
				t.Fatalf("partial mode failed as a whole: %v", err)
			}
			return
		}
		if got := len(out.Applied) + len(out.Failed); got != len(edits) {
			t.Fatalf("%d edits accounted for, want %d", got, len(edits))
		}
		if !partial && len(out.Failed) > 0 {
			t.Fatalf("atomic mode reported failures: %+v", out.Failed)
		}
	})
}
