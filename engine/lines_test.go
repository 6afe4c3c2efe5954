package engine

import "testing"

func TestLineFileSpliceKeepsTheEndingsOfUntouchedLines(t *testing.T) {
	keep := LineChange{Op: ' '}
	drop := LineChange{Op: '-'}
	add := func(s string) LineChange { return LineChange{Op: '+', Text: s} }
	tests := []struct {
		name, in string
		start    int
		change   []LineChange
		want     string
	}{
		{"mixed: untouched lines keep their endings", "a\r\nb\nc\r\nd\n", 1, []LineChange{keep, drop, add("C"), keep}, "a\r\nb\nC\r\nd\n"},
		{"mixed: insertion takes the next line's ending", "a\nb\r\n", 1, []LineChange{add("x"), keep}, "a\nx\r\nb\r\n"},
		{"uniform CRLF", "a\r\nb\r\n", 2, []LineChange{add("c")}, "a\r\nb\r\nc\r\n"},
		{"lone CR is content", "p\rq\nr\n", 1, []LineChange{drop, add("s")}, "p\rq\ns\n"},
		{"BOM kept", "\uFEFFa\nb\n", 0, []LineChange{drop, add("A")}, "\uFEFFA\nb\n"},
		{"append keeps missing final newline", "a\nb", 2, []LineChange{add("c")}, "a\nb\nc"},
		{"drop last keeps missing final newline", "a\nb\nc", 2, []LineChange{drop}, "a\nb"},
		{"empty file gets lines with newlines", "", 0, []LineChange{add("x"), add("y")}, "x\ny\n"},
		{"CR copied into an LF file's added line dropped", "a\nb\n", 1, []LineChange{drop, add("B\r")}, "a\nB\n"},
		{"CR copied into a CRLF file's added line is the ending", "a\r\nb\r\n", 1, []LineChange{drop, add("B\r")}, "a\r\nB\r\n"},
		{"CR kept at the end of a file without final newline", "a\rb\r", 0, []LineChange{drop, add("a\rB\r")}, "a\rB\r"},
		{"context only changes nothing", "a\r\nb\nc", 0, []LineChange{keep, keep, keep}, "a\r\nb\nc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := SplitLineFile(tt.in)
			f.Splice(tt.start, tt.change)
			if got := f.String(); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSplitLineFileBreaksLinesAtLFOnly(t *testing.T) {
	f := SplitLineFile("\uFEFFa\r\nb\rc\nd")
	got := f.Lines()
	want := []string{"a", "b\rc", "d"}
	if len(got) != len(want) {
		t.Fatalf("lines %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("lines %q, want %q", got, want)
		}
	}
}
